"""Subtitle files of formats coursekit does not read (SUB021): a WebVTT, ASS or TTML
file in a subtitle language folder is named, never passed over as if it were not there."""

from __future__ import annotations

from coursekit.config import Course
from coursekit.config.listing import list_folder
from coursekit.diagnostics import Diagnostic
from coursekit.subtitles import rules
from coursekit.subtitles.fingerprint import fingerprint

UNREAD = {
    ".vtt": "WebVTT", ".webvtt": "WebVTT", ".ass": "Advanced SubStation Alpha",
    ".ssa": "SubStation Alpha", ".ttml": "TTML", ".dfxp": "TTML (DFXP)",
    ".sub": "MicroDVD or SubViewer", ".smi": "SAMI", ".sami": "SAMI", ".scc": "Scenarist",
    ".stl": "EBU STL", ".lrc": "LRC",
}
"""Subtitle formats by file suffix, as their tools name them."""


def unread_formats(course: Course, language: str) -> list[Diagnostic]:
    """SUB021 on each file of ``language``'s subtitle folder in a format not read (a
    folder that cannot be listed is CFG007's, reported with the files read)."""
    entries, _ = list_folder(course.subtitle_dir(language))
    found = []
    for path in sorted(entries):
        kind = UNREAD.get(path.suffix.lower())
        if kind is None or not path.is_file() or course.excluded(path, above=True):
            continue
        found.append(rules.UNREAD_FORMAT.at(
            course.relative(path), None,
            f"{kind} subtitles ({path.suffix}): coursekit reads SubRip (.srt) and SBV "
            "(.sbv) only, so this file is not checked",
            hint=f"convert it to SRT (`ffmpeg -i {path.name} {path.stem}.srt`) to have it "
                 "checked",
            fingerprint=fingerprint(language, "format", path.name)))
    return found
