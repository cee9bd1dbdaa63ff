"""``fix lessons``: the lessons' code formatted in place, each file written atomically.

Only the code lines of formatted fences change; a second run changes nothing, since
the formatters are idempotent and a formatted fence is placed exactly as it was
written. A fence that cannot be placed is left as it is, and said so.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from coursekit.atomic import write_bytes_atomic
from coursekit.corpus import Corpus
from coursekit.files import ReadState
from coursekit.filescope import file_scope
from coursekit.formatting.check import lesson_formats, wanted_languages
from coursekit.formatting.engines import FormatterUnavailable
from coursekit.formatting.lessons import LEFT_BY_HAND, LessonFormat


@dataclass(frozen=True, slots=True)
class FixPlan:
    """What formatting changes in each lesson of the run."""

    lessons: tuple[LessonFormat, ...]
    """The lessons that may hold Python fences."""
    files: int
    """How many lesson files were looked at."""
    unread: tuple[tuple[str, str], ...] = ()
    """The lesson files (relative to the course root) that could not be read as text,
    with why: they are neither formatted nor known to be formatted."""

    @property
    def changed(self) -> list[LessonFormat]:
        return [lesson for lesson in self.lessons if lesson.changed]

    @property
    def fences(self) -> int:
        return sum(len(lesson.changes) for lesson in self.lessons)

    def left_lines(self) -> list[str]:
        """One line per fence the formatter changes that is left as it is, with why (its
        code cannot be placed in its file exactly) and what to change."""
        return [f"{lesson.path}:{left.code.line}: LES124 left ```{left.code.info} code "
                f"unformatted: it cannot be rewritten in place: {left.unplaced.why}; "
                + left.unplaced.remedy("`coursekit fix lessons` formats it then", LEFT_BY_HAND)
                for lesson in self.lessons for left in lesson.left]

    def write(self, on_written: Callable[[LessonFormat], None] | None = None
              ) -> list[tuple[LessonFormat, OSError]]:
        """Write every changed lesson, each atomically and through a link to it; the
        lessons that could not be written, or that another program changed since they
        were read (:class:`ChangedSinceRead`), with why (they are left as they are).
        ``on_written`` hears of each lesson as soon as it is renamed into place."""
        failed = []
        for lesson in self.changed:
            heard = None if on_written is None else functools.partial(on_written, lesson)
            try:
                write_bytes_atomic(lesson.file, lesson.after, follow_links=True,
                                   expect=lesson.read or ReadState.of(lesson.before),
                                   on_replaced=heard)
            except OSError as exc:
                failed.append((lesson, exc))
        return failed


def plan_fixes(corpus: Corpus, languages: Sequence[str] | None = None,
               files: Sequence[Path] = ()) -> FixPlan:
    """What formatting would change in the lessons of ``languages`` (default: all), or
    of ``files`` only when given; :class:`FormatterUnavailable` when the configured
    formatter cannot run."""
    scope = file_scope(corpus.course, files) if files else None
    if scope is not None:
        languages = [lang for lang in scope.languages
                     if languages is None or lang in languages]
        if not languages:
            return FixPlan((), 0)
    unread: list[tuple[Path, str]] = []
    formats = lesson_formats(corpus, languages, unread)
    unavailable = corpus.code_formatter().unavailable
    if unavailable is not None:
        raise FormatterUnavailable(str(unavailable))
    course = corpus.course
    paths = [course.relative(file) for lang in wanted_languages(corpus, languages)
             for file in corpus.lesson_files(lang)]
    unreadable = [(course.relative(file), why) for file, why in unread]
    if scope is not None:
        formats = [lesson for lesson in formats if lesson.path in scope.paths]
        paths = [path for path in paths if path in scope.paths]
        unreadable = [(path, why) for path, why in unreadable if path in scope.paths]
    return FixPlan(tuple(formats), len(paths), tuple(unreadable))
