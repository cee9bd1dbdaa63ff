"""A pool of kernels: the next notebook's kernel starts while this one runs.

Every notebook still gets a fresh kernel (no state leaks between lessons);
the pool only hides start-up and shut-down time:

- a spare kernel is started only once the kernel a worker asked for is up, so
  the first kernels do not compete with spares for the CPU, and each spare
  starts while the notebook before it runs;
- no more kernels are started than the run is expected to need (restarts
  excepted);
- a used kernel is shut down in the background, and the shut-downs are
  awaited when the pool closes.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque

from coursekit.execution.kernel import KernelProfile, WarmKernel, start_kernel


class KernelPool:
    def __init__(self, profile: KernelProfile, *, demand: int, warm: int) -> None:
        self.profile = profile
        self.demand = demand
        """How many kernels the run is expected to need (restarts may ask for more)."""
        self.warm = max(1, warm)
        """How many spare kernels may be starting or waiting at a time."""
        self.started = 0
        self._starting: deque[asyncio.Task[WarmKernel]] = deque()
        self._stopping: set[asyncio.Task[None]] = set()

    def _launch(self) -> None:
        self.started += 1
        self._starting.append(asyncio.ensure_future(start_kernel(self.profile)))

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

    def give_back(self, kernel: WarmKernel) -> None:
        """Return an unused kernel (e.g. after asking it about its environment)."""
        done: asyncio.Future[WarmKernel] = asyncio.get_running_loop().create_future()
        done.set_result(kernel)
        self._starting.appendleft(asyncio.ensure_future(_ready(done)))

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


async def _ready(done: asyncio.Future[WarmKernel]) -> WarmKernel:
    return await done
