"""Run a notebook again on the real architectures, where stand-ins may hide an error.

A stand-in keeps everything of its model a lesson can observe but its hidden sizes and
depth. When a cell's documented error does not show on it, or another error naming
one of the shrunk widths shows in its place, the stand-in may be the cause, or the
libraries may have changed. To tell which, the notebook's cells up to that one run a
second time in a fresh kernel whose stand-ins load at their real widths (the real
architecture from its configuration, random weights: ``offline/coursekit_realwidths``),
and what the cell does there is kept beside its run for the judge.
"""

from __future__ import annotations

import copy
import re
import time

from coursekit.execution.judge.matching import matches_any
from coursekit.execution.plan.model import CellPlan, NotebookPlan
from coursekit.execution.results import CellRun, RunStatus
from coursekit.execution.run.kernel import (
    Acquire,
    KernelStartError,
    Retire,
    evaluate,
)
from coursekit.execution.run.session import KernelSession
from coursekit.standins.widths import names_a_standin_width

SWITCH = "__import__('coursekit_realwidths').switch_on()"
WIDENED = "__import__('coursekit_realwidths').widened()"
BUDGET = 300.0
"""Seconds the second run may take in all: the real widths are slower, and a training
cell at full width on a CPU would never end."""
_LOADS = re.compile(r"\bfrom_pretrained\s*\(|\bpipeline\s*\(")


def asks(cell: CellPlan, run: CellRun) -> bool:
    """Whether the real architecture must say what this cell does: its documented error
    did not show, or another naming a stand-in width showed in its place."""
    if not cell.expects_error or cell.skip is not None:
        return False
    if run.status is RunStatus.OK:
        return True
    return (run.status is RunStatus.ERROR and names_a_standin_width(run.evalue)
            and not matches_any(cell.expected, run.ename, run.evalue, run.mro))



async def replay_at_real_widths(plan: NotebookPlan, runs: list[CellRun], acquire: Acquire,
                                retire: Retire | None, default_timeout: float) -> None:
    """Fill ``real_widths`` and ``real_raised`` of the runs of the cells that ask."""
    wanted = {n for n, (cell, run) in enumerate(zip(plan.cells, runs, strict=False))
              if asks(cell, run)}
    if not wanted or not any(_LOADS.search(c.code) for c in plan.cells[:max(wanted) + 1]):
        return
    try:
        kernel = await acquire()
    except KernelStartError:
        return
    session = KernelSession(kernel, copy.deepcopy(plan.node))
    deadline = time.monotonic() + BUDGET
    try:
        if await evaluate(kernel, SWITCH) is not True:
            return  # no guard in the kernel (verification online): nothing to switch
        for n, cell in enumerate(plan.cells[:max(wanted) + 1]):
            left = min(cell.timeout or default_timeout, deadline - time.monotonic())
            if cell.skip is not None:
                continue
            if left <= 0:
                return
            run = await session.run(session.client.nb.cells[cell.index], cell.index, left)
            if run.status in (RunStatus.TIMEOUT, RunStatus.DIED):
                return
            if n in wanted:
                widened = await evaluate(kernel, WIDENED)
                if isinstance(widened, list) and widened:
                    runs[n].real_widths = [str(w) for w in widened]
                    runs[n].real_raised = "" if run.status is RunStatus.OK else run.raised
    finally:
        if retire is not None:
            retire(kernel)
        else:
            await kernel.shutdown()
