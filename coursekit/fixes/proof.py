"""The drift fixes proven by running: what ``coursekit fix drift`` keeps.

The planned fixes are written into a copy of the course (its build folder and
``.git`` left out, so the course itself is not touched until the proof is in), and
the notebooks of the changed lessons are verified there. A fence's fix is kept only
when none of its cells still fails with ``api-drift`` on an API that the fence's fix
changed; one that does is reverted, in its lesson and in the same block of every
translation. What a kept fix's notebook then fails on first is its next cause.

A translation reuses its source lesson's run when the source changed too and each
block fixed in the translation is one of the source's (paired by
:func:`~coursekit.translations.align.align`, the same code comments and strings aside);
one whose source did not change (a translation that drifted on its own, a run narrowed
to its language), or one with a fixed block of its own, is run itself. A lesson whose
notebooks could not run keeps its fix, said to be unverified, with why.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath

from coursekit.config import Course
from coursekit.config.model import ConfigError
from coursekit.corpus import Corpus
from coursekit.execution.results import NotebookResult, VerifyReport
from coursekit.fixes.lessons import DriftPlan, FileOutcome, LessonFix
from coursekit.judgement.model import CellResult, Verdict
from coursekit.translations.align import align
from coursekit.translations.code_changes import key


@dataclass(frozen=True, slots=True)
class Reverted:
    """A fence whose fix was undone: its cell still fails on the API the fix changed."""

    language: str
    path: str
    fence: int
    """Line of the fence's opening marker."""
    cell: str
    """``file:line`` of the cell that still raised the drift (in the lesson that ran)."""
    detail: str
    """What verify says of that cell."""


@dataclass(frozen=True, slots=True)
class NextCause:
    """A notebook of a changed lesson, verified with the fixes kept."""

    lesson: str
    notebook: str
    status: str
    """The notebook's verdict after the fix (``ok``, ``failed: unexpected-error``)."""
    cause: CellResult | None
    """The first cell that fails on its own account after the fix; ``None`` if none."""


@dataclass(frozen=True, slots=True)
class Unverified:
    """A changed lesson whose fix is kept without proof, and why."""

    language: str
    path: str
    why: str


@dataclass(frozen=True, slots=True)
class DriftProof:
    """The plan with its unproven fixes reverted, and what the runs said."""

    plan: DriftPlan
    verified: tuple[NextCause, ...]
    reverted: tuple[Reverted, ...]
    unverified: tuple[Unverified, ...]


def prove_drift_fixes(corpus: Corpus, plan: DriftPlan, *, device: str = "cpu",
                      jobs: int | None = None) -> DriftProof:
    """Verify the notebooks of the lessons that ``plan`` changes, in a copy of the
    course with the fixes written, and keep only the fixes that the runs prove."""
    from coursekit.execution.run.device import DeviceError
    from coursekit.execution.verify import EmptyScopeError, verify_course

    changed = plan.changed
    paths = {lesson.format.path for lesson in changed}
    runs = {lesson.format.path: _run_of(corpus, lesson, paths) for lesson in changed}
    outside = [path for path in paths if not _inside(path)]
    if outside:
        why = f"{outside[0]} lies outside the course folder, which is copied to run it"
        return DriftProof(plan, (), (), _all_unverified(changed, why))
    if not changed:
        return DriftProof(plan, (), (), ())
    with tempfile.TemporaryDirectory(prefix="coursekit-fix-") as folder:
        try:
            copy = _copy_with_fixes(corpus.course, Path(folder), changed)
            report = verify_course(copy, paths=[copy.root / path for path in sorted(
                set(runs.values()))], device=device, jobs=jobs, use_cache=False)
        except (OSError, shutil.Error, EmptyScopeError, ConfigError, DeviceError) as exc:
            return DriftProof(plan, (), (), _all_unverified(changed, f"not run: {exc}"))
    return _judged(corpus, plan, runs, report)


def _run_of(corpus: Corpus, lesson: LessonFix, changed: set[str]) -> str:
    """The lesson whose run proves ``lesson``'s fix: its source when that changed too
    and each fixed block of the translation is a block of the source's (comments and
    strings aside); else the lesson itself."""
    source = lesson.source
    if source is None or source not in changed:
        return lesson.format.path
    fixed = {found.fence for found in lesson.outcomes if found.outcome.fixed}
    pairs = align(corpus.lesson(corpus.course.root / source).code_blocks(),
                  corpus.lesson(lesson.format.file).code_blocks())
    same = {pair.translation.line for pair in pairs
            if pair.source is not None and pair.translation is not None
            and key(pair.source) == key(pair.translation)}
    return source if fixed <= same else lesson.format.path


def _inside(path: str) -> bool:
    pure = PurePosixPath(path)
    return not pure.is_absolute() and ".." not in pure.parts


def _all_unverified(lessons: Iterable[LessonFix], why: str) -> tuple[Unverified, ...]:
    return tuple(Unverified(lesson.language, lesson.format.path, why) for lesson in lessons)


def _copy_with_fixes(course: Course, folder: Path, changed: Sequence[LessonFix]) -> Course:
    """A copy of ``course`` under ``folder`` with the fixed lessons written, building
    into a folder of its own."""
    build = course.build_dir.resolve()

    def left_out(parent: str, names: list[str]) -> set[str]:
        return {name for name in names
                if name == ".git" or (Path(parent) / name).resolve() == build}

    root = folder / "course"
    # Links are copied as what they point at, so that writing a fix never reaches the
    # course through one.
    shutil.copytree(course.root, root, ignore=left_out, ignore_dangling_symlinks=True)
    for lesson in changed:
        (root / lesson.format.path).write_bytes(lesson.format.after)
    return Course(root, replace(course.config, build_dir=str(folder / "build")))


def _judged(corpus: Corpus, plan: DriftPlan, runs: dict[str, str],
            report: VerifyReport) -> DriftProof:
    by_lesson: dict[str, list[NotebookResult]] = {}
    for notebook in report.notebooks:
        by_lesson.setdefault(notebook.lesson, []).append(notebook)
    fixes = {lesson.format.path: lesson for lesson in plan.changed}
    drifting: dict[str, dict[int, CellResult]] = {}
    verified: list[NextCause] = []
    unverified: list[Unverified] = []
    for ran in sorted(set(runs.values())):
        notebooks = [nb for nb in by_lesson.get(ran, []) if nb.cells]
        why = (_partly_run(fixes[ran], by_lesson[ran], report) if notebooks
               else _not_run(by_lesson.get(ran, []), report))
        if why is not None:
            unverified += [Unverified(fix.language, path, why) for path, fix in fixes.items()
                           if runs[path] == ran]
        if notebooks:
            drifting[ran] = _still_drifting(fixes[ran], notebooks)
            verified += [NextCause(ran, nb.notebook, nb.headline, nb.first_cause)
                         for nb in notebooks]
    reverted: list[Reverted] = []
    lessons = []
    for lesson in plan.lessons:
        path = lesson.format.path
        proved_by = runs.get(path)
        cells = drifting.get(proved_by, {}) if proved_by is not None else {}
        fences = cells if proved_by == path else _translated(corpus, proved_by, lesson, cells)
        if fences:
            reverted += [Reverted(lesson.language, path, fence, cell.source, cell.detail)
                         for fence, cell in sorted(fences.items())]
            lesson = _without(lesson, fences)
        lessons.append(lesson)
    return DriftProof(DriftPlan(tuple(lessons), plan.files, plan.unread), tuple(verified),
                      tuple(reverted), tuple(unverified))


def _not_run(notebooks: Sequence[NotebookResult], report: VerifyReport) -> str:
    found = [d for nb in notebooks for d in nb.diagnostics] or report.diagnostics
    return f"not run: {found[0].message}" if found else "no notebook of it was run"


def _partly_run(fix: LessonFix, notebooks: Sequence[NotebookResult], report: VerifyReport
                ) -> str | None:
    """Why some fixed fences of ``fix`` were proven by no run: a notebook of the lesson
    did not run (a framework without a kernel) and no cell that ran holds them."""
    ran = {cell.source for notebook in notebooks for cell in notebook.cells}
    unproven = any(found.outcome.fixed and f"{fix.format.path}:{found.fence}" not in ran
                   for found in fix.outcomes)
    missing = next((notebook for notebook in notebooks if not notebook.cells), None)
    if not unproven or missing is None:
        return None
    said = missing.diagnostics or report.diagnostics
    return f"{missing.notebook}: {said[0].message if said else 'not run'}"


def _still_drifting(fix: LessonFix, notebooks: Sequence[NotebookResult]) -> dict[int, CellResult]:
    """The fixed fences of ``fix`` whose cell still fails on an API their fix changed,
    with that cell."""
    labels: dict[int, set[str]] = {}
    for found in fix.outcomes:
        if found.outcome.fixed:
            labels.setdefault(found.fence, set()).add(found.outcome.api.label)
    found_cells: dict[int, CellResult] = {}
    for notebook in notebooks:
        for cell in notebook.cells:
            path, _, number = cell.source.rpartition(":")
            if (cell.verdict is not Verdict.API_DRIFT or cell.cause is not None
                    or path != fix.format.path or not number.isdigit()):
                continue
            fence = int(number)
            if any(cell.detail.startswith(f"{label} ") for label in labels.get(fence, ())):
                found_cells.setdefault(fence, cell)
    return found_cells


def _translated(corpus: Corpus, source: str | None, lesson: LessonFix,
                cells: dict[int, CellResult]) -> dict[int, CellResult]:
    """The fences of a translation paired with the source fences in ``cells``."""
    if source is None or not cells:
        return {}
    root = corpus.course.root
    pairs = align(corpus.lesson(root / source).code_blocks(),
                  corpus.lesson(lesson.format.file).code_blocks())
    return {pair.translation.line: cells[pair.source.line] for pair in pairs
            if pair.source is not None and pair.translation is not None
            and pair.source.line in cells}


def _without(lesson: LessonFix, fences: dict[int, CellResult]) -> LessonFix:
    """``lesson`` with the fixes of ``fences`` undone and said."""
    outcomes: list[FileOutcome] = []
    for found in lesson.outcomes:
        cell = fences.get(found.fence)
        if cell is not None and found.outcome.fixed:
            found = replace(found, outcome=replace(
                found.outcome, fixed=False,
                why=f"fix reverted: run with it, {cell.source} still fails: {cell.detail}"))
        outcomes.append(found)
    changes = tuple(change for change in lesson.format.changes if change.line not in fences)
    return replace(lesson, format=replace(lesson.format, changes=changes),
                   outcomes=tuple(outcomes))
