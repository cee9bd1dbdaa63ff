"""How long a notebook's run waited for its kernels, and what they cost to get ready."""

from __future__ import annotations

import time
from dataclasses import dataclass

from coursekit.execution.results import NotebookRun
from coursekit.execution.run.kernel import Acquire, WarmKernel
from coursekit.judgement.timing import NotebookTiming


@dataclass(slots=True)
class KernelClock:
    """Hands out the kernels of ``source``, timing each hand-out."""

    source: Acquire
    waited: float = 0.0
    started: float = 0.0
    preimported: float = 0.0

    async def acquire(self) -> WarmKernel:
        began = time.monotonic()
        kernel = await self.source()
        self.waited += time.monotonic() - began
        self.started += kernel.start_seconds
        self.preimported += kernel.preimport_seconds
        return kernel

    def timing(self, run: NotebookRun, *, queue: float, wall: float) -> NotebookTiming:
        """The stages of ``run``, which took its worker ``wall`` seconds after ``queue``
        seconds waiting for the worker."""
        cells = run.cell_time
        return NotebookTiming(
            queue=queue, kernel_wait=self.waited, kernel_start=self.started,
            preimport=self.preimported,
            first_cell=run.cells[0].duration if run.cells else 0.0, cells=cells,
            other=max(0.0, wall - self.waited - cells),
        )
