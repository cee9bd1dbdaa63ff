"""The coverage table: per language, which source sections are current, outdated (in
code, or in prose only after a code sync) or missing."""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from coursekit.diagnostics import Diagnostic, Severity
from coursekit.translations.git_calls import enclosing_checkout
from coursekit.translations.history import Commit, History
from coursekit.translations.rules import (
    CODE_DRIFT,
    CODE_EXTRA,
    CODE_MISSING,
    ERROR_CHANGED,
    ERROR_EXTRA,
    ERROR_MISSING,
    FRAMEWORK_STRUCTURE,
    HEADING_COUNT,
    LINK_MISMATCH,
    OUTDATED,
    OUTPUT_MISMATCH,
    SECTION_MISMATCH,
    SYNTAX_ERROR,
    UNDEFINED_NAME,
    VIDEO_MISMATCH,
)
from coursekit.translations.sections import Section
from coursekit.translations.verdict import Verdict

if TYPE_CHECKING:
    from coursekit.corpus import Corpus

OUTDATING = frozenset(rule.code for rule in (
    OUTDATED, SECTION_MISMATCH, HEADING_COUNT, VIDEO_MISMATCH, FRAMEWORK_STRUCTURE,
    LINK_MISMATCH, CODE_MISSING, CODE_EXTRA, OUTPUT_MISMATCH, CODE_DRIFT, SYNTAX_ERROR,
    UNDEFINED_NAME, ERROR_MISSING, ERROR_EXTRA, ERROR_CHANGED,
))
"""Rules whose findings mean the translation no longer follows its source."""


class Status(enum.StrEnum):
    """Where one source section stands in one language."""

    CURRENT = "current"
    OUTDATED_CODE = "outdated_code"
    """The translation lacks a change of its source's substance (code, headings,
    framework blocks, videos), or drifted from it."""
    OUTDATED_PROSE = "outdated_prose"
    """Its code was synced with the source (a ``code-synced`` line); the prose is owed."""
    MISSING = "missing"


@dataclass(frozen=True, slots=True)
class LessonCoverage:
    """One source section in one language."""

    lesson: str
    """The section's first lesson key (``chapter1/2``)."""
    status: Status
    path: str | None = None
    """The translated file it is judged by; for a missing section, a file of it that the
    language's toctree does not list (None: no file)."""
    translated: Commit | None = None
    """The translation's last commit, where history tells."""
    since: Commit | None = None
    """The first commit of the source the translation lacks, where history tells."""


@dataclass(frozen=True, slots=True)
class CoverageRow:
    """One language: each source section, in the order of the source's toctree."""

    language: str
    lessons: tuple[LessonCoverage, ...]

    def of(self, *statuses: Status) -> tuple[str, ...]:
        return tuple(entry.lesson for entry in self.lessons if entry.status in statuses)

    @property
    def done(self) -> tuple[str, ...]:
        return self.of(Status.CURRENT)

    @property
    def missing(self) -> tuple[str, ...]:
        return self.of(Status.MISSING)

    @property
    def outdated(self) -> tuple[str, ...]:
        """Translated, but behind its source, in code or in prose."""
        return self.of(Status.OUTDATED_CODE, Status.OUTDATED_PROSE)

    def count(self, status: Status) -> int:
        return sum(entry.status is status for entry in self.lessons)

    @property
    def total(self) -> int:
        return len(self.lessons)

    @property
    def percent_done(self) -> float:
        return 100.0 * len(self.done) / self.total if self.total else 100.0

    def percent_shown(self, digits: int) -> float:
        """:attr:`percent_done` rounded to ``digits``, but never up to 100 while a lesson
        is behind nor down to 0 while one is current: 199 of 200 is 99, not a badge of
        100% current."""
        shown = round(self.percent_done, digits)
        step = 10.0 ** -digits
        done = len(self.done)
        if shown >= 100.0 and done < self.total:
            return round(100.0 - step, digits)
        if shown <= 0.0 and done:
            return round(step, digits)
        return shown


HistoryRead = Literal["whole", "shallow", "unreadable", "inside", "none"]
"""What judged a coverage table: the checkout's whole git history; a shallow clone's
(a translation left behind before its cut seems current); structure alone, in a
checkout whose history git does not read (``unreadable``), in a folder of a checkout
that ``history = true`` would read (``inside``), or with no history to read (no git
checkout, or history turned off: ``none``)."""


def history_read(history: History | None, problems: Sequence[str], asked: bool | None,
                 root: Path) -> HistoryRead:
    """What judged the table of the course at ``root``: its ``history`` (None where none
    was read), with ``problems`` where git could not read it, and ``asked``, the
    configuration's ``history`` (None: unset)."""
    if problems:
        return "unreadable"
    if history is not None:
        return "shallow" if history.cut else "whole"
    return "inside" if asked is None and enclosing_checkout(root) is not None else "none"


@dataclass(frozen=True, slots=True)
class Coverage:
    """The coverage table of a course: a row per translation, and what judged them."""

    rows: list[CoverageRow]
    history: HistoryRead
    unread: tuple[tuple[str, str], ...] = ()
    """(path from the course root, why) of each translated lesson that could not be
    read: its section is counted neither as translated nor as missing."""


def outdated_paths(diagnostics: Iterable[Diagnostic]) -> set[str]:
    return {
        d.path for d in diagnostics
        if d.rule in OUTDATING and d.severity is not Severity.NOTE
    }


def coverage_row(
    language: str,
    source_sections: Sequence[Section],
    translated: dict[str, str],
    outdated: set[str],
    verdicts: Mapping[str, Verdict] | None = None,
    listed: Set[str] | None = None,
    hidden: Callable[[str], bool] = lambda _: False,
) -> CoverageRow:
    """``translated`` maps the keys of the language's lesson files to their paths;
    ``verdicts`` is what history says of them, where it can. ``listed``: the keys the
    language's toctree names, where it has one; a file it leaves out is not published,
    and its section is missing (as ``check`` says, TRN001), with that file's path.
    ``hidden``: whether a key's file may lie in a folder that could not be listed, or
    could not be read; a section none of whose files was found and all of whose files
    may lie there or be those is unknown, and left out of the row rather than counted
    missing."""
    verdicts = verdicts or {}
    entries: list[LessonCoverage] = []
    for section in source_sections:
        files = [translated[local] for local in section.locals if local in translated]
        if not files and all(hidden(local) for local in section.locals):
            continue
        paths = [translated[local] for local in section.locals
                 if local in translated and (listed is None or local in listed)]
        name = section.locals[0]
        if not paths:
            entries.append(LessonCoverage(name, Status.MISSING, files[0] if files else None))
            continue
        path = next((p for p in paths if p in outdated), paths[0])
        verdict = verdicts.get(path)
        if path not in outdated:
            status = Status.CURRENT
        elif verdict is not None and verdict.prose_only:
            status = Status.OUTDATED_PROSE
        else:
            status = Status.OUTDATED_CODE
        entries.append(LessonCoverage(
            name, status, path, verdict.translated if verdict else None,
            verdict.since if verdict and status is not Status.CURRENT else None))
    return CoverageRow(language, tuple(entries))


def hidden_lessons(corpus: Corpus, language: str) -> Callable[[str], bool] | None:
    """Whether the file of a lesson key of ``language`` may lie in one of its folders
    that could not be listed; None when its folder, or the source language's, could not
    be listed at all: nothing of the language is known."""
    course = corpus.course
    source = course.lesson_dir(course.source_language)
    folder = course.lesson_dir(language)
    listing = corpus.lesson_listing(language)
    if corpus.lesson_listing(course.source_language).hides(source) or listing.hides(folder):
        return None
    return lambda key: listing.hides(folder / key)
