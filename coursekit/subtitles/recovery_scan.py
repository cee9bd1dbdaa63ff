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
from coursekit.subtitles.canonical import canonical_start
from coursekit.subtitles.model import Cue, SubtitleFormat
from coursekit.subtitles.scan_findings import MAX_INDEX_DIGITS, ScanFindings
from coursekit.subtitles.timestamps import (
    SBV_TIMING,
    Timing,
    parse_canonical_timing,
    parse_sbv_timing,
    parse_srt_timing,
)


class Kind(enum.Enum):
    BLANK = enum.auto()
    INDEX = enum.auto()
    SRT_TIMING = enum.auto()
    SBV_TIMING = enum.auto()
    BAD_TIMING = enum.auto()
    TEXT = enum.auto()


_TOKEN = re.compile(r"^\s*\S{1,12}\s*$")


@dataclass(slots=True)
class ScanResult:
    cues: list[Cue] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    format: SubtitleFormat = "srt"


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
        self.findings = ScanFindings(lines, path, language, self.sbv_file,
                                     self.result.diagnostics)

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
        findings = self.findings
        count = len(headers)
        first = 0 if self.read else headers[0] if headers else len(lines)
        findings.stray(0, first)
        if self.sbv_file and not self.sbv_expected and self.first_timing is not None:
            findings.sbv_format(self.first_timing)
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
            text = self._text(t, end, len(cues) + 1)
            if times is None:
                if timing is None:
                    findings.malformed(t, text)
                    continue
                times = timing.start_ms, timing.end_ms
            index = len(cues) + 1
            written = lines[head].strip() if head != t else None
            cue = Cue(index, written, times[0], times[1], tuple(text), head + 1,
                      timing.settings if timing is not None else "")
            cues.append(cue)
            if timing is not None:
                findings.timing(cue, t, timing, self.timing_kinds[t] is Kind.SBV_TIMING)
            if k + 1 < count and lines[end - 1].strip():
                findings.missing_blank(cue, end)
            # Nearly every cue is numbered as expected: the check's plain case, inline.
            want = index if expected_number is None else expected_number
            if (written is not None and len(written) <= MAX_INDEX_DIGITS
                    and written.isascii() and written.isdigit()):
                number = int(written)
                if number == want and number not in seen:
                    seen.add(number)
                    expected_number = number + 1
                    continue
            expected_number = findings.number(cue, t, expected_number, seen)
        return self.result

    def _text(self, t: int, end: int, cue_index: int) -> list[str]:
        """The text lines of the cue whose timing line is ``t``, up to line ``end``:
        blank lines at its end left out, and those inside it reported and dropped."""
        lines = self.lines
        last = end
        while last > t + 1 and not lines[last - 1].strip():
            last -= 1
        text = lines[t + 1:last]
        if not all(map(str.strip, text)):  # a blank line inside the cue
            kept = [line for line in text if line.strip()]
            self.findings.blank_in_cue(t + 1, text, kept, cue_index)
            text = kept
        return text

    def _timing(self, t: int) -> Timing | None:
        """The timing of line ``t`` when it is not canonical (``None``: unreadable)."""
        kind = self.timing_kinds[t]
        if kind is Kind.SRT_TIMING:
            return self.parsed[t]
        if kind is Kind.SBV_TIMING:
            return parse_sbv_timing(self.lines[t])
        return None


def scan(lines: list[str], path: str, language: str, *, sbv_expected: bool = False) -> ScanResult:
    """Recover the cues of ``lines`` (one string per line, without endings)."""
    read, whole = canonical_start(lines)
    if whole and read:
        return ScanResult(cues=read)
    # The lines after the last cue read may yet belong to it (after a blank line in it).
    start = read[-1].line - 1 if read else 0
    return _Scanner(lines, path, language, sbv_expected, read[:-1], start).run()
