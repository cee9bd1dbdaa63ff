"""Locks held on a file of their own (``flock``), as the steps that must not run twice at
once take them (a build of one notebooks folder, a stand-in set, a kernel overlay).

The lock file is opened without following a link, without blocking on a FIFO and
without truncating it: a path that holds no regular file (a link, a FIFO, a folder), or
a folder that cannot hold one, leaves the step unlocked, as it ran before it had a
lock, rather than blocking it forever or emptying the file a link points at. The lock
goes with the process, however it ends; nothing is left to clean up.
"""

from __future__ import annotations

import fcntl
import os
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


def _opened(path: Path, create: bool) -> int | None:
    """``path`` open for locking; ``None`` when it holds no regular file to lock."""
    try:
        fd = os.open(path, _FLAGS | (os.O_CREAT if create else 0), 0o666)
    except OSError:
        return None
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return fd
    except OSError:
        pass
    os.close(fd)
    return None


@contextmanager
def file_lock(path: Path, *, shared: bool = False, create: bool = True,
              on_wait: Callable[[], None] | None = None) -> Iterator[bool]:
    """Hold the lock of ``path`` (shared or exclusive), waiting for whoever holds it;
    ``create``: make the file when it is missing; ``on_wait``: called once before waiting,
    when someone holds it (to say why the command stands still). Yields whether a lock is
    held."""
    fd = _opened(path, create)
    mode = fcntl.LOCK_SH if shared else fcntl.LOCK_EX
    try:
        if fd is not None:
            try:
                fcntl.flock(fd, mode | fcntl.LOCK_NB)
            except BlockingIOError:
                if on_wait is not None:
                    on_wait()
                fcntl.flock(fd, mode)
        yield fd is not None
    finally:
        if fd is not None:
            os.close(fd)
