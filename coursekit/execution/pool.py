"""A pool of warm kernels: the next notebook's kernel starts while this one runs.

Every notebook still gets a fresh kernel (no state leaks between lessons);
the pool only hides start-up time, and never starts more kernels than asked for.
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
        self.started = 0
        self._starting: deque[asyncio.Task[WarmKernel]] = deque()

    def _launch(self) -> None:
        self.started += 1
        self._starting.append(asyncio.ensure_future(start_kernel(self.profile)))

    def _fill(self) -> None:
        while len(self._starting) < self.warm and self.started < self.demand:
            self._launch()

    async def acquire(self) -> WarmKernel:
        """A started kernel (raises ``KernelStartError`` when it cannot start)."""
        self._fill()
        if not self._starting:
            self._launch()
        task = self._starting.popleft()
        self._fill()
        return await task

    def give_back(self, kernel: WarmKernel) -> None:
        """Return an unused kernel (e.g. after asking it about its environment)."""
        done: asyncio.Future[WarmKernel] = asyncio.get_running_loop().create_future()
        done.set_result(kernel)
        self._starting.appendleft(asyncio.ensure_future(_ready(done)))

    async def close(self) -> None:
        while self._starting:
            task = self._starting.popleft()
            # Awaited, not cancelled: a start cut short could leave a kernel process behind.
            with contextlib.suppress(Exception):
                kernel = await task
                await kernel.shutdown()


async def _ready(done: asyncio.Future[WarmKernel]) -> WarmKernel:
    return await done
