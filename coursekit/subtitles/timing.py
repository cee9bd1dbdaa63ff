"""Timing rules (SUB1xx): the order, duration and spacing of cues.

Part of the subtitle rules' speed path, kept at 1.46x on the whole ``check``: see
:mod:`coursekit.subtitles.readability`.
"""

from __future__ import annotations

from collections.abc import Iterator

from coursekit.diagnostics import Diagnostic
from coursekit.subtitles import rules
from coursekit.subtitles.fingerprint import fingerprint
from coursekit.subtitles.model import Cue, SubtitleFile
from coursekit.subtitles.settings import Settings
from coursekit.subtitles.timestamps import format_seconds, format_srt_time


def check_timing(sub: SubtitleFile, settings: Settings) -> Iterator[Diagnostic]:
    path, lang = sub.display_path, sub.language
    min_ms = round(settings.min_duration * 1000)
    max_ms = round(settings.max_duration * 1000)
    gap_ms = settings.min_gap_ms
    cues = sub.cues
    for i, cue in enumerate(cues):
        duration = cue.end_ms - cue.start_ms
        if duration < 0 or duration == 0:
            fp = fingerprint(lang, cue.text)
            span = f"{format_srt_time(cue.start_ms)} --> {format_srt_time(cue.end_ms)}"
        if duration < 0:
            yield rules.START_AFTER_END.at(
                path, cue.line, f"cue {cue.number} ends before it starts ({span})",
                hint="swap or correct the times", cue=cue.number, fingerprint=fp)
        elif duration == 0:
            yield rules.ZERO_DURATION.at(
                path, cue.line, f"cue {cue.number} has no duration ({span}): it is never shown",
                hint="give it an end time, or merge it with a neighbour",
                cue=cue.number, fingerprint=fp)
        elif duration < min_ms:
            yield rules.TOO_SHORT.at(
                path, cue.line, f"cue {cue.number} is shown for {format_seconds(duration)}, "
                f"less than {format_seconds(min_ms)}", cue=cue.number,
                fingerprint=fingerprint(lang, cue.text), excess=min_ms / duration - 1,
                out_of=len(cues))
        elif duration > max_ms:
            yield rules.TOO_LONG.at(
                path, cue.line, f"cue {cue.number} is shown for {format_seconds(duration)}, "
                f"more than {format_seconds(max_ms)}", hint="split it",
                cue=cue.number, fingerprint=fingerprint(lang, cue.text),
                excess=duration / max_ms - 1 if max_ms > 0 else 0.0, out_of=len(cues))
        if i + 1 < len(cues):
            nxt = cues[i + 1]
            gap = nxt.start_ms - cue.end_ms
            # Apart by the minimum gap (never negative) or more, and starting at different
            # times: nothing to say about the pair (the usual case).
            if gap < gap_ms or nxt.start_ms == cue.start_ms:
                yield from _with_next(path, lang, cue, nxt, (gap_ms, min_ms),
                                      settings.allow_contiguous, len(cues))


def _overlap_hint(cue: Cue, nxt: Cue, gap_ms: int, min_ms: int) -> str:
    """What settles an overlap: the fix's clamp, where it keeps the cue shown for
    ``min_ms`` (:func:`coursekit.subtitles.fix.clamp_overlaps`), or a person."""
    if nxt.start_ms < cue.start_ms:
        return "`coursekit fix subtitles` puts the cues in order of their start"
    if nxt.start_ms == cue.start_ms:
        return "they start together, so no clamp parts them: re-time one"
    kept = nxt.start_ms - gap_ms - cue.start_ms
    if kept < max(min_ms, 1):
        shown = f"be shown for {format_seconds(kept)}" if kept > 0 else "not be shown"
        return f"re-time the two: clamped, cue {cue.number} would {shown}"
    return "`coursekit fix subtitles` clamps it to the minimum gap"


def _with_next(
    path: str, lang: str, cue: Cue, nxt: Cue, limits: tuple[int, int], allow_contiguous: bool,
    out_of: int,
) -> Iterator[Diagnostic]:
    """The findings of a cue with the next one; ``limits`` are the minimum gap and the
    minimum duration (ms)."""
    gap_ms, min_ms = limits
    if (cue.start_ms, cue.end_ms) == (nxt.start_ms, nxt.end_ms):
        yield rules.IDENTICAL_TIMES.at(
            path, nxt.line, f"cue {nxt.number} has the same times as cue {cue.number} "
            f"({format_srt_time(cue.start_ms)} --> {format_srt_time(cue.end_ms)})",
            hint="players show both at once; merge them or re-time one",
            cue=nxt.number, fingerprint=fingerprint(lang, nxt.text))
        return
    gap = nxt.start_ms - cue.end_ms
    if gap < 0 and cue.duration_ms >= 0:
        at, message = cue, (f"cue {cue.number} ends at {format_srt_time(cue.end_ms)}, "
                            f"{format_seconds(-gap)} after cue {nxt.number} starts")
        if nxt.start_ms < cue.start_ms:  # the later cue is out of place, not too long
            at, message = nxt, (f"cue {nxt.number} starts at {format_srt_time(nxt.start_ms)}, "
                                f"before cue {cue.number} above it "
                                f"({format_srt_time(cue.start_ms)}): the cues are out of order")
        yield rules.OVERLAP.at(path, at.line, message,
                               hint=_overlap_hint(cue, nxt, gap_ms, min_ms),
                               cue=at.number, fingerprint=fingerprint(lang, at.text))
    elif 0 <= gap < gap_ms and not (gap == 0 and allow_contiguous):
        yield rules.GAP_TOO_SMALL.at(
            path, nxt.line, f"only {format_seconds(gap)} between cue {cue.number} and cue "
            f"{nxt.number} (at least {format_seconds(gap_ms)})",
            cue=nxt.number, fingerprint=fingerprint(lang, nxt.text),
            excess=(gap_ms - gap) / gap_ms, out_of=out_of)
