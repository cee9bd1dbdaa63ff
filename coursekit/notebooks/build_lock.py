"""One build of a notebooks folder at a time.

A build reads the manifest, writes notebooks and writes the manifest back: two builds
of one folder at once (``--lang en`` in one terminal, ``--lang fr`` in another) would
each write the manifest they read, and the last one would drop what the other
recorded, so that the notebooks of a lesson removed later were never deleted. A build
therefore holds an exclusive lock (``flock``) on ``<notebooks>/.manifest.lock`` while
it runs, and ``build --check``, which writes nothing, a shared one when the file is
there. The lock goes with the process, however it ends; nothing is left to clean up.

The lock file is opened without following a link and without blocking on a FIFO; a
folder that cannot hold it (read-only, not a folder) or a path that holds no regular
file leaves the build unlocked, as it was before there was a lock, rather than
stopping it.
"""

from __future__ import annotations

import fcntl
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from coursekit.atomic import make_folders

LOCK_NAME = ".manifest.lock"
_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


def _opened(notebooks: Path, create: bool) -> int | None:
    """The lock file of ``notebooks``, open; ``None`` when there is none to lock."""
    try:
        if create:
            make_folders(notebooks)
        fd = os.open(notebooks / LOCK_NAME, _FLAGS | (os.O_CREAT if create else 0), 0o666)
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
def build_lock(notebooks: Path, *, check: bool = False) -> Iterator[None]:
    """Hold the build lock of the folder ``notebooks`` (shared for ``check``, which
    neither creates the lock file nor the folder), waiting for a build that holds it."""
    fd = _opened(notebooks, create=not check)
    try:
        if fd is not None:
            fcntl.flock(fd, fcntl.LOCK_SH if check else fcntl.LOCK_EX)
        yield
    finally:
        if fd is not None:
            os.close(fd)
