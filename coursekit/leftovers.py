"""The names of the temporary files of atomic writes (:mod:`coursekit.atomic`), and the
removal of those a killed writer left.

A temporary file is named ``.<name>.coursekit.<system>.<pid>.<n>.tmp`` (``<system>``
and ``<n>`` eight hex digits), ``<name>`` cut short where the whole would pass 255
bytes, the longest file name of the file systems coursekit writes on: a file whose own
name is near that length (eighty CJK characters) is written as any other.

A process id means something only where it was read: a container, or another machine
sharing the folder (a bind mount, a network home), has processes of its own, whose ids
this process cannot see. ``<system>`` names the host and process-id namespace of the
writer, so only a leftover of this system is judged by its process id. Another
system's (or one named without a system, by an earlier version) is removed once it
has not been written to for an hour: a write takes seconds, and one in progress
elsewhere must not lose its file. Only files with exactly that name that belong to the
same user are ever removed.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import socket
import stat
import threading
import time
from pathlib import Path

MARKER = "coursekit"
_LEFTOVER = re.compile(rf"\..+\.{MARKER}\.(?:(?P<system>[0-9a-f]{{8}})\.)?"
                       rf"(?P<pid>[1-9]\d{{0,8}})\.[0-9a-f]{{8}}\.tmp")
"""``.<name>.coursekit.<system>.<pid>.<n>.tmp``, the only name :func:`temporary_name`
makes (without ``<system>``: as earlier versions made it)."""
FOREIGN_AGE = 3600.0
"""Seconds a leftover of another system stays untouched before it is removed."""
_NAME_MAX = 255
"""The longest file name, in bytes."""

_lock = threading.Lock()
_swept: set[Path] = set()
"""Folders whose leftovers this process has already removed."""


@functools.cache
def this_system() -> str:
    """Eight hex digits naming where this process's ids are read: the host's name and
    the process-id namespace (a container has its own)."""
    try:
        namespace = os.readlink("/proc/self/ns/pid")
    except OSError:  # no /proc: the host alone
        namespace = ""
    where = f"{socket.gethostname()}\0{namespace}"
    return hashlib.sha256(where.encode("utf-8", "surrogateescape")).hexdigest()[:8]


def temporary_name(path: Path, number: int) -> str:
    """The path of the temporary file number ``number`` of this process for ``path``."""
    suffix = f".{MARKER}.{this_system()}.{os.getpid()}.{number:08x}.tmp"
    room = _NAME_MAX - 1 - len(os.fsencode(suffix))
    name = path.name
    while len(os.fsencode(name)) > room and len(name) > 1:
        name = name[:-1]
    return f"{path.parent}{os.sep}.{name}{suffix}"


def process_gone(pid: int) -> bool:
    """Whether no process has the id ``pid`` (another user's, not signalled, is there)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # it exists, as another user's
        return False
    return False


def _ours(match: re.Match[str]) -> bool:
    """Whether a leftover was named by a process of this system."""
    return match["system"] == this_system()


def sweep_leftovers(folder: Path) -> list[Path]:
    """Remove the temporary files of atomic writes whose writer is gone (or, for another
    system's, that nothing wrote to for :data:`FOREIGN_AGE`); return them."""
    removed = []
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    for name in names:
        match = _LEFTOVER.fullmatch(name)
        if match is None or (_ours(match) and not process_gone(int(match["pid"]))):
            continue
        leftover = folder / name
        try:
            facts = os.lstat(leftover)
            if not (stat.S_ISREG(facts.st_mode) and facts.st_uid == os.getuid()):
                continue
            if not _ours(match) and time.time() - facts.st_mtime < FOREIGN_AGE:
                continue  # perhaps a write in progress where its id cannot be seen
            leftover.unlink()
            removed.append(leftover)
        except OSError:
            continue
    return removed


def sweep_once(folder: Path) -> None:
    """:func:`sweep_leftovers` of ``folder``, the first time this process writes there."""
    key = folder.absolute()
    with _lock:
        if key in _swept:
            return
        _swept.add(key)
    sweep_leftovers(folder)
