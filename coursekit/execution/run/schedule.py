"""The order the notebooks start in: the longest expected first.

With N workers, a long notebook started last keeps one worker busy while the others
stand idle; started first, the short ones fill the other workers around it and all
finish near together (the longest-processing-time rule). A notebook is expected to take
as long as it took the last time it ran (:mod:`~coursekit.execution.cache.durations`);
one never run is estimated from its count of code cells, at the seconds per cell of
those that did run (one second when none did).
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from typing import TypeVar

from coursekit.execution.plan.model import NotebookPlan

T = TypeVar("T")

_SECONDS_PER_CELL = 1.0
"""The estimate for a course none of whose notebooks ran before."""


def _cells(plan: NotebookPlan) -> int:
    return sum(cell.skip is None for cell in plan.cells)


def expected_seconds(plans: Sequence[NotebookPlan],
                     durations: Mapping[str, float]) -> list[float]:
    """How long each of ``plans`` is expected to run."""
    rates = [durations[p.notebook] / _cells(p) for p in plans
             if p.notebook in durations and _cells(p)]
    rate = statistics.median(rates) if rates else _SECONDS_PER_CELL
    return [durations.get(p.notebook, _cells(p) * rate) for p in plans]


def longest_first(items: Sequence[T], plans: Sequence[NotebookPlan],
                     durations: Mapping[str, float]) -> list[T]:
    """``items`` (one per plan, in the same order) in the order to start them; notebooks
    expected to take as long keep their order."""
    expected = expected_seconds(plans, durations)
    order = sorted(range(len(items)), key=lambda i: -expected[i])
    return [items[i] for i in order]
