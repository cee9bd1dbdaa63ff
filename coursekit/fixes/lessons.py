"""``coursekit fix drift``: the stale APIs of a course's lessons repaired, in every language.

Each Python fence is placed in its file as ``fix lessons`` places it
(:mod:`coursekit.formatting.places`), fixed by :func:`~coursekit.fixes.code.fix_code`,
and written back by the same rewrite: the lines a fix does not touch, the fence's
markers and everything around it stay byte for byte. Names resolve through the
lesson's imports; a translation resolves them through its source lesson's imports
too, so that a block repeated in every language (byte for byte, or with its comments
and strings translated) gets the same fix everywhere, even where a translation lost an
import. Every distinct block text is fixed once per run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath

from coursekit.corpus import Corpus
from coursekit.files import ReadState
from coursekit.fixes.code import CodeFix, Outcome, fix_code
from coursekit.fixes.plan import FilePlan
from coursekit.formatting.lessons import (
    FenceChange,
    LessonFormat,
    read_lesson_or_why,
)
from coursekit.formatting.places import CodePlace, Unplaced, locate_code, split_lines
from coursekit.lessons.fences import may_hold_python
from coursekit.lessons.model import Code, CodeRole, Lesson
from coursekit.lessons.python import CodeFacts
from coursekit.translations.settings import load_settings
from coursekit.translations.stale import StaleApiScan, Use, aliases

_BOM = "\ufeff"
Names = frozenset[tuple[str, str]]


@dataclass(frozen=True, slots=True)
class FileOutcome:
    """One use of a stale API in a lesson file, fixed or left."""

    language: str
    path: str
    line: int
    """File line of the use (as the code was before the fix)."""
    rule: str
    """The finding the use is: ``TRN401`` in a translation whose source lesson does
    not use it, else ``EXE106`` (api-drift, as verify finds it)."""
    outcome: Outcome
    fence: int = 0
    """Line of the opening marker of the fence the use is in."""


@dataclass(frozen=True, slots=True)
class LessonFix:
    """One lesson file with its fixes."""

    language: str
    format: LessonFormat
    """The file as read and as fixed (``changes``: the fences that change)."""
    outcomes: tuple[FileOutcome, ...]
    source: str | None = None
    """For a translation: its source lesson (relative to the course root), when found."""


@dataclass(frozen=True, slots=True)
class DriftPlan(FilePlan[LessonFix]):
    """What the fixes change and leave in the lessons of a run."""

    unread: tuple[tuple[str, str], ...] = ()
    """The lesson files (relative to the course root) that could not be read as text,
    with why: they are neither fixed nor known to need no fix."""

    @property
    def outcomes(self) -> list[FileOutcome]:
        return [outcome for lesson in self.lessons for outcome in lesson.outcomes]

    @property
    def stuck(self) -> list[FileOutcome]:
        """The uses the run would fix at its tiers and leaves: a fence with no place, a
        fix that does not compile or cannot be written in the code (a person's job)."""
        return [found for found in self.outcomes
                if not found.outcome.fixed and not found.outcome.held]



class _Fixer:
    """The fixes of one run, each distinct block text and names fixed once."""

    def __init__(self, scan: StaleApiScan, unsafe: bool) -> None:
        self.scan = scan
        self.unsafe = unsafe
        self._done: dict[tuple[str, Names], CodeFix] = {}

    def fix(self, code: Code, names: Names) -> CodeFix:
        key = (code.source, names)
        found = self._done.get(key)
        if found is None:
            found = self._done[key] = fix_code(
                code.source, lambda facts: self._uses(facts, names), self.unsafe)
        return found

    def _uses(self, facts: CodeFacts, names: Names) -> tuple[Use, ...]:
        block = Code(0, "python", "py", facts.source, known_facts=facts)
        return self.scan.uses(block, names)

    def fix_lesson(self, language: str, file: Path, text: str, lesson: Lesson,
                   source: Lesson | None, read: ReadState | None = None) -> LessonFix:
        own = aliases(lesson.code_blocks())
        names = own if source is None else frozenset(
            (dict(aliases(source.code_blocks())) | dict(own)).items())
        in_source = None if source is None else _uses_of(self.scan, source)
        lines = split_lines(text.removeprefix(_BOM))
        changes, outcomes = [], []
        for code in lesson.code_blocks():
            if code.role is not CodeRole.PYTHON or not self.scan.suspect(code.source):
                continue
            fixed = self.fix(code, names)
            found = locate_code(lines, code) if fixed.source != code.source else None
            place = found if isinstance(found, CodePlace) else None
            unplaced = found if isinstance(found, Unplaced) else None
            if place is not None:
                changes.append(FenceChange(code.line, place, fixed.source))
            for outcome in fixed.outcomes:
                if outcome.fixed and place is None:  # only a fence placed exactly is rewritten
                    outcome = replace(outcome, fixed=False, why=_unplaced_why(unplaced))
                rule = "EXE106" if in_source is None or (
                    outcome.api, outcome.text) in in_source else "TRN401"
                outcomes.append(FileOutcome(language, lesson.path, code.line + outcome.line,
                                            rule, outcome, code.line))
        return LessonFix(language, LessonFormat(file, lesson.path, tuple(lines),
                                                text.startswith(_BOM), tuple(changes), read),
                         tuple(sorted(outcomes, key=lambda found: found.line)),
                         None if source is None else source.path)


def _unplaced_why(unplaced: Unplaced | None) -> str:
    """Why a fix of a fence that cannot be placed is left, and what a person can do."""
    said = "its fence cannot be placed in the file exactly"
    if unplaced is None:
        return f"{said}: left as it was"
    return (f"{said}: {unplaced.why}; left as it was: "
            + unplaced.remedy("`coursekit fix drift` fixes it then", "fix it by hand"))


def _uses_of(scan: StaleApiScan, lesson: Lesson) -> set[tuple[object, str]]:
    names = aliases(lesson.code_blocks())
    return {(use.api, use.text) for code in lesson.code_blocks()
            for use in scan.uses(code, names)}


def plan_drift_fixes(corpus: Corpus, languages: Sequence[str] | None = None,
                     unsafe: bool = False, paths: frozenset[str] | None = None) -> DriftPlan:
    """What the stale-API fixes change in the lessons of ``languages`` (default: all),
    of ``paths`` only (relative to the course root) when given; ``unsafe`` applies the
    unsafe tier too."""
    course = corpus.course
    settings, _ = load_settings(course)  # bad values are the configuration check's (CFG001)
    fixer = _Fixer(settings.stale_scan, unsafe)
    source_language = course.source_language
    source_folder = course.lesson_dir(source_language)
    sources = {_key(course.lesson_dir(source_language), file): file
               for file in corpus.lesson_files(source_language)}
    lessons, files, unread = [], 0, []
    for language in languages or course.lesson_languages():
        folder = course.lesson_dir(language)
        for file in corpus.lesson_files(language):
            if paths is not None and course.relative(file) not in paths:
                continue
            files += 1
            found = read_lesson_or_why(file)
            if isinstance(found, str):
                unread.append((course.relative(file), found))
                continue
            text, read = found
            if not may_hold_python(text) or not fixer.scan.suspect(text):
                continue
            source_file = None if folder == source_folder else sources.get(_key(folder, file))
            source = corpus.lesson(source_file) if source_file is not None else None
            lessons.append(fixer.fix_lesson(language, file, text, corpus.lesson(file), source,
                                            read))
    return DriftPlan(tuple(lessons), files, tuple(unread))


def _key(folder: Path, file: Path) -> str:
    return PurePosixPath(file.relative_to(folder).with_suffix("").as_posix()).as_posix()
