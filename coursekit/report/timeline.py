"""Subtitle timelines for the HTML report: each file's cues, and its source's.

A translation is drawn under the source-language file of the same name, so that a
cue over silence, uncovered speech or a shifted file shows at a glance.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from coursekit.config import Course
from coursekit.languages import normalise

SUBTITLE_SUFFIXES = (".srt", ".sbv")


@dataclass(frozen=True, slots=True)
class Bar:
    index: int
    """1-based position of the cue in its file."""
    start: float
    """Seconds."""
    end: float
    text: str
    number: int | None = None
    """The number the file writes for the cue, which its findings call it by (its
    ``cue``); ``None``: its position."""

    @property
    def called(self) -> int:
        """What findings call the cue: the number the file writes, else its position."""
        return self.index if self.number is None else self.number


@dataclass(frozen=True, slots=True)
class Timeline:
    path: str
    """The file, relative to the course root."""
    language: str
    cues: tuple[Bar, ...]
    source_path: str | None = None
    """The source-language file it translates, when there is one."""
    source_cues: tuple[Bar, ...] = ()

    @property
    def duration(self) -> float:
        return max((bar.end for bar in (*self.cues, *self.source_cues)), default=0.0)


def _bars(path: Path, language: str, course: Course) -> tuple[Bar, ...]:
    from coursekit.subtitles.load import load_subtitle_file

    loaded = load_subtitle_file(path, language, course.relative(path))
    return tuple(Bar(c.index, c.start_ms / 1000, c.end_ms / 1000, c.text, c.number)
                 for c in loaded.cues)


def subtitle_timelines(course: Course, paths: Iterable[str]) -> list[Timeline]:
    """The timelines of the subtitle files among ``paths`` (relative to the course root);
    a translation's source is the file of its name in the source language's listing (a
    file the configuration excludes is never read)."""
    base = course.subtitles_dir.resolve()
    source_language = course.source_language
    sources = {path.name: path for path in course.subtitle_files(source_language)}
    timelines: list[Timeline] = []
    for relative in paths:
        path = (course.root / relative).resolve()
        if path.suffix.lower() not in SUBTITLE_SUFFIXES or not path.is_file():
            continue
        try:
            parts = path.relative_to(base).parts
        except ValueError:
            continue
        if len(parts) < 2:
            continue
        language = normalise(parts[0])
        source = sources.get(path.name) if language != source_language else None
        if source is not None and not source.is_file():
            source = None
        timelines.append(Timeline(
            path=course.relative(path),
            language=language,
            cues=_bars(path, language, course),
            source_path=course.relative(source) if source is not None else None,
            source_cues=_bars(source, source_language, course) if source is not None else (),
        ))
    return timelines
