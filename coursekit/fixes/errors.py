"""``coursekit fix errors``: documented errors that verify proved drifted, brought up to
date in the source lesson and in every translation that shows the same output.

The errors to update come from a verification's judgement (:mod:`.proven`): a cell's
``file:line`` names the code fence, and its documented error names the output fence
among the fence's outputs. That fence gets its exception line rewritten
(:mod:`.outputs`) and is written back as ``fix lessons`` writes code (the same places
and rewrite, :mod:`coursekit.formatting.places`): every other byte of the file stays.
A translation of the lesson gets the same new text in each output fence that is the
same as the source's, under the code block paired with the source's (by
:func:`~coursekit.translations.align.align`); one whose fence differs (a translated
message, another traceback) is left, and listed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from coursekit.corpus import Corpus
from coursekit.files import ReadState
from coursekit.fixes.outputs import Raised, Unchanged, documents, updated_output
from coursekit.fixes.plan import FilePlan
from coursekit.fixes.proven import NotProven, ProvenDrift
from coursekit.formatting.lessons import FenceChange, LessonFormat, read_lesson_or_why
from coursekit.formatting.places import CodePlace, locate_code, split_lines
from coursekit.lessons.model import Code, Lesson, Output
from coursekit.translations.align import align

RULE = "EXE102"
"""The finding a fix settles: error-drift."""
_BOM = "\ufeff"


@dataclass(frozen=True, slots=True)
class ErrorOutcome:
    """One documented error of a lesson file, updated or left."""

    language: str
    path: str
    line: int | None
    """File line of the documented exception (of the code fence, where none is found;
    None in a translation that has no block paired with the source's)."""
    documented: str
    """What the lesson documents (``Name: message``, its first line)."""
    raised: str
    """What is raised now, as verify reported it."""
    fixed: bool
    why: str = ""
    """For an error left as it was: why."""
    source: str = ""
    """For a translation: ``file:line`` of the source lesson's fence it follows."""
    held: bool = False
    """Left by design, for a translator (a translation whose output fence differs from
    the source's): reported; any other error left is an update the run could not make."""


@dataclass(frozen=True, slots=True)
class LessonErrors:
    """One lesson file with its documented errors updated."""

    language: str
    format: LessonFormat
    outcomes: tuple[ErrorOutcome, ...]


@dataclass(frozen=True, slots=True)
class ErrorPlan(FilePlan[LessonErrors]):
    """What updating the documented errors changes and leaves in a run's lessons."""

    not_proven: tuple[NotProven, ...] = ()
    """The documented errors the report did not prove drifted, left as they are."""
    unread: tuple[tuple[str, str], ...] = ()
    """(path, why) of each lesson with an error to update that cannot be read, or that
    the report names and the course has not (a report of another checkout)."""

    @property
    def outcomes(self) -> list[ErrorOutcome]:
        return [outcome for lesson in self.lessons for outcome in lesson.outcomes]

    @property
    def stuck(self) -> list[ErrorOutcome]:
        """The errors the run was to update and leaves (a person's job: it exits 1)."""
        return [found for found in self.outcomes if not found.fixed and not found.held]


def _description(output: Output) -> str:
    """The documented error of an output as verify words it (``Name: message``)."""
    assert output.exception is not None
    return f"{output.exception.name}: {output.exception.message}".rstrip(": ")


def _among(description: str, documented: str) -> bool:
    """Whether ``documented`` (verify's ``A or B`` of a cell's errors) holds it."""
    joined = " or "
    return (documented == description or documented.startswith(description + joined)
            or documented.endswith(joined + description)
            or f"{joined}{description}{joined}" in documented)


def _first_line(text: str) -> str:
    return text.split("\n", 1)[0]


@dataclass(slots=True)
class _File:
    """The changes and outcomes gathered for one lesson file."""

    language: str
    file: Path
    lesson: Lesson
    text: str
    read: ReadState
    lines: list[str] = field(default_factory=list)
    changes: dict[int, FenceChange] = field(default_factory=dict)
    outcomes: list[ErrorOutcome] = field(default_factory=list)

    def update(self, output: Output, raised: Raised, documented: str, source: str = ""
               ) -> str | None:
        """Rewrite ``output`` to document ``raised``: its new text, ``None`` when left."""
        assert output.exception is not None
        line = output.exception.line
        try:
            new = updated_output(output, raised)
        except Unchanged as why:
            self.left(line, documented, raised, f"{why}: update it by hand", source)
            return None
        place = locate_code(self.lines, Code(output.line, "text", output.info, output.text))
        if not isinstance(place, CodePlace):
            self.left(line, documented, raised, "its output fence cannot be placed in the file "
                      f"exactly: {place.why}; left as it was: " + place.remedy(
                          "`coursekit fix errors` updates it then", "update it by hand"), source)
            return None
        if output.line not in self.changes:
            self.changes[output.line] = FenceChange(output.line, place, new)
            self.outcomes.append(ErrorOutcome(self.language, self.lesson.path, line,
                                              documented, str(raised), True, source=source))
        return new

    def left(self, line: int | None, documented: str, raised: Raised, why: str, source: str = "",
             held: bool = False) -> None:
        self.outcomes.append(ErrorOutcome(self.language, self.lesson.path, line, documented,
                                          str(raised), False, why, source, held))

    def result(self) -> LessonErrors:
        changes = tuple(sorted(self.changes.values(), key=lambda change: change.line))
        fmt = LessonFormat(self.file, self.lesson.path, tuple(self.lines),
                           self.text.startswith(_BOM), changes, self.read)
        return LessonErrors(self.language, fmt,
                            tuple(sorted(self.outcomes, key=lambda found: found.line or 0)))


class _Planner:
    def __init__(self, corpus: Corpus, languages: Sequence[str], paths: frozenset[str] | None
                 ) -> None:
        self.corpus = corpus
        self.course = corpus.course
        self.languages = languages
        self.paths = paths
        self.files: dict[Path, _File | None] = {}
        self.why: dict[Path, str] = {}
        """Why each file opened as ``None`` cannot be read."""
        self.unread: dict[str, str] = {}
        """(path, why) of the files that could not be read and were to be updated."""
        self.known = {file for language in self.course.lesson_languages()
                      for file in corpus.lesson_files(language)}

    def open(self, file: Path) -> _File | None:
        """The lesson in ``file``; ``None`` (its why in :attr:`why`) when the file is no
        lesson of the course or cannot be read as UTF-8 text."""
        if file not in self.files:
            found = (read_lesson_or_why(file) if file in self.known else None)
            if found is None or isinstance(found, str):
                self.files[file] = None
                self.why[file] = ("no lesson of this course (a report of another checkout?)"
                                  if found is None else f"cannot read: {found}")
            else:
                text, read = found
                lesson = self.corpus.lesson(file)
                self.files[file] = _File(lesson.language, file, lesson, text, read,
                                         split_lines(text.removeprefix(_BOM)))
        return self.files[file]

    def wanted(self, opened: _File) -> bool:
        return opened.language in self.languages and (
            self.paths is None or opened.lesson.path in self.paths)

    def translations(self, source: _File) -> Iterable[Path]:
        """The files of the lesson of ``source`` in the other languages of the run."""
        key = _key(self.course.lesson_dir(source.language), source.file)
        for language in self.languages:
            if language == source.language:
                continue
            folder = self.course.lesson_dir(language)
            for file in self.corpus.lesson_files(language):
                if _key(folder, file) == key:
                    yield file

    def fix(self, drift: ProvenDrift) -> None:
        file = self.course.root / drift.path
        opened = self.open(file)
        raised = Raised.parse(drift.raised)
        if opened is None:
            self.unread[drift.path] = self.why[file]
            return
        code = next((c for c in opened.lesson.code_blocks() if c.line == drift.line), None)
        documented = _first_line(drift.documented)
        if code is None:
            opened.left(drift.line, documented, raised, "the lesson has no code fence at this "
                        "line any more (it changed since the verification): verify it again "
                        "and fix errors from the new report")
            return
        outputs = [o for o in code.outputs if o.exception is not None
                   and _among(_description(o), drift.documented)]
        if not outputs:
            if not any(documents(o, raised) for o in code.outputs):  # else up to date
                opened.left(drift.line, documented, raised, "the error is not documented in "
                            "an output fence (a directive or the code documents it): update "
                            "it by hand")
            return
        for output in outputs:
            new = opened.update(output, raised, documented) if self.wanted(opened) else (
                self._new_text(output, raised))
            if new is not None and opened.language == self.course.source_language:
                self.follow(opened, code, output, new, raised)

    @staticmethod
    def _new_text(output: Output, raised: Raised) -> str | None:
        try:
            return updated_output(output, raised)
        except Unchanged:
            return None

    def follow(self, opened_source: _File, code: Code, output: Output, new: str,
               raised: Raised) -> None:
        """The same update in each translation whose output fence is the same, in the
        code block paired with ``code`` (as ``check`` pairs them)."""
        source = opened_source.lesson
        where = f"{source.path}:{code.line}"
        documented = _description(output).split("\n", 1)[0]
        for file in self.translations(opened_source):
            opened = self.open(file)
            path = self.course.relative(file)
            if opened is None and (self.paths is None or path in self.paths):
                self.unread[path] = self.why[file]
            if opened is None or not self.wanted(opened):
                continue
            block = next((pair.translation for pair in align(
                source.code_blocks(), opened.lesson.code_blocks())
                if pair.source is not None and pair.source.line == code.line), None)
            theirs = None if block is None else _same_output(code, output, block)
            if theirs is not None:
                opened.update(theirs, raised, documented, where)
            elif block is None:
                opened.left(None, documented, raised, "the translation has no code block "
                            "paired with the source's: bring its code up to date first "
                            "(`coursekit fix translations`)", where, held=True)
            elif not any(o.text == new for o in block.outputs):
                opened.left(block.line, documented, raised,
                            "its output fence differs from the source's: update it by hand",
                            where, held=True)


def _same_output(code: Code, output: Output, block: Code) -> Output | None:
    """The output of ``block`` that shows what ``output`` of ``code`` shows (the n-th of
    that text, for the n-th), if any."""
    nth = [o.line for o in code.outputs if o.text == output.text].index(output.line)
    theirs = [o for o in block.outputs if o.text == output.text]
    return theirs[nth] if nth < len(theirs) else None

def plan_error_fixes(corpus: Corpus, drifts: Iterable[ProvenDrift],
                     languages: Sequence[str] | None = None,
                     paths: frozenset[str] | None = None,
                     not_proven: Iterable[NotProven] = ()) -> ErrorPlan:
    """What updating the documented errors of ``drifts`` changes in the lessons of
    ``languages`` (default: all), of ``paths`` only (relative to the course root) when
    given; ``not_proven`` is carried into the plan for its report."""
    course = corpus.course
    planner = _Planner(corpus, list(languages or course.lesson_languages()), paths)
    for drift in drifts:
        planner.fix(drift)
    lessons = [opened.result() for opened in planner.files.values()
               if opened is not None and planner.wanted(opened)
               and (opened.changes or opened.outcomes)]
    looked = sum(1 for opened in planner.files.values()
                 if opened is not None and planner.wanted(opened))
    return ErrorPlan(tuple(lessons), looked, tuple(not_proven),
                     tuple(sorted(planner.unread.items())))


def _key(folder: Path, file: Path) -> str:
    return PurePosixPath(file.relative_to(folder).with_suffix("").as_posix()).as_posix()
