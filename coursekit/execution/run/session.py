"""Run a notebook's cells in a started kernel, one at a time.

Cells run through nbclient's ``NotebookClient.async_execute_cell`` with
``allow_errors``, one cell at a time, so every error is seen and the notebook
goes on after an expected one.
"""

from __future__ import annotations

import asyncio
import math
import time
from typing import Any

from nbclient import NotebookClient
from nbclient.exceptions import CellTimeoutError, DeadKernelError

from coursekit.execution.results import CellRun, RunStatus
from coursekit.execution.run.kernel import WarmKernel, evaluate
from coursekit.execution.run.progress import LOOK, ProgressBudget
from coursekit.execution.run.raised import interrupted_frames, read_error
from coursekit.execution.run.terminal_wait import waiting_for_terminal

_PROBE_SECONDS = 5.0
_INTERRUPT_GRACE = 30.0
"""Seconds an interrupted cell has to stop before nbclient's own limit gives up on it."""
_PROMPT_LOOK = 1.0
"""Seconds between two looks for a ``!`` command waiting for an answer on the terminal:
one seen waiting at two looks in a row is stopped."""


def _cancelled() -> bool:
    """Whether the running task is being cancelled (nbclient also cancels its own
    waits, when the kernel dies)."""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


class KernelSession:
    """Runs the cells of one notebook in one kernel."""

    def __init__(self, kernel: WarmKernel, notebook: Any) -> None:
        self.kernel = kernel
        self.client = NotebookClient(
            notebook, km=kernel.km, allow_errors=True, interrupt_on_timeout=False,
            record_timing=False, iopub_timeout=10,
        )
        self.client.kc = kernel.kc
        self.stopped: float | None = None
        """Set when the watch interrupted the running cell: the seconds it was granted."""
        self.waited: str | None = None
        """Set when the cell was interrupted for a command waiting on the terminal."""

    async def _prompted(self) -> None:
        """Interrupt the cell once a command of it is seen waiting for an answer on the
        terminal twice in a row (no one will type it: the limit would only be waited)."""
        process = getattr(getattr(self.kernel.km, "provisioner", None), "process", None)
        pid = getattr(process, "pid", None)
        if not isinstance(pid, int):
            return
        seen = None
        while True:
            await asyncio.sleep(_PROMPT_LOOK)
            waiting = await asyncio.to_thread(waiting_for_terminal, pid)
            if waiting is not None and waiting == seen:
                self.waited = waiting
                await self.kernel.km.interrupt_kernel()
                return
            seen = waiting

    async def _watch(self, cell: Any, started: float, timeout: float,
                     budget: ProgressBudget) -> float:
        """Interrupt the cell at its limit unless its progress bar earns it more time;
        give the seconds granted past the limit (set before the interrupt)."""
        deadline = timeout
        await asyncio.sleep(max(0.0, started + timeout - LOOK - time.monotonic()))
        budget.look(cell.get("outputs", []))
        while True:
            await asyncio.sleep(max(0.0, started + deadline - time.monotonic()))
            more = budget.grant(cell.get("outputs", []))
            if more <= 0:
                self.stopped = deadline - timeout
                await self.kernel.km.interrupt_kernel()
                return self.stopped
            deadline += more

    async def run(self, cell: Any, index: int, timeout: float,
                  budget: ProgressBudget | None = None) -> CellRun:
        """Run ``cell``; with ``budget``, a cell whose progress bar advances at its limit
        may run on (see :mod:`~coursekit.execution.run.progress`), and a cell stopped at
        its limit is interrupted by the watch (even with no budget left), so that its
        ``KeyboardInterrupt`` says where it was."""
        self.client.timeout = math.ceil(
            timeout + budget.left + _INTERRUPT_GRACE if budget is not None else timeout)
        started = time.monotonic()
        self.stopped = self.waited = None
        watch = None
        if budget is not None:
            budget.start_cell()
            watch = asyncio.ensure_future(self._watch(cell, started, timeout, budget))
        prompts = asyncio.ensure_future(self._prompted())
        try:
            await self.client.async_execute_cell(cell, index)
        except CellTimeoutError:
            return CellRun(RunStatus.TIMEOUT, duration=time.monotonic() - started,
                           outputs=list(cell.get("outputs", [])),
                           extended=self.stopped or 0.0)
        except (DeadKernelError, RuntimeError, asyncio.CancelledError) as exc:
            if isinstance(exc, asyncio.CancelledError) and _cancelled():
                raise  # the run is stopped (Ctrl-C): its cell did not die, it was not let finish
            return CellRun(RunStatus.DIED, duration=time.monotonic() - started,
                           outputs=list(cell.get("outputs", [])))
        finally:
            prompts.cancel()
            if watch is not None:
                watch.cancel()
            if budget is not None:
                budget.settle(time.monotonic() - started - timeout)
        duration = time.monotonic() - started
        outputs = list(cell.get("outputs", []))
        error = next((o for o in outputs if o.get("output_type") == "error"), None)
        if self.waited is not None and (error is None or error["ename"] == "KeyboardInterrupt"):
            return CellRun(RunStatus.TIMEOUT, duration=duration, waited=self.waited,
                           outputs=[o for o in outputs if o.get("output_type") != "error"])
        # Ours, at its limit; a ``!`` command stopped by it raises nothing (IPython ends it).
        if self.stopped is not None and (error is None or error["ename"] == "KeyboardInterrupt"):
            return CellRun(RunStatus.TIMEOUT, duration=duration, extended=self.stopped,
                           outputs=[o for o in outputs if o.get("output_type") != "error"],
                           traceback=interrupted_frames(error) if error is not None else [])
        count = cell.get("execution_count")
        if error is None:
            return CellRun(RunStatus.OK, outputs=outputs, duration=duration,
                           execution_count=count)
        return await read_error(lambda expression: evaluate(self.kernel, expression), error,
                                outputs, duration, count)

    async def run_instead(self, cell: Any, index: int, timeout: float) -> CellRun:
        """Run ``cell`` in place of the notebook's cell at ``index`` (a rewritten copy),
        leaving the notebook's own cell as it was. The copy stands in the notebook while
        it runs: output updates by display id (progress bars) go to the notebook's cell
        at that index, which must be the one whose outputs they count."""
        cells = self.client.nb["cells"]
        original = cells[index]
        cells[index] = cell
        self.client.clear_display_id_mapping(index)
        try:
            return await self.run(cell, index, timeout)
        finally:
            self.client.clear_display_id_mapping(index)
            cells[index] = original

    async def recover(self) -> bool:
        """After a timeout: interrupt, and tell whether the kernel answers again."""
        try:
            await self.kernel.km.interrupt_kernel()
        except (RuntimeError, OSError):
            return False
        answer = await evaluate(self.kernel, "1", timeout=_PROBE_SECONDS)
        return bool(answer == 1)
