"""The lesson files a build reads, each with the hash that decides whether to rebuild it."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.files import read_regular
from coursekit.lessons import rules as lesson_rules
from coursekit.lessons.load import LessonPlace, place_of
from coursekit.lessons.model import Lesson
from coursekit.lessons.parse import parse_lesson


@dataclass(frozen=True, slots=True)
class LessonSource:
    """A lesson file as bytes, not parsed yet: parsing waits until the build needs it."""

    place: LessonPlace
    data: bytes

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

    def parse(self) -> Lesson:
        place = self.place
        return parse_lesson(
            self.data, path=place.path, language=place.language, chapter=place.chapter,
            section=place.section, framework=place.framework, folder=place.folder,
        )


def lesson_sources(course: Course, language: str) -> Iterator[LessonSource | Diagnostic]:
    """Every lesson file of ``language``, read; a file that cannot be read yields its finding."""
    for path in course.lesson_files(language):
        place = place_of(course, path)
        try:
            data = read_regular(path)
        except OSError as exc:
            yield lesson_rules.UNREADABLE_LESSON.at(
                place.path, None, f"cannot read the lesson: {exc.strerror or exc}"
            )
            continue
        yield LessonSource(place=place, data=data)
