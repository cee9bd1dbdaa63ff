"""Finding the cues of another file that overlap a time span.

Overlaps are measured in one pass over the index: part of the subtitle rules' speed
path, kept at 1.46x on the whole ``check`` (see :mod:`coursekit.subtitles.readability`).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from functools import cached_property

from coursekit.subtitles.model import Cue


class CueIndex:
    """The cues of one file, searchable by time."""

    def __init__(self, cues: Sequence[Cue]) -> None:
        self.cues = sorted((c for c in cues if c.end_ms > c.start_ms), key=lambda c: c.start_ms)
        self.starts = [c.start_ms for c in self.cues]
        self.longest = max((c.duration_ms for c in self.cues), default=0)

    @cached_property
    def speech(self) -> list[tuple[int, int]]:
        """The merged spans in which one of these cues is shown."""
        return speech_spans(self.cues)

    def overlapping(self, start_ms: int, end_ms: int, shift_ms: int = 0) -> list[Cue]:
        """Cues overlapping ``[start, end)`` once shifted back by ``shift_ms``."""
        start_ms -= shift_ms
        end_ms -= shift_ms
        hi = bisect_left(self.starts, end_ms)
        found = []
        i = hi - 1
        while i >= 0 and self.starts[i] > start_ms - self.longest:
            if self.cues[i].end_ms > start_ms:
                found.append(self.cues[i])
            i -= 1
        found.reverse()
        return found

    def heard(self, start_ms: int, end_ms: int) -> tuple[int, list[Cue]]:
        """How long cues are shown within ``[start, end)`` (ms, summed over the cues),
        and the cues shown there for more than half their duration, in order."""
        starts, cues = self.starts, self.cues
        i = bisect_left(starts, end_ms) - 1
        low = start_ms - self.longest
        total = 0
        mine: list[Cue] = []
        while i >= 0 and starts[i] > low:
            cue = cues[i]
            cue_end = cue.end_ms
            if cue_end > start_ms:
                cue_start = starts[i]
                # Positive: the cue starts before ``end`` and ends after ``start``.
                share = ((cue_end if cue_end < end_ms else end_ms)
                         - (cue_start if cue_start > start_ms else start_ms))
                total += share
                if share * 2 > cue_end - cue_start:
                    mine.append(cue)
            i -= 1
        mine.reverse()
        return total, mine

    def same_time(self, cue: Cue) -> list[Cue]:
        """Source cues that mostly lie within ``cue`` (or the one overlapping it most)."""
        _, inside = self.heard(cue.start_ms, cue.end_ms)
        if inside:
            return inside
        candidates = self.overlapping(cue.start_ms, cue.end_ms)
        if not candidates:
            return []
        return [max(candidates, key=lambda c: _overlap(c, cue.start_ms, cue.end_ms))]

    def has_start_near(self, ms: int, tolerance: int) -> bool:
        i = bisect_left(self.starts, ms - tolerance)
        return i < len(self.starts) and self.starts[i] <= ms + tolerance


def _overlap(cue: Cue, start_ms: int, end_ms: int) -> int:
    return max(0, min(cue.end_ms, end_ms) - max(cue.start_ms, start_ms))


def speech_spans(cues: Sequence[Cue], shift: int = 0) -> list[tuple[int, int]]:
    """The spans (ms, shifted back by ``shift``) in which some cue is shown, merged."""
    spans: list[tuple[int, int]] = []
    for c in sorted(cues, key=lambda c: c.start_ms):
        if c.end_ms <= c.start_ms:
            continue
        a, b = c.start_ms - shift, c.end_ms - shift
        if spans and a <= spans[-1][1]:
            spans[-1] = (spans[-1][0], max(spans[-1][1], b))
        else:
            spans.append((a, b))
    return spans


def subtract_spans(
    spans: list[tuple[int, int]], cover: list[tuple[int, int]],
) -> list[tuple[int, int]]:
    """The parts of sorted ``spans`` that sorted ``cover`` leaves uncovered."""
    out: list[tuple[int, int]] = []
    j, count = 0, len(cover)
    for a, b in spans:
        while j < count and cover[j][1] <= a:
            j += 1
        k, cur = j, a
        while k < count:
            start, end = cover[k]
            if start >= b:
                break
            if start > cur:
                out.append((cur, start))
            if end > cur:
                cur = end
            k += 1
        if cur < b:
            out.append((cur, b))
    return out
