"""The recovery scan: every cue a viewer can see, from any text, with what was wrong.

Each line's kind is worked out first; the scan then finds each timing line and works
outwards from it, so a missing blank line, a missing index or a blank line inside a
cue cannot make it merge or drop cues, as a reader that splits on blank lines does.

One plain scan reads every file. A faster pair (a reader of canonical files in one
pass, then a scan that looked for timing lines alone and worked out other lines' kinds
only where needed) made the whole ``check`` of a real-shaped course of 250 subtitle
files 1.17x faster (``bench/speed_paths.py --only recovery-scan --repeat 5`` at
44664d8, before it went), short of the 1.3x a speed path must bring to stay.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field

from coursekit.diagnostics import Diagnostic
from coursekit.subtitles import rules, timing_lines
from coursekit.subtitles.fingerprint import fingerprint
from coursekit.subtitles.model import Cue, SubtitleFormat, cue_number
from coursekit.subtitles.stray import stray_text
from coursekit.subtitles.text import said_invisible
from coursekit.subtitles.timestamps import (
    SBV_TIMING,
    Timing,
    looks_like_timing,
    other_arrow,
    parse_sbv_timing,
    parse_srt_timing,
)
from coursekit.subtitles.timing_lines import quote, timing_findings, unreadable_timing


class Kind(enum.Enum):
    BLANK = enum.auto()
    INDEX = enum.auto()
    SRT_TIMING = enum.auto()
    SBV_TIMING = enum.auto()
    BAD_TIMING = enum.auto()
    TEXT = enum.auto()


_BLANK, _INDEX, _SRT, _SBV, _BAD, _TEXT = tuple(Kind)  # not looked up per line and cue
_TOKEN = re.compile(r"^\s*\S{1,12}\s*$")
_MAX_INDEX_DIGITS = 9
"""Longer digit runs are never a cue's index, and are not converted to numbers at all."""


@dataclass(slots=True)
class ScanResult:
    cues: list[Cue] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    format: SubtitleFormat = "srt"


class _Scanner:
    """Reads the cues of one file's lines."""

    def __init__(self, lines: list[str], path: str, language: str, sbv_expected: bool) -> None:
        self.lines, self.path, self.language = lines, path, language
        self.parsed: dict[int, Timing] = {}
        self.timings: list[int] = []
        """The timing lines (SRT, SBV or unreadable), in order."""
        self.sbv_lines = 0
        self.kinds = self._classify(lines)
        self.result = ScanResult()
        self.sbv_file = self.sbv_lines > 0 and self.sbv_lines >= len(self.parsed)
        self.result.format = "sbv" if self.sbv_file else "srt"
        self.sbv_expected = sbv_expected
        self.headers = self._headers(self.timings)

    def _classify(self, lines: list[str]) -> list[Kind]:
        """The kind of each line; the timings of SRT timing lines go to ``parsed``, the
        positions of all timing lines to ``timings``, the count of SBV ones to
        ``sbv_lines``."""
        kinds: list[Kind] = []
        append, parsed, sbv = kinds.append, self.parsed, SBV_TIMING.match
        timing_at = self.timings.append
        for i, line in enumerate(lines):
            if "-->" in line:
                timing = parse_srt_timing(line)
                if timing is not None:
                    parsed[i] = timing
                    append(_SRT)
                    timing_at(i)
                    continue
                if looks_like_timing(line):
                    append(_BAD)
                    timing_at(i)
                    continue
            stripped = line.strip()
            if not stripped:
                append(_BLANK)
            elif not stripped[0].isdigit():  # text: an index, a timing start with a digit
                append(_TEXT)
            elif stripped.isascii() and stripped.isdigit():  # `_is_number`
                append(_INDEX)
            elif sbv(line):
                append(_SBV)
                timing_at(i)
                self.sbv_lines += 1
            elif other_arrow(line) is not None:
                append(_BAD)
                timing_at(i)
            else:
                append(_TEXT)
        return kinds

    def add(self, diag: Diagnostic) -> None:
        self.result.diagnostics.append(diag)

    def _headers(self, timings: list[int]) -> list[int]:
        """The first line of each cue: its index line, else its timing line."""
        heads: list[int] = []
        kinds, lines = self.kinds, self.lines
        previous = -1
        for t in timings:
            head = t
            if t - 1 > previous:
                kind = kinds[t - 1]
                if kind is _INDEX or (  # a text line that starts a block, as a token
                    kind is _TEXT and (t - 2 < 0 or kinds[t - 2] is _BLANK)
                    and _TOKEN.match(lines[t - 1])
                ):
                    head = t - 1
            heads.append(head)
            previous = t
        return heads

    def run(self) -> ScanResult:
        first = self.headers[0] if self.headers else len(self.lines)
        self._stray(0, first)
        if self.sbv_file and not self.sbv_expected and self.timings:
            t = self.timings[0]
            self.add(timing_lines.sbv_file_finding(
                self.path, self.language, t + 1, self.lines[t],
                numbered=bool(self.headers) and self.headers[0] != t))
        expected_number: int | None = None
        seen: set[int] = set()
        lines, kinds, parsed, cues = self.lines, self.kinds, self.parsed, self.result.cues
        ends = [*self.headers[1:], len(lines)][:len(self.headers)]
        last = len(ends) - 1
        for k, (head, t, end) in enumerate(zip(self.headers, self.timings, ends, strict=True)):
            timing = parsed.get(t) or self._timing(t)
            written = lines[head].strip() if head != t else None
            text = self._body(t + 1, end, written, len(cues) + 1, k == last)
            if timing is None:  # the cue is not read, but its index still counts
                value = _index_value(written) if written is not None else None
                self.add(unreadable_timing(self.path, self.language, t + 1, lines[t], text,
                                           value))
                expected_number = (value if value is not None
                                   else expected_number or len(cues) + 1) + 1
                continue
            index = len(cues) + 1
            cue = Cue(index, written, timing.start_ms, timing.end_ms, text, head + 1,
                      timing.settings)
            cues.append(cue)
            if (timing.settings or timing.oddities or timing.short_fractions
                    or kinds[t] is _SBV):  # else nothing to report
                self._report_timing(cue, t, timing)
            if k < last and kinds[end - 1] is not _BLANK:
                self._missing_blank(cue, end)
            want = index if expected_number is None else expected_number
            if (written is not None and written.isascii() and written.isdigit()
                    and len(written) <= _MAX_INDEX_DIGITS and int(written) == want
                    and want not in seen):  # the index expected: most cues, nothing to say
                seen.add(want)
                expected_number = want + 1
            else:  # the next index one more than this one's due: this one alone is off
                expected_number = self._number(cue, t, expected_number, seen)
                if end < len(lines) and _index_value(lines[end].strip()) == want + 1:
                    expected_number = want + 1
        return self.result

    def _timing(self, t: int) -> Timing | None:
        kind = self.kinds[t]  # an SRT timing line's is in ``parsed``
        if kind is _SBV:
            return parse_sbv_timing(self.lines[t])
        return None

    def _stray(self, start: int, stop: int, after: int | None = None) -> None:
        text = [line for line in self.lines[start:stop] if line.strip()]
        if text:
            line = next(i for i in range(start, stop) if self.lines[i].strip())
            self.add(stray_text(self.path, self.language, line + 1, text, after))

    def _body(self, first: int, end: int, written: str | None, position: int, final: bool,
              ) -> tuple[str, ...]:
        """The text of the cue whose lines after its timing run from ``first`` to
        ``end``: its lines up to the last one with text, without blank ones. The
        ``final`` cue ends at its first blank line: text after it (a line left over,
        half a cue) is stray, not the cue's, as no player shows it."""
        kinds = self.kinds
        if final:
            blank = next((i for i in range(first, end) if kinds[i] is _BLANK), end)
            if any(kinds[i] is not _BLANK for i in range(blank, end)):
                self._stray(blank, end, after=cue_number(written, position))
                end = blank
        last = end
        while last > first and kinds[last - 1] is _BLANK:
            last -= 1
        content = self.lines[first:last]
        if _BLANK not in kinds[first:last]:
            return tuple(content)
        lines = [line for line in content if line.strip()]  # a blank line inside the cue
        blanks = [first + i for i, line in enumerate(content) if not line.strip()]
        text, number = " ".join(lines), cue_number(written, position)
        self.add(rules.BLANK_LINE_IN_CUE.at(
            self.path, blanks[0] + 1,
            f"blank line inside cue {number} ({quote(text)}): players drop the text "
            "after it",
            hint="delete the blank line",
            cue=number,
            fingerprint=fingerprint(self.language, text),
        ))
        return tuple(lines)

    def _report_timing(self, cue: Cue, t: int, timing: Timing) -> None:
        sbv_line = self.kinds[t] is _SBV
        self.result.diagnostics.extend(timing_findings(
            self.path, self.language, t + 1, cue, timing,
            sbv_in_srt=sbv_line and not self.sbv_file, raw=self.lines[t],
        ))

    def _missing_blank(self, cue: Cue, next_head: int) -> None:
        self.add(rules.MISSING_BLANK_LINE.at(
            self.path, next_head + 1,
            f"no blank line between cue {cue.number} and the next: players show "
            f"{quote(self.lines[next_head])} as text of cue {cue.number}",
            hint="insert a blank line (`coursekit fix subtitles` does it)",
            cue=cue_number(self.lines[next_head].strip(), cue.index + 1),
            fingerprint=fingerprint(self.language, cue.text),
        ))

    def _number(self, cue: Cue, t: int, expected: int | None, seen: set[int]) -> int | None:
        """Check the cue's index; return the number expected for the next cue."""
        written = cue.number_as_written
        want = expected if expected is not None else cue.index
        number = _index_value(written) if written is not None else None
        if number is not None and number == want and number not in seen:
            seen.add(number)
            return number + 1
        fp = fingerprint(self.language, cue.text)
        if written is None:
            if not self.sbv_file:
                self.add(rules.MISSING_INDEX.at(
                    self.path, t + 1,
                    f"expected the index of cue {cue.index}, found the timing "
                    f"{quote(self.lines[t])}",
                    hint="renumber with `coursekit fix subtitles`", cue=cue.number, fingerprint=fp,
                ))
            return None if expected is None else expected + 1
        if not _is_number(written):
            self.add(rules.NON_NUMERIC_INDEX.at(
                self.path, cue.line, f"cue index {quote(written)} is not a number"
                f"{said_invisible(written)}",
                hint="renumber with `coursekit fix subtitles`", cue=cue.number, fingerprint=fp,
            ))
            return None if expected is None else expected + 1
        if number is None:
            self.add(rules.INDEX_SEQUENCE.at(
                self.path, cue.line, f"cue index {quote(written)} ({len(written)} digits) "
                f"where {want} was expected",
                hint="renumber with `coursekit fix subtitles`", cue=cue.number, fingerprint=fp,
            ))
            return None if expected is None else expected + 1
        if number in seen:
            self.add(rules.DUPLICATE_INDEX.at(
                self.path, cue.line, f"cue index {number} is used twice",
                hint="renumber with `coursekit fix subtitles`", cue=cue.number, fingerprint=fp,
            ))
        elif number != want:
            self.add(rules.INDEX_SEQUENCE.at(
                self.path, cue.line, f"cue index {number} where {want} was expected",
                hint="renumber with `coursekit fix subtitles`", cue=cue.number, fingerprint=fp,
            ))
        seen.add(number)
        return number + 1


def _is_number(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _index_value(text: str) -> int | None:
    """The number an index line holds, if it is one of sensible size."""
    if not _is_number(text):
        return None
    digits = text.lstrip("0")
    return int(digits or "0") if len(digits) <= _MAX_INDEX_DIGITS else None


def scan(lines: list[str], path: str, language: str, *, sbv_expected: bool = False) -> ScanResult:
    """Recover the cues of ``lines`` (one string per line, without endings)."""
    return _Scanner(lines, path, language, sbv_expected).run()
