"""More time for a cell whose progress bar shows it will finish, out of a notebook budget.

A cell's limit (the course's ``timeout``, or its directive) is for a cell that hangs or
runs far too long. Preprocessing tens of thousands of rows at their real size takes a
few minutes on a CPU, and a learner simply waits for it: when such a cell reaches its
limit while its progress bar (``tqdm`` on stderr) still advances, it gets the time the
bar says it still needs, with a margin, as long as the notebook's budget
(``[tool.coursekit.verify] extension-budget``, seconds past their limits for all its
cells together) covers it. The bar is looked at a little before the limit and at it:
one that has not moved between two looks (stuck, or its steps slower than the look),
one that has finished (what runs now shows nothing), or one that needs more than is
left gets no more time:
the cell is interrupted, and its verdict says what it was doing and how far it got.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from coursekit.execution.judge.timeouts import BarState, current_bar

MARGIN = 1.25
"""The bar's estimate is of the pace so far; later steps may be slower."""
SLACK = 5.0
"""Seconds added to each extension, for what the cell does after its loop."""
LOOK = 10.0
"""Seconds before its limit that a cell's bar is first looked at."""


@dataclass(slots=True)
class ProgressBudget:
    """Seconds a notebook's cells may run past their limits while their bars advance."""

    left: float
    _seen: BarState | None = field(default=None, repr=False)
    _granted: float = field(default=0.0, repr=False)

    def start_cell(self) -> None:
        self._seen, self._granted = None, 0.0

    def look(self, outputs: Iterable[dict[str, Any]]) -> None:
        """Note where the running cell's bar is, to tell at its limit whether it moved."""
        self._seen = current_bar(outputs)

    def grant(self, outputs: Iterable[dict[str, Any]]) -> float:
        """More seconds for the running cell, or 0 to stop it now."""
        bar = current_bar(outputs)
        if bar is None or bar == self._seen or bar.done >= bar.total:
            return 0.0
        wanted = (bar.needed - bar.elapsed) * MARGIN + SLACK
        if wanted > self.left - self._granted:
            return 0.0
        self._seen = bar
        self._granted += wanted
        return wanted

    def settle(self, past_limit: float) -> None:
        """Charge the budget with the seconds the cell ran past its limit."""
        self.left = max(0.0, self.left - max(0.0, past_limit))
