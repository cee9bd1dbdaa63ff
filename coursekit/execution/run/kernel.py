"""Real kernels: start one, run a cell in it, ask it about the last exception.

Cells run through nbclient's ``NotebookClient.async_execute_cell`` with
``allow_errors``, one cell at a time, so every error is seen and the notebook
goes on after an expected one.
"""

from __future__ import annotations

import ast
import asyncio
import math
import os
import shutil
import subprocess
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellTimeoutError, DeadKernelError

from coursekit.execution.results import CellRun, RunStatus
from coursekit.execution.run.hfhome import home_env, made_home, remove_home, without_user_caches
from coursekit.execution.run.piplayer import PipPolicy, make_layer, remove_layer
from coursekit.execution.run.progress import LOOK, ProgressBudget
from coursekit.execution.run.raised import interrupted_frames, read_error
from coursekit.execution.run.zygote import ForkedProvisioner, Zygote

_PROBE_SECONDS = 5.0
_INTERRUPT_GRACE = 30.0
"""Seconds an interrupted cell has to stop before nbclient's own limit gives up on it."""


class KernelStartError(RuntimeError):
    """A kernel could not be started (not installed, or it failed on start)."""


@dataclass(frozen=True, slots=True)
class KernelProfile:
    """Which kernel to start, and the variables added to its environment."""

    name: str
    env: tuple[tuple[str, str], ...] = ()
    startup_timeout: float = 60.0


@dataclass(slots=True)
class WarmKernel:
    """A started kernel, ready for code, in its own scratch working folder."""

    km: Any
    kc: Any
    workdir: Path
    layer: Path | None = None
    """Where the lesson's ``pip install`` puts packages (see ``piplayer``)."""
    home: Path | None = None
    """Its ``HF_HOME``, over the stand-in set (see ``hfhome``)."""
    start_seconds: float = 0.0
    """How long it took to start (a kernel started again after a failed warm-up
    counts the kernel before it too)."""
    preimport_seconds: float = 0.0
    """How long it took to import the lessons' packages ahead (see ``preimport``)."""

    async def shutdown(self) -> None:
        try:
            self.kc.stop_channels()
            if await self.km.is_alive():
                await self.km.shutdown_kernel(now=True)
            else:  # a dead kernel still holds its connection files and zmq context
                await self.km.cleanup_resources()
        except (RuntimeError, OSError):
            pass  # already gone: nothing left to stop
        finally:
            _close_context(self.kc)
            _close_context(self.km)
            shutil.rmtree(self.workdir, ignore_errors=True)
            remove_layer(self.layer)
            await asyncio.to_thread(remove_home, self.home)


def _close_context(owner: Any) -> None:
    """Close a zmq context the owner created, now rather than at garbage collection."""
    context = getattr(owner, "context", None)
    if getattr(owner, "_created_context", False) and context is not None and not context.closed:
        context.destroy(linger=0)


def kernel_tools_env(argv: list[str], env: dict[str, str]) -> dict[str, str]:
    """``env`` with the kernel's own scripts first on ``PATH``: a lesson's ``!pip
    install`` is then the kernel's pip, not the one of the environment coursekit runs
    in (whose ``pip`` would come first otherwise)."""
    python = Path(argv[0]) if argv else None
    if python is None or not python.is_absolute():
        return env
    scripts = str(python.parent)
    rest = [p for p in env.get("PATH", os.defpath).split(os.pathsep) if p and p != scripts]
    return {**env, "PATH": os.pathsep.join([scripts, *rest])}


def kernel_env(argv: list[str], profile: KernelProfile) -> dict[str, str]:
    """The environment a kernel of ``profile`` whose kernelspec runs ``argv`` starts
    with (before its pip layer)."""
    given = dict(profile.env)
    return kernel_tools_env(argv, without_user_caches({**os.environ, **given}, given))


def _forked(km: Any, zygote: Zygote) -> None:
    """Make ``km`` ask ``zygote`` for its kernel process."""
    km.kernel_id = km.kernel_id or str(uuid.uuid4())
    provisioner = ForkedProvisioner(kernel_id=km.kernel_id, kernel_spec=km.kernel_spec,
                                    parent=km)
    provisioner.zygote = zygote
    km.provisioner = provisioner


async def start_kernel(profile: KernelProfile, pip: PipPolicy | None = None,
                       zygote: Zygote | None = None) -> WarmKernel:
    """A started kernel, with an ``HF_HOME`` of its own over the stand-ins; with ``pip``,
    the lesson's ``pip install`` goes into a layer of its own; with ``zygote``, forked."""
    started = time.monotonic()
    workdir = Path(tempfile.mkdtemp(prefix="coursekit-run-"))
    layer = make_layer(pip) if pip is not None else None
    home = None
    km = AsyncKernelManager(kernel_name=profile.name)
    try:
        home = await made_home(dict(profile.env))
        if zygote is not None:
            _forked(km, zygote)
        spec = km.kernel_spec
        env = kernel_env(list(spec.argv) if spec is not None else [], profile)
        if pip is not None and layer is not None:
            env = pip.env(env, layer)
        env = home_env(env, home)
        # The kernel process's own log (not cell output) would clutter the report.
        await km.start_kernel(env=env, cwd=str(workdir), stderr=subprocess.DEVNULL)
        kc = km.client()
        kc.start_channels()
        await kc.wait_for_ready(timeout=profile.startup_timeout)
    except BaseException as exc:  # a start stopped by Ctrl-C leaves no folder either
        shutil.rmtree(workdir, ignore_errors=True)
        remove_layer(layer)
        remove_home(home)
        if km.has_kernel:
            await km.shutdown_kernel(now=True)
        _close_context(km)
        if not isinstance(exc, Exception):
            raise
        raise KernelStartError(f"kernel `{profile.name}` does not start: {exc}") from exc
    kc.allow_stdin = False
    return WarmKernel(km=km, kc=kc, workdir=workdir, layer=layer, home=home,
                      start_seconds=time.monotonic() - started)


async def _reply(kc: Any, msg_id: str, timeout: float) -> dict[str, Any] | None:
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        try:
            msg: dict[str, Any] = await kc.get_shell_msg(timeout=left)
        except Exception:  # queue.Empty, or the channel closed with the kernel
            return None
        if msg.get("parent_header", {}).get("msg_id") == msg_id:
            return msg
    return None


async def evaluate(kernel: WarmKernel, expression: str, timeout: float = 10.0) -> Any:
    """The value of ``expression`` in the kernel (a Python literal), or ``None``."""
    msg_id = kernel.kc.execute(
        "", silent=True, store_history=False, user_expressions={"value": expression},
    )
    reply = await _reply(kernel.kc, msg_id, timeout)
    if reply is None:
        return None
    value = reply["content"].get("user_expressions", {}).get("value", {})
    if value.get("status") != "ok":
        return None
    try:
        return ast.literal_eval(value["data"]["text/plain"])
    except (KeyError, ValueError, SyntaxError):
        return None


Acquire = Callable[[], Awaitable[WarmKernel]]
"""Gives a started kernel (from a pool, or a new one)."""
Retire = Callable[[WarmKernel], None]
"""Takes a used kernel and shuts it down (in the background, so the worker goes on)."""


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
        self.stopped = None
        watch = None
        if budget is not None:
            budget.start_cell()
            watch = asyncio.ensure_future(self._watch(cell, started, timeout, budget))
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
            if watch is not None:
                watch.cancel()
            if budget is not None:
                budget.settle(time.monotonic() - started - timeout)
        duration = time.monotonic() - started
        outputs = list(cell.get("outputs", []))
        error = next((o for o in outputs if o.get("output_type") == "error"), None)
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
