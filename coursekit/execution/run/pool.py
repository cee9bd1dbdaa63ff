"""A pool of kernels: the next notebook's kernel starts while this one runs.

Every notebook still gets a fresh kernel (no state leaks between lessons);
the pool only hides start-up and shut-down time:

- a spare kernel is started only once the kernel a worker asked for is up, so
  the first kernels do not compete with spares for the CPU, and each spare
  starts while the notebook before it runs;
- no more kernels are started than the run is expected to need (restarts
  excepted);
- a used kernel is shut down in the background, and the shut-downs are
  awaited when the pool closes;
- a kernel is handed out once it has imported the packages the pool pre-imports
  (see ``preimport``); a package that fails to import is dropped from the list and
  the kernel replaced by one that never tried it.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque

from coursekit.execution.run.kernel import KernelProfile, WarmKernel, start_kernel
from coursekit.execution.run.piplayer import PipPolicy
from coursekit.execution.run.preimport import warm_up


class KernelPool:
    def __init__(
        self, profile: KernelProfile, *, demand: int, warm: int,
        preimport: tuple[str, ...] = (), warmup_timeout: float = 120.0,
        pip: PipPolicy | None = None,
    ) -> None:
        self.profile = profile
        self.pip = pip
        """Where the lessons' ``pip install`` goes: a layer of each kernel's own."""
        self.preimport = preimport
        """Packages each kernel imports before it is handed out."""
        self.warmup_timeout = warmup_timeout
        self.demand = demand
        """How many kernels the run is expected to need (restarts may ask for more)."""
        self.warm = max(1, warm)
        """How many spare kernels may be starting or waiting at a time."""
        self.started = 0
        self._starting: deque[asyncio.Task[WarmKernel]] = deque()
        self._stopping: set[asyncio.Task[None]] = set()

    def _launch(self) -> None:
        self.started += 1
        self._starting.append(asyncio.ensure_future(self._start()))

    async def _start(self) -> WarmKernel:
        kernel = await start_kernel(self.profile, self.pip)
        spent = 0.0
        while self.preimport:
            started = time.monotonic()
            failed = await warm_up(kernel, self.preimport, self.warmup_timeout)
            kernel.preimport_seconds = spent = spent + time.monotonic() - started
            if failed == []:
                break
            # The lesson's own cell must meet a failing import as a first import, so the
            # kernel that tried is replaced; a warm-up that hung or killed its kernel
            # stops pre-importing for the whole pool.
            self.preimport = () if failed is None else tuple(
                m for m in self.preimport if m not in failed)
            await kernel.shutdown()
            before = kernel.start_seconds
            kernel = await start_kernel(self.profile, self.pip)
            kernel.start_seconds += before
            kernel.preimport_seconds = spent
        return kernel

    def _fill(self) -> None:
        while len(self._starting) < self.warm and self.started < self.demand:
            self._launch()

    async def acquire(self) -> WarmKernel:
        """A started kernel (raises ``KernelStartError`` when it cannot start)."""
        if not self._starting:
            self._launch()
        task = self._starting.popleft()
        try:
            return await task
        finally:
            self._fill()

    def retire(self, kernel: WarmKernel) -> None:
        """Shut a used kernel down without making its worker wait for it."""
        task = asyncio.ensure_future(kernel.shutdown())
        self._stopping.add(task)
        task.add_done_callback(self._stopping.discard)

    async def close(self) -> None:
        while self._starting:
            task = self._starting.popleft()
            # Awaited, not cancelled: a start cut short could leave a kernel process behind.
            with contextlib.suppress(Exception):
                kernel = await task
                await kernel.shutdown()
        if self._stopping:
            await asyncio.gather(*self._stopping, return_exceptions=True)
