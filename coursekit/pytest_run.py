"""The one verification of a ``pytest --coursekit`` session, run when it is first needed.

Collection only plans (:mod:`coursekit.pytest_items`); the first item that runs
verifies the notebooks of the items pytest selected (``-k``, ``--deselect``, ``--lf``;
none, and no kernel started, when no item of a notebook is), on the device, languages
and frameworks asked for, and shapes the findings as ``coursekit
verify`` does (the course's rule selection, the baseline). Every item then reads its
own outcome (:mod:`coursekit.pytest_outcomes`); ``--collect-only`` runs nothing.
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
    """The session's verification, run once, when the first item asks for its outcome."""

    request: Request
    session: pytest.Session
    unread: frozenset[str] = frozenset()
    """The files of notebooks that could not be read, each an item."""
    collected: dict[str, str | None] = field(default_factory=dict)
    """The name of every item collected (selected or not), and the notebook it is of
    (``None``: an item of the run)."""
    _outcomes: Outcomes | None = field(default=None, init=False)
    _failed: BaseException | None = field(default=None, init=False)

    def outcome(self, name: str) -> Outcome | None:
        """The outcome of the item ``name``; ``None`` when the run judged nothing under
        it. The first call verifies the course; a verification that stopped fails
        every item that asks."""
        if self._outcomes is None and self._failed is None:
            try:
                self._outcomes = self._verify()
            except BaseException as exc:
                self._failed = exc
                raise
        if self._failed is not None:
            raise self._failed
        assert self._outcomes is not None
        return self._outcomes.by_name.get(name)

    def _selected(self) -> frozenset[str]:
        """The notebooks of the items pytest selected: none when no item of a notebook
        is, which ``verify_course`` runs none of (all would be ``None``)."""
        return frozenset(notebook for item in self.session.items
                         if (notebook := self.collected.get(item.nodeid)) is not None)

    def _verify(self) -> Outcomes:
        from coursekit.execution.verify import verify_course
        from coursekit.pytest_outcomes import outcomes

        request = self.request
        report = verify_course(request.course, languages=request.languages,
                               frameworks=request.frameworks, device=request.device,
                               notebooks=self._selected())
        return outcomes(report, request.errors(report.all_diagnostics()),
                        unread=self.unread, collected=frozenset(self.collected))
