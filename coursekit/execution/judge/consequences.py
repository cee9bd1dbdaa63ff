"""Which failures are consequences of an earlier one, as verdicts: a cell that failed
because an earlier cell failed (a name it left undefined, a value it left half built, a
file it did not write, a kernel it killed, a package the kernel lacked for it first) is
``not-reached``, naming that cell and how; what it does itself was never tried."""

from __future__ import annotations

from coursekit.execution.judge.cascade import CascadeTracker, Cause
from coursekit.execution.judge.cuda import lacks_cuda
from coursekit.execution.judge.reproduced import shim_reproduced
from coursekit.execution.plan.model import CellPlan
from coursekit.execution.results import CellResult, CellRun, RunStatus, Verdict

_DOCUMENTED_OR_FINE = frozenset({Verdict.NEEDS_GPU})
"""Verdicts that leave what the cell defines as the lesson means it, though not passed: a
cell documented to fail on a GPU that fails here too (one that failed asking for a CUDA
device this machine lacks left its names undefined: what reads them is not reached)."""
_MAY_BE_CONSEQUENCE = frozenset({Verdict.UNEXPECTED_ERROR, Verdict.ERROR_DRIFT})
"""Verdicts an earlier failure can explain; the others name a cause of the cell's own
(a drifted API, a missing package, the network, a timeout)."""


def _not_reached(run: CellRun, root: CellPlan, root_result: CellResult,
                 cause: Cause | None) -> str:
    how = f" and {cause.how}" if cause is not None else ""
    what = (f"; it raised `{run.raised}`" if run.status is RunStatus.ERROR
            else "; no kernel was left to run it" if run.status is RunStatus.NOT_RUN else "")
    if root_result.verdict is Verdict.SKIPPED:  # the lesson's choice, not a failure
        return f"not reached: the cell at {root.source} is skipped{how}{what}"
    return (f"not reached: the cell at {root.source} failed "
            f"({root_result.verdict.value}){how}{what}")


class Causes:
    """Fed the cells in order: which earlier failure each failure goes back to."""

    def __init__(self) -> None:
        self.tracker = CascadeTracker()
        self.judged: dict[int, tuple[CellPlan, CellResult]] = {}
        self.last_death: int | None = None
        self.needs: dict[str, int] = {}
        """What the kernel lacks -> the first cell that needed it."""

    def judge(self, cell: CellPlan, run: CellRun, verdict: Verdict,
              detail: str, need: str = "") -> tuple[Verdict, str, int | None]:
        """The verdict, its sentence and its cause: ``not-reached`` for a consequence
        (``need``: what the kernel lacks for the cell; an earlier cell that lacked it
        first is the cause)."""
        explained = (self.tracker.explain(run, cell.code) if verdict in _MAY_BE_CONSEQUENCE
                     else None)
        if need:
            first = self.needs.setdefault(need, cell.index)
            if first != cell.index:
                explained = Cause(first, f"the kernel lacks `{need}` for this cell too")
        cause = explained.index if explained is not None else None
        if run.status is RunStatus.NOT_RUN:
            cause, explained = self.last_death, None
        elif run.status is RunStatus.DIED:
            self.last_death = cell.index
        if cause is not None and cause in self.judged:
            root, root_result = self.judged[cause]
            verdict, detail = Verdict.NOT_REACHED, _not_reached(run, root, root_result,
                                                                explained)
        failed = ((verdict is Verdict.SKIPPED or not verdict.passed)
                  and (verdict not in _DOCUMENTED_OR_FINE or lacks_cuda(run))
                  and not run.shimmed_clean
                  and not shim_reproduced(cell, run))
        self.tracker.record(cell.index, cell.code, failed=failed, cause=cause)
        return verdict, detail, cause

    def record(self, cell: CellPlan, result: CellResult) -> None:
        self.judged[cell.index] = (cell, result)
