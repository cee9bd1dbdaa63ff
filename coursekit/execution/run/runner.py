"""Run one notebook's lesson cells, surviving timeouts, dead and poisoned kernels.

After a kernel dies (or a CUDA error poisons its process), a fresh kernel
replays the cells that ran cleanly before, and the notebook goes on.
"""

from __future__ import annotations

import copy

from coursekit.execution.judge.apidrift import drift_of, shim, shim_note
from coursekit.execution.judge.matching import matches_any
from coursekit.execution.plan.model import CellPlan, NotebookPlan
from coursekit.execution.results import CellRun, NotebookRun, RunStatus
from coursekit.execution.run.kernel import (
    Acquire,
    KernelStartError,
    Retire,
    evaluate,
)
from coursekit.execution.run.progress import ProgressBudget
from coursekit.execution.run.realwidths import replay_at_real_widths
from coursekit.execution.run.session import KernelSession
from coursekit.execution.run.shellexits import WATCH_EXPRESSION, read_exits
from coursekit.stale_apis import StaleApi

MAX_RESTARTS = 3
MAX_SHIMS = 3


def poisons_process(run: CellRun) -> bool:
    """A CUDA error leaves the process unusable: every later CUDA call fails."""
    return run.status is RunStatus.ERROR and "CUDA error" in run.evalue


class NotebookRunner:
    def __init__(
        self, plan: NotebookPlan, acquire: Acquire, default_timeout: float,
        retire: Retire | None = None, shims: tuple[StaleApi, ...] = (),
        extension_budget: float = 0.0,
    ) -> None:
        self.plan = plan
        self.budget = ProgressBudget(extension_budget)
        self.shims = shims
        self.acquire = acquire
        self.retire = retire
        self.default_timeout = default_timeout
        self.node = copy.deepcopy(plan.node)
        self.runs: list[CellRun] = []
        self.restarts = 0
        self.replayed: list[int] = []
        self.restarted_after: list[int] = []
        self.session: KernelSession | None = None
        self.kernel_error: str | None = None
        self.kernel_hint: str | None = None

    def timeout_of(self, cell: CellPlan) -> float:
        return cell.timeout or self.default_timeout

    async def _open(self) -> None:
        try:
            self.session = KernelSession(await self.acquire(), self.node)
        except KernelStartError as exc:
            self.session, self.kernel_error, self.kernel_hint = None, str(exc), exc.hint
            return
        # A shell command that fails raises nothing: the kernel keeps which ones did.
        await evaluate(self.session.kernel, WATCH_EXPRESSION)

    async def _close(self) -> None:
        if self.session is None:
            return
        kernel, self.session = self.session.kernel, None
        if self.retire is not None:
            self.retire(kernel)
        else:
            await kernel.shutdown()

    async def _restart(self) -> None:
        """A fresh kernel with the clean cells so far replayed into it."""
        await self._close()
        self.restarts += 1
        if self.restarts > MAX_RESTARTS:
            self.kernel_error = f"gave up after {MAX_RESTARTS} kernel restarts"
            return
        await self._open()
        for cell, run in zip(self.plan.cells, self.runs, strict=False):
            if self.session is None:
                return
            if run.status is not RunStatus.OK:
                continue
            scratch = copy.deepcopy(self.node.cells[cell.index])
            self.replayed.append(cell.index)
            replay = await self.session.run(scratch, cell.index, self.timeout_of(cell))
            if replay.status in (RunStatus.DIED, RunStatus.TIMEOUT):
                await self._restart()
                return

    async def _run_cell(self, cell: CellPlan) -> CellRun:
        if cell.skip is not None:
            return CellRun(RunStatus.SKIPPED)
        if self.session is None:
            return CellRun(RunStatus.NOT_RUN)
        session = self.session
        run = await session.run(self.node.cells[cell.index], cell.index,
                                self.timeout_of(cell), self.budget)
        if run.status is RunStatus.OK:
            run.exits = await read_exits(lambda expression: evaluate(session.kernel, expression))
        if run.status is RunStatus.TIMEOUT and await self.session.recover():
            return run
        if run.status in (RunStatus.DIED, RunStatus.TIMEOUT) or poisons_process(run):
            self.restarted_after.append(cell.index)
            self.runs.append(run)
            await self._restart()
            self.runs.pop()
        elif run.status is RunStatus.ERROR and self.shims and not matches_any(
                cell.expected, run.ename, run.evalue, run.mro):
            # A cell that documents an error but fails earlier on a renamed API (a
            # debugging lesson's call written for an older release) is run again too,
            # so that its documented error, and the scenarios after it, are judged.
            await self._shim(cell, run)
        return run

    async def _shim(self, cell: CellPlan, run: CellRun) -> None:
        """Run a cell that failed on a renamed API again with the new names, so that
        the cells after it run as the lesson meant (each rename once)."""
        code, notes, again = cell.code, [], run
        for _ in range(MAX_SHIMS):
            drift = drift_of(self.shims, again.ename, again.evalue)
            changed = shim(code, drift.api) if drift is not None else None
            if drift is None or changed is None or self.session is None:
                break
            code = changed
            notes.append(shim_note(drift.api))
            scratch = copy.deepcopy(self.node.cells[cell.index])
            scratch.source = code
            again = await self.session.run_instead(scratch, cell.index, self.timeout_of(cell))
            if again.status is not RunStatus.ERROR:
                break
        if notes:
            run.shim = "; ".join(notes)
            run.shim_error = "" if again.status is RunStatus.OK else (
                f"{again.ename}: {again.evalue.strip().splitlines()[0] if again.evalue else ''}"
                if again.status is RunStatus.ERROR else again.status.value)

    async def run(self) -> NotebookRun:
        try:  # a stop as the kernel is opened retires it too (its folders go with it)
            await self._open()
            for cell in self.plan.cells:
                self.runs.append(await self._run_cell(cell))
        finally:
            await self._close()
        await replay_at_real_widths(self.plan, self.runs, self.acquire, self.retire,
                                    self.default_timeout)
        return NotebookRun(cells=self.runs, restarts=self.restarts,
                           kernel_error=self.kernel_error, kernel_hint=self.kernel_hint,
                           replayed=self.replayed,
                           restarted_after=self.restarted_after)


async def run_notebook(
    plan: NotebookPlan, acquire: Acquire, default_timeout: float, retire: Retire | None = None,
    shims: tuple[StaleApi, ...] = (), extension_budget: float = 0.0,
) -> NotebookRun:
    """Run ``plan``'s cells in kernels from ``acquire``; ``retire`` takes them afterwards.
    ``shims``: stale APIs whose renames are applied to a cell that fails on them;
    ``extension_budget``: seconds its cells may run past their limits while their
    progress bars show they will finish."""
    return await NotebookRunner(plan, acquire, default_timeout, retire, shims,
                                extension_budget).run()
