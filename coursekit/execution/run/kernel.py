"""Real kernels: start one in folders of its own, ask it for the value of an expression.

A notebook's cells run in it through :mod:`~coursekit.execution.run.session`.
"""

from __future__ import annotations

import ast
import os
import subprocess
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jupyter_client.manager import AsyncKernelManager

from coursekit.execution.run.hfhome import home_env, without_user_caches
from coursekit.execution.run.kernelfolders import FolderError, KernelFolders, make_folders
from coursekit.execution.run.piplayer import PipPolicy
from coursekit.execution.run.zygote import ForkedProvisioner, Zygote


class KernelStartError(RuntimeError):
    """A kernel could not be started (not installed, or it failed on start); ``hint``
    says what to do when it is not the kernel's installation."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.hint = hint


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
    folders: KernelFolders
    """Its working folder, pip layer, ``HF_HOME`` and temporary folder (see
    ``kernelfolders``)."""
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
            await self.folders.removed()

    @property
    def workdir(self) -> Path | None:
        return self.folders.workdir


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
    folders = KernelFolders()
    km = AsyncKernelManager(kernel_name=profile.name)
    try:
        folders = await make_folders(dict(profile.env), pip)
        if folders.tmp is not None:
            # In its own temporary folder, not Jupyter's runtime folder: a run killed
            # before it could remove the file leaves it to the next run's sweep.
            km.connection_file = str(folders.tmp / "kernel-connection.json")
        if zygote is not None:
            _forked(km, zygote)
        spec = km.kernel_spec
        env = kernel_env(list(spec.argv) if spec is not None else [], profile)
        if pip is not None and folders.layer is not None:
            env = pip.env(env, folders.layer)
        env = folders.cache_env(home_env(env, folders.home))
        # The kernel process's own log (not cell output) would clutter the report.
        await km.start_kernel(env=env, cwd=str(folders.workdir), stderr=subprocess.DEVNULL)
        kc = km.client()
        kc.start_channels()
        await kc.wait_for_ready(timeout=profile.startup_timeout)
    except BaseException as exc:  # a start stopped by Ctrl-C leaves no folder either
        folders.remove()
        if km.has_kernel:
            await km.shutdown_kernel(now=True)
        _close_context(km)
        if not isinstance(exc, Exception):
            raise
        raise KernelStartError(f"kernel `{profile.name}` does not start: {exc}",
                               exc.hint if isinstance(exc, FolderError) else None) from exc
    kc.allow_stdin = False
    return WarmKernel(km=km, kc=kc, folders=folders, start_seconds=time.monotonic() - started)


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
