"""Atomic file writes: a reader sees the old file or the new one, never half of one.

The new content goes to a temporary file beside the target (``.<name>.<pid>.<random>.tmp``)
that is renamed over it. The file keeps the mode it had, and a new file gets the mode
the umask gives (``mkstemp`` alone would make every file 0600). A temporary file left
by a writer that was killed is removed by the next write into the same folder, once
its process is gone.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import threading
from pathlib import Path

_LEFTOVER = re.compile(r"\..+?\.(?:(?P<pid>\d{1,9})\.)?[a-z0-9_]{8}\.tmp")
"""``.<name>.<pid>.<random>.tmp``; names without a pid come from earlier versions."""

_lock = threading.Lock()
_swept: set[Path] = set()
"""Folders whose leftovers this process has already removed."""


def _umask() -> int:
    with _lock:  # reading the umask means setting it: keep other threads out meanwhile
        mask = os.umask(0o022)
        os.umask(mask)
    return mask


def _mode_for(path: Path) -> int:
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        return 0o666 & ~_umask()


def _gone(pid: int) -> bool:
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # it exists, as another user's
        return False
    return False


def sweep_leftovers(folder: Path) -> list[Path]:
    """Remove the temporary files of atomic writes whose writer is gone; return them."""
    removed = []
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    for name in names:
        match = _LEFTOVER.fullmatch(name)
        if match is None or (match["pid"] is not None and not _gone(int(match["pid"]))):
            continue
        leftover = folder / name
        try:
            if stat.S_ISREG(os.lstat(leftover).st_mode):
                leftover.unlink()
                removed.append(leftover)
        except OSError:
            continue
    return removed


def _sweep_once(folder: Path) -> None:
    key = folder.absolute()
    with _lock:
        if key in _swept:
            return
        _swept.add(key)
    sweep_leftovers(folder)


def _temporary(path: Path) -> tuple[int, str]:
    return tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.{os.getpid()}.",
                            suffix=".tmp")


def write_bytes_atomic(path: Path, data: bytes, *, durable: bool = True) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename.

    ``durable=False`` skips the ``fsync``: the rename still keeps readers from
    half-written files, but a power cut may lose the new content. Meant for
    outputs that are rebuilt when their recorded hash does not match.
    """
    mode = _mode_for(path)
    try:
        fd, tmp = _temporary(path)
    except FileNotFoundError:  # the folder is made on the first write into it
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = _temporary(path)
    _sweep_once(path.parent)  # its own temporary file is kept: this process is alive
    try:
        with os.fdopen(fd, "wb") as handle:
            os.fchmod(handle.fileno(), mode)
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text_atomic(path: Path, text: str) -> None:
    write_bytes_atomic(path, text.encode("utf-8"))
