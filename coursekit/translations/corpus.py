"""The lessons of one language, parsed once and digested, keyed by their path in the
language folder (``chapter3/2``), which is also their toctree ``local``."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.lessons.model import Framework, Lesson, Toctree
from coursekit.translations.digest import Digest, digest
from coursekit.translations.rules import UNREADABLE

_CHAPTER = re.compile(r"chapter(\d+)$")
_TF_SUFFIX = "_tf"


@dataclass(slots=True)
class LanguageLessons:
    language: str
    folder: str
    """The language folder relative to the course root (``content/fr``)."""
    lessons: dict[str, Digest] = field(default_factory=dict)
    toctree: Toctree | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    """Files that could not be read or parsed."""

    @property
    def toctree_path(self) -> str:
        return self.toctree.path if self.toctree else f"{self.folder}/_toctree.yml"

    def key(self, lesson: Lesson) -> str:
        path = PurePosixPath(lesson.path)
        try:
            return path.relative_to(self.folder).with_suffix("").as_posix()
        except ValueError:
            return lesson.local

    def add(self, lesson: Lesson) -> None:
        self.lessons[self.key(lesson)] = digest(lesson)


def from_lessons(
    language: str, folder: str, lessons: Iterable[Lesson], toctree: Toctree | None = None
) -> LanguageLessons:
    """A language built from lessons in memory."""
    found = LanguageLessons(language, folder, toctree=toctree)
    for lesson in lessons:
        found.add(lesson)
    return found


def _framework(path: Path) -> Framework:
    if path.stem.endswith(_TF_SUFFIX):
        return Framework.TF
    if path.with_name(f"{path.stem}{_TF_SUFFIX}{path.suffix}").is_file():
        return Framework.PT
    return Framework.BOTH


def _parse(course: Course, language: str, path: Path) -> Lesson:
    from coursekit.lessons.parse import parse_lesson

    chapter = _CHAPTER.match(path.parent.name)
    return parse_lesson(
        path.read_text(encoding="utf-8-sig"),
        path=course.relative(path),
        language=language,
        chapter=int(chapter.group(1)) if chapter else None,
        section=path.stem,
        framework=_framework(path),
    )


def _toctree(course: Course, language: str, found: LanguageLessons) -> None:
    path = course.toctree_path(language)
    if not path.is_file():
        return
    from coursekit.lessons.toctree import load_toctree

    try:
        found.toctree = load_toctree(course, language)
    except Exception as exc:  # one bad toctree must not stop the check
        found.diagnostics.append(UNREADABLE.at(
            course.relative(path), None, f"toctree not compared: {type(exc).__name__}: {exc}",
        ))


def load_language(course: Course, language: str) -> LanguageLessons:
    """Parse every lesson of ``language`` once; a file that fails is reported and skipped."""
    folder = course.relative(course.lesson_dir(language))
    found = LanguageLessons(language, folder)
    for path in course.lesson_files(language):
        try:
            lesson = _parse(course, language, path)
        except (OSError, UnicodeDecodeError) as exc:
            found.diagnostics.append(UNREADABLE.at(
                course.relative(path), None, f"cannot read the lesson: {exc}",
            ))
            continue
        except Exception as exc:  # a parser failure on one file is reported
            found.diagnostics.append(UNREADABLE.at(
                course.relative(path), None,
                f"the lesson could not be parsed ({type(exc).__name__}: {exc}); "
                "its translation checks were skipped",
            ))
            continue
        found.add(lesson)
    _toctree(course, language, found)
    return found
