"""The test items of ``pytest --coursekit``, made from what ``coursekit verify`` plans.

Collection runs no kernel: it reads the notebooks verify would build or read, and
their plans (:mod:`coursekit.execution.plan`), and makes an item of each notebook's
plain cells (``en/chapter1/1.ipynb::cells``), of each cell that documents an error
(``...::scenario@<source>``: a scenario opens there), of each expectation of another
device (``...::cuda@<source>``, skipped), of each notebook file that could not be read
(``<path>::verify``) and, when a notebook is to run, of the run's own findings
(:data:`~coursekit.pytest_outcomes.RUN_ITEM`). Each item reads its outcome from the
one verification of the session (:class:`coursekit.pytest_run.LazyRun`).

Every item is marked ``coursekit``, and each item of a notebook with its framework
(``pt``, ``tf``) and its language (``en``, ``zh-CN``), for ``-m``: ``-m "tf and fr"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from coursekit.pytest_outcomes import RUN_ITEM

if TYPE_CHECKING:
    from coursekit.config import Course
    from coursekit.execution.plan.model import NotebookPlan
    from coursekit.pytest_run import LazyRun


MARKS = {
    "coursekit": "an item of the course's lessons (pytest --coursekit)",
    "pt": "an item of a PyTorch notebook of the course",
    "tf": "an item of a TensorFlow notebook of the course",
}
"""The marks of any course's items, with what each marks (a language's are declared
as the course's notebooks are planned)."""


def declare_marks(config: pytest.Config, marks: dict[str, str]) -> None:
    """Declares each of ``marks`` (its name, what it marks) as a project's ``markers``
    setting does: pytest warns of an undeclared mark, and ``--strict-markers`` fails."""
    for name, meaning in marks.items():
        config.addinivalue_line("markers", f"{name}: {meaning}")


class CoursekitFailure(Exception):
    """A lesson cell or scenario that did not verify."""


@dataclass(frozen=True, slots=True)
class Planned:
    """What an item is of, as collection planned it."""

    notebook: str | None = None
    """The notebook the item belongs to; ``None`` for an item of the run."""
    unjudged: str | None = None
    """Why the item is skipped when the run judged nothing under its name (another
    device's expectation, a scenario of a notebook that did not run)."""


class CoursekitItem(pytest.Item):
    """A notebook's plain cells, a scenario, another device's expectation or the run's
    errors of one file; its id is its name (``en/chapter1/1.ipynb::cells``), and it is
    reported at ``location_path``, a file of the course. Marked ``coursekit``, a mark
    :func:`declare_marks` declares."""

    def __init__(self, *, run: LazyRun, planned: Planned, location_path: Path,
                 line: int | None, **kwargs: Any) -> None:
        # An item of the session would have the id `::name`: JUnit's classname `.en/...`.
        kwargs.setdefault("nodeid", kwargs["name"])
        super().__init__(**kwargs)
        self.run = run
        self.planned = planned
        self.location_path = location_path
        self.line = line
        self.add_marker("coursekit")

    def runtest(self) -> None:
        outcome = self.run.outcome(self.name)
        if outcome is None:  # the run judged nothing under this name
            pytest.skip(self.planned.unjudged or f"{self.name}: not judged by the run")
        if outcome.skip is not None:
            pytest.skip(outcome.skip)
        if outcome.failures:
            raise CoursekitFailure("\n".join(outcome.failures))

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


def _not_run(notebook: str) -> str:
    return f"{notebook}: not judged, its notebook did not run (its ::cells item says why)"


def _notebook_items(session: pytest.Session, run: LazyRun, root: Path,
                    plan: NotebookPlan) -> list[CoursekitItem]:
    """The items of one notebook, as the judge will name its results: a scenario for
    each cell documenting an error; a cell documented only for a GPU is one skipped
    scenario, and any other cell documented for another device a skipped item."""
    from coursekit.execution.judge.ondevice import unverified
    from coursekit.lessons.model import Framework

    lesson, notebook = root / plan.lesson, plan.notebook
    # A notebook of both frameworks has no framework's mark.
    marks = [mark for mark in (plan.framework.value, plan.language)
             if mark and mark != Framework.BOTH]

    def item(name: str, line: int | None, unjudged: str | None) -> CoursekitItem:
        made = CoursekitItem.from_parent(
            session, name=f"{notebook}::{name}", run=run, location_path=lesson, line=line,
            planned=Planned(notebook, unjudged))
        for mark in marks:
            made.add_marker(mark)
        return made

    items = [item("cells", None, None)]
    items.extend(item(f"scenario@{c.source}", c.line, _not_run(notebook))
                 for c in plan.cells if c.documents_error)
    gpu_only = {c.index for c in plan.cells if c.documents_error and c.gpu_only}
    lines = {c.index: c.line for c in plan.cells}
    items.extend(
        item(f"{left.device}@{left.source}", lines[left.index],
             f"{left.source}: {left.expected} on {left.device}: not verified here")
        for left in unverified(plan) if left.index not in gpu_only)
    return items


def planned_items(session: pytest.Session, run: LazyRun, course: Course,
                  plans: list[NotebookPlan], unread: list[str]) -> list[CoursekitItem]:
    """The items of the notebooks of ``plans``, of the files of ``unread`` and, when a
    notebook is to run, of the run; each marked (:data:`MARKS`)."""
    declare_marks(session.config, {
        language: f"an item of a notebook of the course in {language}"
        for language in sorted({plan.language for plan in plans} - {""})})
    made = [item for plan in plans
            for item in _notebook_items(session, run, course.root, plan)]
    made.extend(CoursekitItem.from_parent(
        session, name=f"{path}::verify", run=run, location_path=course.root / path,
        line=None, planned=Planned()) for path in unread)
    if plans:
        made.append(CoursekitItem.from_parent(
            session, name=RUN_ITEM, run=run, location_path=course.root, line=None,
            planned=Planned()))
    return made
