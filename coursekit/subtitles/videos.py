"""Videos that lessons embed, against the subtitles of the lesson's language (SUB412)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.files import read_regular
from coursekit.subtitles import rules
from coursekit.subtitles.fingerprint import fingerprint
from coursekit.subtitles.metadata import (
    Metadata,
    column_faults,
    folder_language,
    read_metadata,
    subtitle_target,
)

if TYPE_CHECKING:
    from coursekit.corpus import Corpus

_COMPONENT = "Youtube"


@dataclass(frozen=True, slots=True)
class Embed:
    """A video that a lesson embeds (``<Youtube id="..."/>``)."""

    path: str
    """The lesson, as diagnostics show it."""
    line: int
    video: str
    """The video id, as ``metadata.csv`` lists it."""


def embedded_videos(corpus: Corpus, language: str) -> list[Embed]:
    """Every video that a ``language`` lesson embeds, in the course's order."""
    found = []
    for file in corpus.course.lesson_files(language):
        if not _may_embed_a_video(file):
            continue
        lesson = corpus.lesson(file)
        for video in lesson.components(_COMPONENT):
            video_id = video.attrs.get("id", "").strip()
            if video_id:
                found.append(Embed(lesson.path, video.line, video_id))
    return found


def check_lesson_videos(
    corpus: Corpus, language: str, meta: Metadata | None = None,
    embeds: Sequence[Embed] | None = None,
) -> Iterator[Diagnostic]:
    """Each ``<Youtube id>`` of a ``language`` lesson whose video has no subtitles in
    ``language``; ``embeds``, when given, are the language's :func:`embedded_videos`.
    Lessons are read only where the language has a ``metadata.csv``; a video whose row
    has a fault of the whole ``srt_filename`` column is left to the column's finding."""
    course = corpus.course
    if meta is None:
        meta = read_metadata(course, language)
    if meta is None or (meta.problems and not meta.rows):
        return
    # A video whose row shares a fault of the whole column is that column's one finding.
    covered = {row.id for rows in column_faults(course, meta).values() for row in rows}
    for embed in embedded_videos(corpus, language) if embeds is None else embeds:
        if embed.video in covered:
            continue
        missing = _missing(course, meta, embed.video)
        if missing is not None:
            why, hint = missing
            yield rules.LESSON_VIDEO_WITHOUT_SUBTITLES.at(
                embed.path, embed.line,
                f"the lesson embeds video `{embed.video}`, which has no {language} "
                f"subtitles: {why}", hint=hint,
                fingerprint=fingerprint(language, embed.video, "lesson video"))


def _may_embed_a_video(file: Path) -> bool:
    # Most lessons embed no video; parsing only those that name the component keeps
    # the check cheap on a large course. Unreadable lessons are the lesson checks' finding.
    try:
        return _COMPONENT.encode() in read_regular(file)
    except OSError:
        return False


def _missing(course: Course, meta: Metadata, video_id: str) -> tuple[str, str] | None:
    """Why the video has no subtitles in the metadata's language, and what to do; or
    ``None`` where it has them."""
    row = meta.row_for(video_id)
    if row is None:
        return (f"{meta.shown} has no row for it",
                f"add the {meta.language} subtitles and a row for `{video_id}` to {meta.shown}")
    if not row.srt_filename:
        return (f"{meta.shown}:{row.line} names no file for it",
                "fill in the row's srt_filename")
    target = subtitle_target(course, meta.language, row.srt_filename)
    other = folder_language(course, target)
    if other is not None and other != meta.language:
        return None  # the row itself is the finding (SUB413), once, in the metadata
    if not target.is_file():
        return (f"{meta.shown}:{row.line} lists `{row.srt_filename}`, which does not exist",
                "add the file, or correct the row's srt_filename")
    return None
