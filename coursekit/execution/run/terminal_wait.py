"""A shell command of a cell that waits for an answer on the terminal.

IPython runs a ``!`` command on a pseudo-terminal of its own. A command that asks the
learner something there (``read -p 'Name: '``, a login prompt, a ``[y/N]``
confirmation, ``cat`` with no file) blocks reading that terminal, and no one will type:
left alone it runs to the cell's limit and reads as a timeout. Linux tells which
system call a blocked process is in (``/proc/<pid>/syscall``: its number, then its
arguments, the first being the file descriptor read) and what that descriptor is
(``/proc/<pid>/fd/<n>``): a process below the kernel blocked in ``read`` on a terminal
is waiting for a person. Where ``/proc`` says nothing (another system, another user's
process), nothing is found and the cell keeps its limit.
"""

from __future__ import annotations

import contextlib
import platform
from pathlib import Path

_READS = {"x86_64": frozenset({0, 17, 19}), "aarch64": frozenset({63, 65, 67})}
"""The numbers of ``read``, ``pread64`` and ``readv`` on each machine."""
_PROC = Path("/proc")
_SHELLS = frozenset({"sh", "bash", "dash", "zsh"})
_DEEPEST = 8
"""Levels of processes below the kernel looked at (shell, script, its children...)."""


def _children(pid: int) -> list[int]:
    found: list[int] = []
    with contextlib.suppress(OSError, ValueError):
        for task in (_PROC / str(pid) / "task").iterdir():
            found.extend(int(child) for child in (task / "children").read_text().split())
    return found


def _descendants(pid: int) -> list[int]:
    """The processes below ``pid``, nearest first."""
    found: list[int] = []
    level = _children(pid)
    for _ in range(_DEEPEST):
        if not level:
            break
        found.extend(level)
        level = [child for parent in level for child in _children(parent)]
    return found


def _terminal(fd: str) -> bool:
    return fd == "/dev/tty" or fd.startswith("/dev/pts/")


def _reading_terminal(pid: int, reads: frozenset[int]) -> bool:
    """Whether ``pid`` is blocked reading a terminal."""
    try:
        call = (_PROC / str(pid) / "syscall").read_text().split()
        if len(call) < 2 or not call[0].isdigit() or int(call[0]) not in reads:
            return False
        return _terminal(str((_PROC / str(pid) / "fd" / str(int(call[1], 16))).readlink()))
    except (OSError, ValueError):
        return False


def _command(pid: int) -> str:
    """The process's command line; of a shell running a command (IPython runs a ``!``
    line as ``/bin/bash -c LINE``), the command alone."""
    try:
        words = [w.decode("utf-8", "replace")
                 for w in (_PROC / str(pid) / "cmdline").read_bytes().split(b"\0") if w]
    except OSError:
        return ""
    if len(words) == 3 and Path(words[0]).name in _SHELLS and words[1] == "-c":
        return words[2]
    return " ".join(words)


def waiting_for_terminal(kernel: int) -> str | None:
    """The command line of a process below the ``kernel`` process that is blocked
    reading a terminal; ``None`` when there is none (or this system does not tell)."""
    reads = _READS.get(platform.machine())
    if reads is None:
        return None
    for pid in _descendants(kernel):
        if _reading_terminal(pid, reads):
            return _command(pid) or f"process {pid}"
    return None
