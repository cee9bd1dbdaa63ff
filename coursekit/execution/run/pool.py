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
  the kernel replaced by one that never tried it;
- with ``fork``, the kernels are forked from one process that imported ipykernel and
  those packages once (see ``zygote``); a zygote that does not start makes the pool
  start its kernels as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque

from coursekit.execution.run.kernel import (
    KernelProfile,
    KernelStartError,
    WarmKernel,
    kernel_env,
    start_kernel,
)
from coursekit.execution.run.piplayer import PipPolicy
from coursekit.execution.run.preimport import warm_up
from coursekit.execution.run.zygote import Zygote, ZygoteError, zygote_argv


class KernelPool:
    def __init__(
        self, profile: KernelProfile, *, demand: int, warm: int,
        preimport: tuple[str, ...] = (), warmup_timeout: float = 120.0,
        pip: PipPolicy | None = None, fork: bool = False,
    ) -> None:
        self.profile = profile
        self.fork = fork
        """Whether to fork the kernels from a zygote (until one fails to start)."""
        self._zygote: Zygote | None = None
        self._zygote_lock = asyncio.Lock()
        self._zygote_seconds = 0.0
        """The zygote's start, not yet counted in a kernel's pre-import time."""
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

    async def _zygote_for_start(self) -> Zygote | None:
        """The zygote to fork the next kernel from, started on first use; ``None`` when
        the pool starts its kernels itself."""
        async with self._zygote_lock:
            while self.fork and self._zygote is None:
                started = time.monotonic()
                try:
                    zygote = await self._start_zygote()
                except (ZygoteError, OSError, KeyError):
                    self.fork = False  # the pool's kernels start as they always did
                    break
                finally:
                    self._zygote_seconds += time.monotonic() - started
                if zygote.failed:  # one that tried a failing import is not forked from
                    self.preimport = tuple(m for m in self.preimport if m not in zygote.failed)
                    await zygote.close()
                    continue
                self._zygote = zygote
            return self._zygote

    async def _start_zygote(self) -> Zygote:
        from jupyter_client.kernelspec import KernelSpecManager

        spec = KernelSpecManager().get_kernel_spec(self.profile.name)
        argv = zygote_argv(list(spec.argv))
        if argv is None:
            raise ZygoteError("the kernelspec does not start ipykernel")
        env = {**kernel_env(list(spec.argv), self.profile), **(spec.env or {})}
        return await Zygote.start(argv, env, self.preimport, self.warmup_timeout)

    async def _forked(self) -> WarmKernel | None:
        """A kernel forked from the pool's zygote; ``None`` when there is none, or the
        kernel did not start (the pool then stops forking)."""
        zygote = await self._zygote_for_start()
        if zygote is None:
            return None
        try:
            kernel = await start_kernel(self.profile, self.pip, zygote)
        except KernelStartError:
            self.fork = False
            return None
        kernel.preimport_seconds, self._zygote_seconds = self._zygote_seconds, 0.0
        return kernel

    async def _start(self) -> WarmKernel:
        forked = await self._forked()
        if forked is not None:
            return forked
        kernel = await start_kernel(self.profile, self.pip)
        spent = 0.0
        while self.preimport:
            started = time.monotonic()
            try:
                failed = await warm_up(kernel, self.preimport, self.warmup_timeout)
            except BaseException:  # stopped (Ctrl-C): the kernel and its folders go
                await kernel.shutdown()
                raise
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
        if self._zygote is not None:
            await self._zygote.close()
            self._zygote = None
