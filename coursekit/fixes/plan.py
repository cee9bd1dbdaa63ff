"""What a fix command changes in a course's lessons: the files it changes, one diff of
them, and the writes, each atomic and only over the file as it was read."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, Generic, Protocol, TypeVar

from coursekit.atomic import write_bytes_atomic
from coursekit.files import ReadState
from coursekit.formatting.lessons import LessonFormat


class Fixed(Protocol):
    """A lesson file as a fix command read it and would write it."""

    @property
    def format(self) -> LessonFormat: ...


L = TypeVar("L", bound=Fixed)
P = TypeVar("P", bound="FilePlan[Any]")


@dataclass(frozen=True, slots=True)
class FilePlan(Generic[L]):
    """The lesson files a fix command looked at, and what it changes in them."""

    lessons: tuple[L, ...]
    files: int
    """How many lesson files were looked at."""

    @property
    def changed(self) -> list[L]:
        return [lesson for lesson in self.lessons if lesson.format.changed]

    def without(self: P, lessons: Iterable[L]) -> P:
        """This plan without ``lessons`` (those a run could not write: what it reports
        as done is then what it did)."""
        left = {id(lesson) for lesson in lessons}
        return replace(self, lessons=tuple(lesson for lesson in self.lessons
                                           if id(lesson) not in left))

    def diff(self) -> str:
        """One unified diff of every file the fixes change."""
        return "".join(lesson.format.diff() for lesson in self.changed)

    def write(self, on_written: Callable[[L], None] | None = None) -> list[tuple[L, OSError]]:
        """Write every changed lesson, each atomically; those that could not be written,
        with why (they are left as they were). ``on_written`` hears of each lesson as
        soon as it is renamed into place (an interrupted run can then say which)."""
        failed = []
        for lesson in self.changed:
            heard = None if on_written is None else functools.partial(on_written, lesson)
            try:
                write_lesson(lesson.format, heard)
            except OSError as exc:
                failed.append((lesson, exc))
        return failed


def write_lesson(lesson: LessonFormat, on_replaced: Callable[[], None] | None = None) -> None:
    """Write a fixed lesson atomically, through a link to its target, and only if the
    file is still the one that was read (:class:`OSError` otherwise)."""
    write_bytes_atomic(lesson.file, lesson.after, follow_links=True,
                       expect=lesson.read or ReadState.of(lesson.before),
                       on_replaced=on_replaced)
