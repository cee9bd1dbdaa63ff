"""The lessons of one language, parsed once and digested, keyed by their path in the
language folder (``chapter3/2``), which is also their toctree ``local``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from coursekit.diagnostics import Diagnostic, Severity
from coursekit.lessons.model import Lesson, Toctree
from coursekit.translations.digest import Digest, digest
from coursekit.translations.rules import UNREADABLE

if TYPE_CHECKING:
    from coursekit.corpus import Corpus


@dataclass(slots=True)
class LanguageLessons:
    language: str
    folder: str
    """The language folder relative to the course root (``content/fr``)."""
    lessons: dict[str, Digest] = field(default_factory=dict)
    toctree: Toctree | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    """Files that could not be read or parsed."""
    unread: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Key -> (path from the course root, why) of each lesson file that could not be
    read: whether it translates its section is unknown."""

    @property
    def toctree_path(self) -> str:
        return self.toctree.path if self.toctree else f"{self.folder}/_toctree.yml"

    def key(self, lesson: Lesson) -> str:
        return self.key_of(lesson.path) or lesson.local

    def key_of(self, path: str) -> str | None:
        """The key of the lesson file at ``path`` (from the course root); None outside
        the language folder."""
        try:
            return PurePosixPath(path).relative_to(self.folder).with_suffix("").as_posix()
        except ValueError:
            return None

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


def _toctree(corpus: Corpus, language: str) -> Toctree | None:
    """The language's toctree; ``None`` when there is none to compare (the lesson syntax
    check reports a missing or unreadable toctree)."""
    try:
        present = corpus.course.toctree_path(language).is_file()
    except OSError:  # a language folder that cannot be entered: CFG007 names it
        return None
    if not present:
        return None
    toctree = corpus.toctree(language)
    return toctree if toctree.chapters else None


def _unread(found: LanguageLessons, path: str, why: str) -> None:
    if (key := found.key_of(path)) is not None:
        found.unread[key] = (path, why)


def load_language(corpus: Corpus, language: str) -> LanguageLessons:
    """Digest every lesson of ``language``; a file that fails is reported and skipped."""
    course = corpus.course
    folder = course.relative(course.lesson_dir(language))
    found = LanguageLessons(language, folder, toctree=_toctree(corpus, language))
    for path in corpus.lesson_files(language):
        relative = course.relative(path)
        try:
            lesson = corpus.lesson(path)
        except Exception as exc:  # a parser failure on one file must not stop the others
            why = f"the lesson could not be parsed ({type(exc).__name__}: {exc})"
            found.diagnostics.append(UNREADABLE.at(
                relative, None, f"{why}; its translation was not compared"))
            _unread(found, relative, why)
            continue
        failed = [d for d in lesson.diagnostics if d.severity is Severity.ERROR]
        if not lesson.blocks and failed:  # unreadable: the lesson syntax check reports it
            _unread(found, relative, failed[0].message)
            continue
        found.add(lesson)  # an empty lesson too: it translates nothing of its source
    return found
