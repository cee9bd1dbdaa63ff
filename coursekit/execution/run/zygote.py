"""Kernels forked from one process that has imported what every kernel needs.

Starting a lesson kernel costs an interpreter, ipykernel and the lessons' packages
(``import transformers`` and its ``pipeline``: 6-7 s of CPU on 2 cores, against 2-3 s
of lesson cells in a typical notebook of the audio course). A pool of one kernel profile
starts one *zygote* instead: an interpreter of the kernel's environment that imports
ipykernel and the pre-imported packages once (:mod:`zygote_main`), then forks a process
for every kernel, which becomes that kernel. Each notebook still runs in a fresh process
of its own: nothing a notebook does reaches the zygote or another notebook.

A forked kernel is as a started one would be: its own process group (interrupts reach
it and its children), the environment, working folder and ``PYTHONPATH`` of its own
start (a lesson's ``pip install`` layer included; its ``HF_HOME`` too, what the zygote's
imports read of it moved there), numpy's random state seeded anew
(Python's is, on every fork); it watches the zygote and ends with it. The zygote itself
is started with the environment its pool's kernels share, so what a package reads of
the environment on import is what a kernel started alone would read.

jupyter_client drives the kernel through :class:`ForkedProvisioner`, a local
provisioner whose process is the forked one (signalled by pid, its end seen through a
pidfd, as it is not coursekit's child).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import select
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from jupyter_client.connect import KernelConnectionInfo
from jupyter_client.provisioning.local_provisioner import LocalProvisioner

from coursekit.execution.run.scratch import owned_folder

_MAIN = Path(__file__).with_name("zygote_main.py")
_THIS_PYTHON = frozenset({"python", f"python{sys.version_info[0]}",
                          "python{}.{}".format(*sys.version_info[:2])})


class ZygoteError(RuntimeError):
    """The zygote did not start, or stopped answering."""


def zygote_argv(kernel_argv: list[str]) -> list[str] | None:
    """The kernel's interpreter with its own options (``-Xfrozen_modules=off``), to run
    the zygote in; ``None`` when the kernelspec is not ``python ... -m ipykernel...``."""
    if "-m" not in kernel_argv:
        return None
    at = kernel_argv.index("-m")
    if at + 1 >= len(kernel_argv) or not kernel_argv[at + 1].startswith("ipykernel"):
        return None
    argv = kernel_argv[:at]
    if argv and argv[0] in _THIS_PYTHON:  # as jupyter_client reads a bare ``python``
        argv[0] = sys.executable
    return argv


class Zygote:
    """One running zygote: ask it for kernels with :meth:`fork`."""

    def __init__(self, process: asyncio.subprocess.Process, failed: list[str],
                 env: dict[str, str], home: Path) -> None:
        self.process = process
        self.env = env
        """The environment it started with; a kernel's start is told as a change of it."""
        self.home = home
        """Its working folder, removed with it."""
        self.failed = failed
        """The pre-imports that failed in it (the pool leaves them to the lessons)."""
        self._lock = asyncio.Lock()

    @classmethod
    async def start(cls, argv: list[str], env: dict[str, str], preimport: tuple[str, ...],
                    timeout: float) -> Zygote:
        home = owned_folder("zygote")
        process = None
        try:
            process = await asyncio.create_subprocess_exec(
                *argv, "-c", _MAIN.read_text(encoding="utf-8"), json.dumps(list(preimport)),
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                env=env, cwd=home, start_new_session=True,  # Ctrl-C is coursekit's
            )
            ready = await cls._answer(process, timeout)
        except BaseException as exc:  # Ctrl-C too: no zygote or folder is left behind
            if process is not None:  # one stopped while it imports is not waited for
                await _end(process, at_once=not isinstance(exc, ZygoteError))
            shutil.rmtree(home, ignore_errors=True)
            raise
        return cls(process, [str(f) for f in ready.get("failed", [])], env, home)

    @staticmethod
    async def _answer(process: asyncio.subprocess.Process, timeout: float) -> dict[str, Any]:
        assert process.stdout is not None
        try:
            line = await asyncio.wait_for(process.stdout.readline(), timeout)
        except TimeoutError as exc:
            raise ZygoteError(f"no answer in {timeout:g} s") from exc
        try:
            answer = json.loads(line) if line else None
        except ValueError:
            answer = None
        if not isinstance(answer, dict):
            raise ZygoteError("it ended" if not line else f"it answered {line[:80]!r}")
        return answer

    async def fork(self, connection_file: str, cwd: str, env: dict[str, str],
                   timeout: float = 30.0) -> int:
        """The pid of a new kernel process for ``connection_file``."""
        async with self._lock:
            stdin = self.process.stdin
            if stdin is None or self.process.returncode is not None:
                raise ZygoteError("it ended")
            request = {"connection_file": connection_file, "cwd": cwd,
                       "set": {k: v for k, v in env.items() if self.env.get(k) != v},
                       "unset": [k for k in self.env if k not in env]}
            try:
                stdin.write(json.dumps(request).encode() + b"\n")
                await stdin.drain()
            except (BrokenPipeError, ConnectionResetError) as exc:
                raise ZygoteError("it ended") from exc
            pid = (await self._answer(self.process, timeout)).get("pid")
        if not isinstance(pid, int) or pid <= 0:
            raise ZygoteError(f"it gave no process ({pid!r})")
        return pid

    async def close(self) -> None:
        await _end(self.process)
        shutil.rmtree(self.home, ignore_errors=True)


async def _end(process: asyncio.subprocess.Process, *, at_once: bool = False) -> None:
    """End the zygote: its input closed, then killed if it has not ended in ten seconds
    (``at_once``: killed at once)."""
    if process.stdin is not None:
        process.stdin.close()  # its input ends: it leaves its loop
    try:
        await asyncio.wait_for(process.wait(), 0 if at_once else 10)
    except TimeoutError:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()


class ForkedProcess:
    """What jupyter_client's local provisioner asks of a ``Popen``, for a kernel that is
    the zygote's child: signals go by pid, its end is read from a pidfd."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        try:
            self._pidfd: int | None = os.pidfd_open(pid)
        except OSError:  # already gone
            self._pidfd = None
            self.returncode = 1

    def poll(self) -> int | None:
        if self.returncode is None and self._pidfd is not None:
            readable, _, _ = select.select([self._pidfd], [], [], 0)
            if readable:
                self._ended()
        return self.returncode

    def _ended(self) -> None:
        # Its parent, the zygote, collects the status; a kernel that ended is all that
        # jupyter_client needs to know.
        self.returncode = 1
        if self._pidfd is not None:
            os.close(self._pidfd)
            self._pidfd = None

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None and self._pidfd is not None:
            readable, _, _ = select.select([self._pidfd], [], [], timeout)
            if not readable:
                raise subprocess.TimeoutExpired(f"kernel {self.pid}", timeout or 0.0)
            self._ended()
        return self.returncode if self.returncode is not None else 1

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class ForkedProvisioner(LocalProvisioner):
    """A local provisioner that asks a :class:`Zygote` for the kernel process."""

    zygote: Zygote | None = None

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> KernelConnectionInfo:
        if self.zygote is None or self.parent is None:
            raise ZygoteError("no zygote to fork from")
        connection_file = str(self.parent.connection_file)
        env = {str(k): str(v) for k, v in (kwargs.get("env") or os.environ).items()}
        cwd = str(kwargs.get("cwd") or Path.cwd())
        pid = await self.zygote.fork(connection_file, cwd, env)
        self.process = ForkedProcess(pid)  # type: ignore[assignment]  # Popen's duck
        self.pid = pid
        self.pgid = pid  # the child starts a session of its own at once
        self.cwd = cwd
        return self.connection_info
