"""Writing cues as SubRip text, numbered by position."""

from __future__ import annotations

from collections.abc import Iterable

from coursekit.subtitles.model import Cue
from coursekit.subtitles.timestamps import format_srt_time

BOM = "\ufeff"


def compose(cues: Iterable[Cue], *, eol: str = "\n", bom: bool = False) -> str:
    """SRT text of ``cues``: renumbered from 1, canonical timestamps (with what followed the
    end time), one blank line after each."""
    parts = [BOM] if bom else []
    for position, cue in enumerate(cues, start=1):
        settings = f" {cue.settings}" if cue.settings else ""
        parts.append(f"{position}{eol}{format_srt_time(cue.start_ms)} --> "
                     f"{format_srt_time(cue.end_ms)}{settings}{eol}")
        parts.extend(f"{line}{eol}" for line in cue.lines)
        parts.append(eol)
    return "".join(parts)
