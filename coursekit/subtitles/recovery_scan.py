"""The recovery scan: every cue a viewer can see, from any text, with what was wrong.

The scan finds each timing line first and works outwards from it, so a missing
blank line, a missing index or a blank line inside a cue cannot make it merge or
drop cues, as a reader that splits on blank lines does.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from coursekit.diagnostics import Diagnostic
from coursekit.subtitles import rules
from coursekit.subtitles.canonical import canonical_start
from coursekit.subtitles.fingerprint import fingerprint
from coursekit.subtitles.model import Cue, SubtitleFormat
from coursekit.subtitles.timestamps import (
    SBV_TIMING,
    Timing,
    is_positioning,
    parse_canonical_timing,
    parse_sbv_timing,
    parse_srt_timing,
    why_unreadable,
)


class Kind(enum.Enum):
    BLANK = enum.auto()
    INDEX = enum.auto()
    SRT_TIMING = enum.auto()
    SBV_TIMING = enum.auto()
    BAD_TIMING = enum.auto()
    TEXT = enum.auto()


_TOKEN = re.compile(r"^\s*\S{1,12}\s*$")
_FRACTION_SEPARATOR = re.compile(r"[,.:;]")
_MAX_INDEX_DIGITS = 9
"""Longer digit runs are never a cue's index, and are not converted to numbers at all."""


@dataclass(slots=True)
class ScanResult:
    cues: list[Cue] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    format: SubtitleFormat = "srt"


def _quote(text: str, limit: int = 60) -> str:
    text = text.strip()
    return f"`{text if len(text) <= limit else text[:limit - 1] + '…'}`"


class _Scanner:
    """Reads the cues of one file's lines.

    Only timing lines are looked for in every line (with a substring test, then a
    parse); the kind of any other line is worked out where a cue's bounds need it.
    """

    def __init__(
        self, lines: list[str], path: str, language: str, sbv_expected: bool,
        read: Sequence[Cue] = (), start: int = 0,
    ) -> None:
        """``read`` are the first cues of the file, already read (and numbered 1, 2, …
        from line 0 on, as a canonical file is): the scan goes on from line ``start``,
        the line after their last."""
        self.lines = lines
        self.read = read
        self.path = path
        self.language = language
        self.parsed: dict[int, Timing] = {}
        """The timing of each SRT timing line that is not canonical."""
        self.canonical: dict[int, tuple[int, int]] = {}
        """Start and end of each canonical SRT timing line (nearly all of them)."""
        self.timing_kinds: dict[int, Kind] = {}
        self.timings = self._find_timings(lines, start)
        self.first_timing = 1 if read else self.timings[0] if self.timings else None
        self.result = ScanResult()
        kinds = self.timing_kinds
        sbv = sum(kinds[i] is Kind.SBV_TIMING for i in self.timings)
        srt = len(read) + sum(kinds[i] is Kind.SRT_TIMING for i in self.timings)
        self.sbv_file = sbv > 0 and sbv >= srt
        self.result.format = "sbv" if self.sbv_file else "srt"
        self.sbv_expected = sbv_expected
        self.headers = self._headers(self.timings)

    def _find_timings(self, lines: list[str], start: int) -> list[int]:
        """The timing lines from line ``start`` on, in order; their kinds go to
        ``timing_kinds`` and the times of SRT timing lines to ``canonical`` or ``parsed``."""
        kinds, canonical, parsed = self.timing_kinds, self.canonical, self.parsed
        rest = lines[start:] if start else lines
        arrows = [i for i, line in enumerate(rest, start) if "-->" in line]
        for i in arrows:
            line = lines[i]
            times = parse_canonical_timing(line)
            if times is not None:
                canonical[i] = times
                kinds[i] = Kind.SRT_TIMING
                continue
            timing = parse_srt_timing(line)
            if timing is None:
                kinds[i] = Kind.BAD_TIMING
            else:
                parsed[i] = timing
                kinds[i] = Kind.SRT_TIMING
        # An SBV timing line holds a colon and starts, once stripped, with a digit.
        sbv = SBV_TIMING.match
        sbvs = [i for i, line in enumerate(rest, start)
                if ":" in line and "-->" not in line and sbv(line)]
        for i in sbvs:
            kinds[i] = Kind.SBV_TIMING
        return sorted(arrows + sbvs) if sbvs else arrows

    def kind(self, i: int) -> Kind:
        """The kind of line ``i``."""
        found = self.timing_kinds.get(i)
        if found is not None:
            return found
        stripped = self.lines[i].strip()
        if not stripped:
            return Kind.BLANK
        return Kind.INDEX if stripped.isascii() and stripped.isdigit() else Kind.TEXT

    def add(self, diag: Diagnostic) -> None:
        self.result.diagnostics.append(diag)

    def _headers(self, timings: list[int]) -> list[int]:
        """The first line of each cue: its index line, else its timing line."""
        heads: list[int] = []
        lines = self.lines
        previous = -1
        for t in timings:
            head = t
            if t - 1 > previous:  # line t - 1 is no timing line: an index, text or blank
                above = lines[t - 1].strip()
                if above and ((above.isascii() and above.isdigit()) or (
                    (t < 2 or not lines[t - 2].strip()) and _TOKEN.match(lines[t - 1])
                )):
                    head = t - 1
            heads.append(head)
            previous = t
        return heads

    def run(self) -> ScanResult:
        lines, headers, timings = self.lines, self.headers, self.timings
        count = len(headers)
        first = 0 if self.read else headers[0] if headers else len(lines)
        self._stray(0, first)
        if self.sbv_file and not self.sbv_expected and self.first_timing is not None:
            t = self.first_timing
            self.add(rules.SBV_FORMAT.at(
                self.path, t + 1,
                f"expected a cue index, found {_quote(lines[t])} "
                "(this looks like YouTube SBV, not SRT)",
                hint="`coursekit fix subtitles` converts it to SRT",
                fingerprint=fingerprint(self.language, "sbv"),
            ))
        canonical = self.canonical
        cues = self.result.cues
        cues.extend(self.read)
        expected_number = len(cues) + 1 if cues else None
        seen = set(range(1, len(cues) + 1))
        for k in range(count):
            head, t = headers[k], timings[k]
            end = headers[k + 1] if k + 1 < count else len(lines)
            times = canonical.get(t)
            timing = None if times is not None else self._timing(t)
            last = end
            while last > t + 1 and not lines[last - 1].strip():
                last -= 1
            text = lines[t + 1:last]
            if not all(map(str.strip, text)):  # a blank line inside the cue
                kept = [line for line in text if line.strip()]
                self._blank_in_cue(t + 1, text, kept, len(cues) + 1)
                text = kept
            if times is None:
                if timing is None:
                    self._malformed(t, text)
                    continue
                times = timing.start_ms, timing.end_ms
            index = len(cues) + 1
            written = lines[head].strip() if head != t else None
            cue = Cue(index, written, times[0], times[1], tuple(text), head + 1,
                      timing.settings if timing is not None else "")
            cues.append(cue)
            if timing is not None:
                self._report_timing(cue, t, timing)
            if k + 1 < count and lines[end - 1].strip():
                self._missing_blank(cue, end)
            # Nearly every cue is numbered as expected: the check's plain case, inline.
            want = index if expected_number is None else expected_number
            if (written is not None and len(written) <= _MAX_INDEX_DIGITS
                    and written.isascii() and written.isdigit()):
                number = int(written)
                if number == want and number not in seen:
                    seen.add(number)
                    expected_number = number + 1
                    continue
            expected_number = self._number(cue, t, expected_number, seen)
        return self.result

    def _malformed(self, t: int, lines: list[str]) -> None:
        reason = why_unreadable(self.lines[t])
        self.add(rules.MALFORMED_TIMING.at(
            self.path, t + 1,
            f"cannot read the timing line {_quote(self.lines[t])}"
            f"{f' ({reason})' if reason else ''}; "
            f"the cue's text is {_quote(' / '.join(lines) or '(none)')}",
            hint="write it as `HH:MM:SS,mmm --> HH:MM:SS,mmm`",
            fingerprint=fingerprint(self.language, " ".join(lines), "timing"),
        ))

    def _timing(self, t: int) -> Timing | None:
        """The timing of line ``t`` when it is not canonical (``None``: unreadable)."""
        kind = self.timing_kinds[t]
        if kind is Kind.SRT_TIMING:
            return self.parsed[t]
        if kind is Kind.SBV_TIMING:
            return parse_sbv_timing(self.lines[t])
        return None

    def _stray(self, start: int, stop: int) -> None:
        text = [line for line in self.lines[start:stop] if line.strip()]
        if text:
            line = next(i for i in range(start, stop) if self.lines[i].strip())
            self.add(rules.STRAY_TEXT.at(
                self.path, line + 1,
                f"text outside any cue: {_quote(' / '.join(text))}",
                hint="give it an index and a timing line, or delete it",
                fingerprint=fingerprint(self.language, " ".join(text)),
            ))

    def _blank_in_cue(
        self, first: int, content: list[str], text: list[str], cue_index: int,
    ) -> None:
        blanks = [first + i for i, line in enumerate(content) if not line.strip()]
        joined = " ".join(text)
        self.add(rules.BLANK_LINE_IN_CUE.at(
            self.path, blanks[0] + 1,
            f"blank line inside cue {cue_index} ({_quote(joined)}): players drop the text "
            "after it",
            hint="delete the blank line",
            cue=cue_index,
            fingerprint=fingerprint(self.language, joined),
        ))

    def _report_timing(self, cue: Cue, t: int, timing: Timing) -> None:
        if timing.settings and not is_positioning(timing.settings):
            self.add(rules.TEXT_AFTER_TIMING.at(
                self.path, t + 1,
                f"{_quote(timing.settings)} after the end time of cue {cue.index}: players "
                "do not show it", hint="move it to the cue's text, or delete it",
                cue=cue.index, fingerprint=fingerprint(self.language, timing.settings, "after"),
            ))
        sbv = self.timing_kinds[t] is Kind.SBV_TIMING
        if not (timing.short_fractions or timing.oddities or sbv):
            return
        fp = fingerprint(self.language, cue.text)
        if sbv and not self.sbv_file:
            self.add(rules.SBV_FORMAT.at(
                self.path, t + 1, f"SBV timing {_quote(self.lines[t])} in an SRT file",
                cue=cue.index, fingerprint=fp,
            ))
        for written in timing.short_fractions:
            self.add(rules.SHORT_FRACTION.at(
                self.path, t + 1,
                f"`{written}` has a {len(_fraction(written))}-digit "
                f"fraction; read as {_fraction_ms(written)} ms (common parsers read it as "
                f"{_naive_ms(written)} ms)",
                hint="write three fraction digits, `HH:MM:SS,mmm`",
                cue=cue.index, fingerprint=fp,
            ))
        if timing.oddities:
            self.add(rules.NONSTANDARD_TIMESTAMP.at(
                self.path, t + 1, "; ".join(timing.oddities) + " (read anyway)",
                hint="write `HH:MM:SS,mmm`", cue=cue.index, fingerprint=fp,
            ))

    def _missing_blank(self, cue: Cue, next_head: int) -> None:
        self.add(rules.MISSING_BLANK_LINE.at(
            self.path, next_head + 1,
            f"no blank line between cue {cue.index} and the next: players show "
            f"{_quote(self.lines[next_head])} as text of cue {cue.index}",
            hint="insert a blank line (`coursekit fix subtitles` does it)",
            cue=cue.index + 1, fingerprint=fingerprint(self.language, cue.text),
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
                    f"{_quote(self.lines[t])}",
                    hint="renumber with `coursekit fix subtitles`", cue=cue.index, fingerprint=fp,
                ))
            return None if expected is None else expected + 1
        if not _is_number(written):
            self.add(rules.NON_NUMERIC_INDEX.at(
                self.path, cue.line, f"cue index {_quote(written)} is not a number",
                hint="renumber with `coursekit fix subtitles`", cue=cue.index, fingerprint=fp,
            ))
            return None if expected is None else expected + 1
        if number is None:
            self.add(rules.INDEX_SEQUENCE.at(
                self.path, cue.line, f"cue index {_quote(written)} ({len(written)} digits) "
                f"where {want} was expected",
                hint="renumber with `coursekit fix subtitles`", cue=cue.index, fingerprint=fp,
            ))
            return None if expected is None else expected + 1
        if number in seen:
            self.add(rules.DUPLICATE_INDEX.at(
                self.path, cue.line, f"cue index {number} is used twice",
                hint="renumber with `coursekit fix subtitles`", cue=cue.index, fingerprint=fp,
            ))
        elif number != want:
            self.add(rules.INDEX_SEQUENCE.at(
                self.path, cue.line, f"cue index {number} where {want} was expected",
                hint="renumber with `coursekit fix subtitles`", cue=cue.index, fingerprint=fp,
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


def _fraction(written: str) -> str:
    return _FRACTION_SEPARATOR.split(written)[-1]


def _fraction_ms(written: str) -> int:
    digits = _fraction(written)
    return int(int(digits) * 10 ** max(3 - len(digits), 0))


def _naive_ms(written: str) -> int:
    return int(_fraction(written))


def scan(lines: list[str], path: str, language: str, *, sbv_expected: bool = False) -> ScanResult:
    """Recover the cues of ``lines`` (one string per line, without endings)."""
    read, whole = canonical_start(lines)
    if whole and read:
        return ScanResult(cues=read)
    # The lines after the last cue read may yet belong to it (after a blank line in it).
    start = read[-1].line - 1 if read else 0
    return _Scanner(lines, path, language, sbv_expected, read[:-1], start).run()
