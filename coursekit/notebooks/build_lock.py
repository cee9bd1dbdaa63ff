"""One build of a notebooks folder at a time.

A build reads the manifest, writes notebooks and writes the manifest back: two builds
of one folder at once (``--lang en`` in one terminal, ``--lang fr`` in another) would
each write the manifest they read, and the last one would drop what the other
recorded, so that the notebooks of a lesson removed later were never deleted. A build
therefore holds an exclusive lock (``flock``) on ``<notebooks>/.manifest.lock`` while
it runs, and ``build --check``, which writes nothing, a shared one when the file is
there. The lock goes with the process, however it ends; nothing is left to clean up.

The lock file is opened as :mod:`coursekit.file_lock` opens one: a folder that cannot
hold it (read-only, not a folder) or a path that holds no regular file leaves the build
unlocked, as it was before there was a lock, rather than stopping it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from coursekit.atomic import make_folders
from coursekit.file_lock import file_lock

LOCK_NAME = ".manifest.lock"


@contextmanager
def build_lock(notebooks: Path, *, check: bool = False) -> Iterator[None]:
    """Hold the build lock of the folder ``notebooks`` (shared for ``check``, which
    neither creates the lock file nor the folder), waiting for a build that holds it."""
    if not check:
        with suppress(OSError):  # a folder that cannot be made holds no lock
            make_folders(notebooks)
    with file_lock(notebooks / LOCK_NAME, shared=check, create=not check):
        yield
