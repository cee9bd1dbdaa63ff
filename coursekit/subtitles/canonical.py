"""Reading a file laid out exactly as SRT writers lay it out, in one pass.

Nearly every file of a course is canonical: cues numbered from 1, each an index
line, a readable timing line, its text and one blank line. Such a file has nothing
for the recovery scan to repair or report, so it is read here line by line; at the
first departure this reader stops, and the recovery scan reads the rest of the file
from the last cue read (which the lines after it may yet change). Both readers give
the same cues for every file this one accepts (a property test holds them to it).
"""

from __future__ import annotations

from coursekit.subtitles.model import Cue
from coursekit.subtitles.timestamps import (
    SBV_TIMING,
    parse_canonical_timing,
    parse_srt_timing,
)


def read_canonical(lines: list[str]) -> list[Cue] | None:
    """The cues of ``lines``, or ``None`` unless the file is canonical SRT."""
    cues, whole = canonical_start(lines)
    return cues if whole and cues else None


def canonical_start(lines: list[str]) -> tuple[list[Cue], bool]:
    """The cues of the canonical start of ``lines``, and whether that start is the
    whole file."""
    cues: list[Cue] = []
    count = len(lines)
    i = 0
    while i < count:
        number = len(cues) + 1
        written = lines[i].strip()
        # Compared as text: a line of thousands of digits is never converted.
        if written != str(number) and not (
            written.isascii() and written.isdigit() and written.lstrip("0") == str(number)
        ):
            return cues, False
        if i + 1 == count:
            return cues, False
        times = parse_canonical_timing(lines[i + 1]) or _times(lines[i + 1])
        if times is None:
            return cues, False
        end = i + 2
        while end < count:
            line = lines[end]
            stripped = line.strip()
            if not stripped:
                break
            if "-->" in line or (stripped[0].isdigit() and SBV_TIMING.match(line)):
                return cues, False  # a timing line where text should be: the scan decides
            end += 1
        cues.append(Cue(number, written, times[0], times[1], tuple(lines[i + 2:end]), i + 1))
        i = end + 1
    return cues, True


def _times(line: str) -> tuple[int, int] | None:
    """The times of a timing line the scan reads without a finding, though it is not
    written exactly ``HH:MM:SS,mmm --> HH:MM:SS,mmm``."""
    timing = parse_srt_timing(line)
    if timing is None or timing.oddities or timing.short_fractions or timing.settings:
        return None
    return timing.start_ms, timing.end_ms
