"""pytest plugin: ``pytest --coursekit [--coursekit-root DIR]`` turns a course into tests.

Each notebook's plain cells are one test item and each documented error
scenario another, so CI shows which lesson's fix stopped working. A failure counts as
``coursekit verify`` counts it: the findings go through the same report pipeline
(:mod:`coursekit.report.pipeline`, with the course's rule selection and, with
``--coursekit-baseline FILE``, the baseline ``verify --baseline`` reads), and a cell fails
its item only where an error finding is kept at it; a finding on the notebook that no
cell carries (it could not be read or run) fails its plain-cells item, and an error of
the run that no notebook carries (a notebook it could not read) an item of its file. Without
``--coursekit`` the plugin does nothing (and imports nothing heavy).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from collections.abc import Sequence

    from coursekit.config import Course
    from coursekit.diagnostics import Diagnostic
    from coursekit.execution.results import (
        CellResult,
        NotebookResult,
        Scenario,
        VerifyReport,
    )


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("coursekit")
    group.addoption("--coursekit", action="store_true", help="Verify the course's lessons.")
    group.addoption("--coursekit-root", default=".", metavar="DIR",
                    help="Course checkout to verify (default: the current folder).")
    group.addoption("--coursekit-device", default="auto", choices=("cpu", "cuda", "auto"),
                    help="Device the lessons run on.")
    group.addoption("--coursekit-baseline", default=None, metavar="FILE",
                    help="Fail only on findings not recorded in this baseline file, as "
                         "`coursekit verify --baseline FILE` does.")


class CoursekitFailure(Exception):
    """A lesson cell or scenario that did not verify."""


class CoursekitItem(pytest.Item):
    """A notebook's plain cells, a scenario or a run's errors of one file; its id is its
    name (``en/chapter1/1.ipynb::cells``), and it is reported at ``location_path``, a
    file of the course."""

    def __init__(self, *, failures: list[str], location_path: Path, line: int | None,
                 skip: str | None = None, **kwargs: Any) -> None:
        # An item of the session would have the id `::name`: JUnit's classname `.en/...`.
        kwargs.setdefault("nodeid", kwargs["name"])
        super().__init__(**kwargs)
        self.failures = failures
        self.location_path = location_path
        self.line = line
        self.skip = skip

    def runtest(self) -> None:
        if self.skip is not None:
            pytest.skip(self.skip)
        if self.failures:
            raise CoursekitFailure("\n".join(self.failures))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        if isinstance(excinfo.value, CoursekitFailure):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path | str, int | None, str]:
        # Told apart from the id, as a doctest is: pytest -v writes a domain that ends
        # the id with its dots as `::` (`en/chapter1/1::ipynb::cells`).
        return (self.location_path, (self.line - 1) if self.line else None,
                f"[coursekit] {self.name}")


def _line(cell: CellResult) -> int | None:
    tail = cell.source.rsplit(":", 1)
    return int(tail[1]) if len(tail) == 2 and tail[1].isdigit() else None


def _cell_failures(cells: list[CellResult], errors: Sequence[Diagnostic],
                   dropped: frozenset[str]) -> list[str]:
    """What fails an item of ``cells``: each cell that failed on its own account, less
    those at ``dropped``, and each error kept at another of them (an output that drifted,
    a consequence, where the course made that rule an error)."""
    failed = [c for c in cells
              if not c.verdict.passed and c.cause is None and c.source not in dropped]
    others = {c.source for c in cells} - {c.source for c in failed}
    return [*(f"{c.source}: {c.verdict.value}: {c.detail}" for c in failed),
            *(f"{d.location}: {d.rule} {d.message}" for d in errors
              if f"{d.path}:{d.line}" in others)]


def _dropped(found: Sequence[Diagnostic], errors: Sequence[Diagnostic]) -> frozenset[str]:
    """The places (``path:line``) of findings where the report keeps no error: the rule
    selection left them out, or made them warnings."""
    def places(diagnostics: Sequence[Diagnostic]) -> set[str]:
        return {f"{d.path}:{d.line}" for d in diagnostics if d.line is not None}

    return frozenset(places(found) - places(errors))


def _own(result: NotebookResult, errors: Sequence[Diagnostic]) -> list[Diagnostic]:
    """The errors kept of those on ``result`` (another framework's notebook of the same
    lesson has its findings at the same places)."""
    own = {(d.rule, d.path, d.line, d.message) for d in result.diagnostics}
    return [d for d in errors if (d.rule, d.path, d.line, d.message) in own]


def _notebook_failures(result: NotebookResult, errors: Sequence[Diagnostic]) -> list[str]:
    """The errors kept on ``result``'s lesson that none of its cells carries."""
    sources = {c.source for c in result.cells}
    return [f"{d.location}: {d.rule} {d.message}" for d in _own(result, errors)
            if f"{d.path}:{d.line}" not in sources]


def _items(session: pytest.Session, root: Path, result: NotebookResult,
           errors: Sequence[Diagnostic]) -> list[CoursekitItem]:
    """``errors``: those the report keeps; ``root``: the course's."""
    errors = _own(result, errors)
    lesson = root / result.lesson
    dropped = _dropped(result.diagnostics, errors)
    by_index = {c.index: c for c in result.cells}
    in_scenario = {i for s in result.scenarios for i in (s.error_cell, *s.fix_cells)}
    plain = [c for c in result.cells if c.index not in in_scenario]
    items = [CoursekitItem.from_parent(
        session, name=f"{result.notebook}::cells",
        failures=[*_notebook_failures(result, errors),
                  *_cell_failures(plain, errors, dropped)],
        location_path=lesson, line=None,
    )]
    scenario: Scenario
    from coursekit.judgement.model import Fate

    gpu_only: set[int] = set()
    for scenario in result.scenarios:
        error = by_index[scenario.error_cell]
        if scenario.outcome is Fate.NEEDS_GPU:  # skipped, as another device's expectation
            gpu_only.add(scenario.error_cell)
            items.append(CoursekitItem.from_parent(
                session, name=f"{result.notebook}::scenario@{error.source}", failures=[],
                location_path=lesson, line=_line(error),
                skip=f"{error.source}: {scenario.reason}",
            ))
            continue
        cells = [error, *(by_index[i] for i in scenario.fix_cells)]
        items.append(CoursekitItem.from_parent(  # not proven, with no error: verify passes it
            session, name=f"{result.notebook}::scenario@{error.source}",
            failures=_cell_failures(cells, errors, dropped),
            location_path=lesson, line=_line(error),
        ))
    for left in result.unverified:  # another device's expectation: skipped, never passed
        if left.index in gpu_only:
            continue
        items.append(CoursekitItem.from_parent(
            session, name=f"{result.notebook}::{left.device}@{left.source}", failures=[],
            location_path=lesson, line=_line(by_index[left.index]),
            skip=f"{left.source}: {left.expected} on {left.device}: not verified on "
                 f"{result.device}",
        ))
    return items


def _run_items(session: pytest.Session, root: Path, report: VerifyReport,
               errors: Sequence[Diagnostic]) -> list[CoursekitItem]:
    """An item for each file that the run's own findings are at (a notebook it could
    not read, stand-ins it could not prepare): no notebook carries them. It fails on
    the errors kept there, on which ``coursekit verify`` exits 1 all the same; one whose
    findings the selection or the baseline left out passes, as verify exits 0 (a run
    with no item at all would be pytest's exit 5)."""
    own = {(d.rule, d.path, d.line, d.message) for d in report.diagnostics}
    by_path: dict[str, list[str]] = {d.path: [] for d in report.diagnostics}
    for d in errors:
        if (d.rule, d.path, d.line, d.message) in own:
            by_path.setdefault(d.path, []).append(f"{d.location}: {d.rule} {d.message}")
    return [CoursekitItem.from_parent(session, name=f"{path}::verify", failures=failures,
                                      location_path=root / path, line=None)
            for path, failures in by_path.items()]


def _open_course(root: Path) -> Course:
    """The course at ``root``, opened as ``coursekit verify`` opens it: a root that is
    not a folder, or a configuration problem (each ``CFG001`` finding with its file and
    line), is a usage error."""
    from coursekit.config import Course
    from coursekit.config.check import config_findings

    if not root.is_dir():
        raise pytest.UsageError(f"course root {root} is not a folder")
    course = Course.open(root)
    problems = config_findings(course)
    if problems:
        raise pytest.UsageError("\n".join(
            f"{root / d.location}: {d.severity.value} {d.rule} {d.message}" for d in problems))
    return course


def _verify(course: Course, device: str) -> VerifyReport:
    """The course verified on ``device``; no notebook to verify, or a device that is not
    there, is a usage error, as it is for ``coursekit verify``."""
    from coursekit.execution.run.device import DeviceError
    from coursekit.execution.verify import EmptyScopeError, verify_course

    try:
        return verify_course(course, device=device)
    except EmptyScopeError as exc:
        # The whole course is the scope: name its root as given, not as the course sees it.
        raise pytest.UsageError(
            f"no notebook to verify in {course.root}: no lesson of the course has code, "
            "and it has no notebook") from exc
    except DeviceError as exc:
        raise pytest.UsageError(str(exc)) from exc


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item],
) -> None:
    if not config.getoption("coursekit", default=False):
        return
    from coursekit.diagnostics import Severity
    from coursekit.report.pipeline import BaselineError, Shape, shape

    course = _open_course(Path(config.getoption("coursekit_root")))
    report = _verify(course, config.getoption("coursekit_device"))
    baseline = config.getoption("coursekit_baseline")
    try:  # as `coursekit verify` reports them, every repeat listed: a cell fails by its own
        findings = shape(report.all_diagnostics(), selection=course.config.selection,
                         baseline=None if baseline is None else Path(baseline),
                         how=Shape(show_all=True))
    except BaselineError as exc:
        raise pytest.UsageError(str(exc)) from exc
    errors = [d for d in findings.shown if d.severity is Severity.ERROR]
    made = [item for result in report.notebooks
            for item in _items(session, course.root, result, errors)]
    made.extend(_run_items(session, course.root, report, errors))
    # Counted as collected ("collected 3 items", --collect-only), as a collector's are.
    config.hook.pytest_collectreport(report=pytest.CollectReport(
        session.nodeid, "passed", None, list[pytest.Item | pytest.Collector](made)))
    items.extend(made)
