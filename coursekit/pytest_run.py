"""The one verification of a ``pytest --coursekit`` session, run when it is first needed.

Collection only plans (:mod:`coursekit.pytest_items`); the first item that runs
verifies the notebooks of the items pytest selected (``-k``, ``--deselect``, ``--lf``;
none, and no kernel started, when no item of a notebook is; with ``-x``, ``--maxfail``
or ``--sw``, each notebook when its first item runs, so that none runs after the
session stops), on the device, languages and frameworks asked for, and shapes the
findings as ``coursekit verify`` does (the course's rule selection, the baseline).
Every item then reads its own outcome (:mod:`coursekit.pytest_outcomes`);
``--collect-only`` runs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from coursekit.config import Course
    from coursekit.diagnostics import Diagnostic
    from coursekit.execution.plan.model import NotebookPlan
    from coursekit.execution.results import VerifyReport
    from coursekit.pytest_outcomes import Outcome, Outcomes


@dataclass(frozen=True, slots=True)
class Request:
    """What ``pytest --coursekit`` asks of the course."""

    course: Course
    device: str
    """``cpu``, ``cuda`` or ``auto``, as ``resolve_device`` resolved it."""
    languages: list[str] | None = None
    frameworks: list[str] | None = None
    baseline: Path | None = None

    def plan(self) -> tuple[list[NotebookPlan], list[Diagnostic]]:
        """The plans of the notebooks verify would run (on the device asked for; ``auto``
        plans on CPU, as verify does before a kernel says it sees a GPU) and what it
        could not read. Raises ``EmptyScopeError`` when the scope selects nothing."""
        from coursekit.execution.plan.scope import notebooks_in_scope

        sources, unread = notebooks_in_scope(
            self.course, languages=self.languages, frameworks=self.frameworks, paths=())
        device = "cuda" if self.device == "cuda" else "cpu"
        return [source.plan(device) for source in sources], unread

    def errors(self, found: list[Diagnostic]) -> list[Diagnostic]:
        """The errors of ``found`` that ``coursekit verify`` reports as the course's
        rule selection and the baseline keep them (every repeat listed); raises
        ``BaselineError`` when the baseline is no baseline."""
        from coursekit.diagnostics import Severity
        from coursekit.report.pipeline import Shape, shape

        findings = shape(found, selection=self.course.config.selection,
                         baseline=self.baseline, how=Shape(show_all=True),
                         root=self.course.root)
        return [d for d in findings.shown if d.severity is Severity.ERROR]


@dataclass(slots=True)
class LazyRun:
    """The session's verification, run when the first item asks for its outcome: every
    notebook selected at once or, when the session ``stops`` at a failure (``-x``,
    ``--maxfail``, ``--sw``), each notebook when its first item runs, so that no
    notebook after the failure runs (one at a time: the pool's workers run no two)."""

    request: Request
    session: pytest.Session
    unread: frozenset[str] = frozenset()
    """The files of notebooks that could not be read, each an item."""
    collected: dict[str, str | None] = field(default_factory=dict)
    """The name of every item collected (selected or not), and the notebook it is of
    (``None``: an item of the run)."""
    stops: bool = False
    _report: VerifyReport | None = field(default=None, init=False)
    _ran: set[str] = field(default_factory=set, init=False)
    _outcomes: Outcomes | None = field(default=None, init=False)
    _failed: BaseException | None = field(default=None, init=False)

    def outcome(self, name: str) -> Outcome | None:
        """The outcome of the item ``name``; ``None`` when the run judged nothing under
        it. The notebooks it needs are verified first (the run's item needs every one
        selected); a verification that stopped fails every item that asks."""
        if self._failed is not None:
            raise self._failed
        due = self._due(name) - self._ran
        if self._outcomes is None or due:
            try:
                self._outcomes = self._verify(due)
            except BaseException as exc:
                self._failed = exc
                raise
        return self._outcomes.by_name.get(name)

    def _due(self, name: str) -> frozenset[str]:
        """The notebooks verified before ``name`` has an outcome: those selected, or,
        when the session stops at a failure, the item's own (none for an unread
        file's item, whose outcome reading the course gives)."""
        from coursekit.pytest_outcomes import RUN_ITEM

        if not self.stops or name == RUN_ITEM:
            return self._selected()
        notebook = self.collected.get(name)
        return frozenset() if notebook is None else frozenset({notebook})

    def _selected(self) -> frozenset[str]:
        """The notebooks of the items pytest selected: none when no item of a notebook
        is, which ``verify_course`` runs none of (all would be ``None``), unless the
        run's own item is selected, named alone on the command line: its findings are
        those of running every notebook collected."""
        from coursekit.pytest_outcomes import RUN_ITEM

        selected = {item.nodeid for item in self.session.items}
        notebooks = frozenset(notebook for name in selected
                              if (notebook := self.collected.get(name)) is not None)
        if notebooks or RUN_ITEM not in selected:
            return notebooks
        return frozenset(notebook for notebook in self.collected.values()
                         if notebook is not None)

    def _verify(self, notebooks: frozenset[str]) -> Outcomes:
        """The outcomes once ``notebooks`` are verified too, with those verified before."""
        from coursekit.execution.verify import verify_course
        from coursekit.pytest_outcomes import joined, outcomes

        request = self.request
        report = verify_course(request.course, languages=request.languages,
                               frameworks=request.frameworks, device=request.device,
                               notebooks=notebooks)
        self._ran |= notebooks
        self._report = report if self._report is None else joined(self._report, report)
        return outcomes(self._report, request.errors(self._report.all_diagnostics()),
                        unread=self.unread, collected=frozenset(self.collected))
