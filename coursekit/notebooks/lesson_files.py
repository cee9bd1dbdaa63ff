"""The lesson files a build reads: each listed with its place, stamped, and read only
when the build needs its bytes."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.files import read_regular_with_status
from coursekit.lessons import rules as lesson_rules
from coursekit.lessons.fences import may_hold_python
from coursekit.lessons.load import LessonPlace, places_of
from coursekit.lessons.model import Lesson
from coursekit.lessons.parse import parse_lesson
from coursekit.lessons.python import CodeFactsTable

Stamp = tuple[int, int, int, int]
"""What the file system says of a file: size, modification and change times (ns), inode.
A file whose stamp is unchanged has the same bytes, unless it was changed within the
clock tick of its last change: see :meth:`coursekit.notebooks.manifest.Manifest.trusts`."""


def stamp_of(path: Path) -> Stamp | None:
    """The stamp of ``path`` (links followed), ``None`` if it cannot be had."""
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return None
    return _stamp(status)


def _stamp(status: os.stat_result) -> Stamp:
    return status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino


@dataclass(frozen=True, slots=True)
class LessonSource:
    """A lesson file as bytes, not parsed yet: parsing waits until the build needs it."""

    place: LessonPlace
    data: bytes
    stamp: Stamp | None = None
    """The stamp of the file the bytes were read from."""

    @property
    def relative(self) -> str:
        """Path relative to the course root, as lessons and diagnostics name it."""
        return self.place.path

    @property
    def language(self) -> str:
        return self.place.language

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    @property
    def has_python_fence(self) -> bool:
        """Whether the lesson may hold Python code
        (:func:`~coursekit.lessons.fences.may_hold_python`): a notebook runs Python
        alone, so a lesson whose fences are all JSON, shell or text yields none. A
        lesson that is not UTF-8 text (invalid bytes, NUL bytes: UTF-16, whose backticks
        no search of UTF-8 finds) may hold anything, and is parsed, so that the build
        says so (LES101) rather than writing no notebook unsaid."""
        try:
            text = self.data.decode("utf-8")
        except UnicodeDecodeError:
            return True
        return "\0" in text or may_hold_python(text)

    def parse(self, facts: CodeFactsTable | None = None) -> Lesson:
        """The lesson; ``facts``: the code facts of the run, shared between lessons."""
        place = self.place
        return parse_lesson(
            self.data, path=place.path, language=place.language, chapter=place.chapter,
            section=place.section, framework=place.framework, folder=place.folder,
            facts=facts,
        )


@dataclass(frozen=True, slots=True)
class LessonFile:
    """A lesson file as listed, not read yet."""

    place: LessonPlace
    path: Path

    @property
    def relative(self) -> str:
        return self.place.path

    def stamp(self) -> Stamp | None:
        return stamp_of(self.path)

    def read(self) -> LessonSource | Diagnostic:
        """The file's bytes, or the finding that says why it cannot be read."""
        try:
            data, status = read_regular_with_status(self.path)
        except OSError as exc:
            return lesson_rules.UNREADABLE_LESSON.at(
                self.place.path, None, f"cannot read the lesson: {exc.strerror or exc}"
            )
        return LessonSource(place=self.place, data=data, stamp=_stamp(status))


def lesson_files(course: Course, language: str,
                 files: list[Path] | None = None) -> Iterator[LessonFile]:
    """Every lesson file of ``language`` (or ``files``, listed already), with its place."""
    if files is None:
        files = course.lesson_files(language)
    for path, place in zip(files, places_of(course, files), strict=True):
        yield LessonFile(place, path)


def lesson_sources(course: Course, language: str) -> Iterator[LessonSource | Diagnostic]:
    """Every lesson file of ``language``, read; a file that cannot be read yields its finding."""
    for file in lesson_files(course, language):
        yield file.read()
