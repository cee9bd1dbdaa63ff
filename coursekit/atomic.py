"""Atomic file writes: a reader sees the old file or the new one, never half of one.

The new content goes to a temporary file beside the target
(``.<name>.coursekit.<pid>.<n>.tmp``, ``<n>`` eight hex digits, created exclusively)
that is renamed over it. The file keeps the mode it had, and a new file gets the mode
the umask gives. A temporary file left by a writer that was killed is removed by the
next write into the same folder, once its process is gone; only files with exactly
that name (the ``coursekit`` marker, a process id, eight lowercase hex digits), owned
by the same user, are ever removed: a hidden file of someone else's that merely looks
like a leftover (``.notes.20240101.tmp``) is not coursekit's to delete.
"""

from __future__ import annotations

import itertools
import os
import re
import stat
import threading
from pathlib import Path

_MARKER = "coursekit"
_LEFTOVER = re.compile(rf"\..+\.{_MARKER}\.(?P<pid>[1-9]\d{{0,8}})\.[0-9a-f]{{8}}\.tmp")
"""``.<name>.coursekit.<pid>.<n>.tmp``, the only name this module creates."""

_lock = threading.Lock()
_swept: set[Path] = set()
"""Folders whose leftovers this process has already removed."""


def _mode_for(path: Path) -> tuple[int, bool]:
    """The mode of the file already at ``path`` and ``True``; else ``0o666`` (which the
    umask reduces when the file is created) and ``False``."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode), True
    except OSError:
        return 0o666, False


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
        if match is None or not _gone(int(match["pid"])):
            continue
        leftover = folder / name
        try:
            facts = os.lstat(leftover)
            if stat.S_ISREG(facts.st_mode) and facts.st_uid == os.getuid():
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


_names = itertools.count()
_OPEN_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC


def _temporary(path: Path, mode: int) -> tuple[int, str]:
    """A new file beside ``path`` (``.<name>.coursekit.<pid>.<8 hex digits>.tmp``),
    open for writing."""
    while True:
        number = next(_names) & 0xFFFFFFFF
        name = f"{path.parent}{os.sep}.{path.name}.{_MARKER}.{os.getpid()}.{number:08x}.tmp"
        try:
            return os.open(name, _OPEN_FLAGS, mode), name
        except FileExistsError:  # left by an earlier process of the same id
            continue


def write_bytes_atomic(path: Path, data: bytes, *, durable: bool = True) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename.

    ``durable=False`` skips the ``fsync``: the rename still keeps readers from
    half-written files, but a power cut may lose the new content. Meant for
    outputs that are rebuilt when their recorded hash does not match.
    """
    mode, replacing = _mode_for(path)
    try:
        fd, tmp = _temporary(path, mode)
    except FileNotFoundError:  # the folder is made on the first write into it
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = _temporary(path, mode)
    _sweep_once(path.parent)  # its own temporary file is kept: this process is alive
    try:
        try:
            if replacing:  # the umask may have taken bits of the old file's mode
                os.fchmod(fd, mode)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text_atomic(path: Path, text: str) -> None:
    write_bytes_atomic(path, text.encode("utf-8"))
