"""The names of the temporary files of atomic writes (:mod:`coursekit.atomic`), and the
removal of those a killed writer left.

A temporary file is named ``.<name>.coursekit.<pid>.<n>.tmp`` (``<n>`` eight hex
digits), ``<name>`` cut short where the whole would pass 255 bytes, the longest file
name of the file systems coursekit writes on: a file whose own name is near that length
(eighty CJK characters) is written as any other. Only files with exactly that name,
whose process is gone and that belong to the same user, are ever removed.
"""

from __future__ import annotations

import os
import re
import stat
import threading
from pathlib import Path

MARKER = "coursekit"
_LEFTOVER = re.compile(rf"\..+\.{MARKER}\.(?P<pid>[1-9]\d{{0,8}})\.[0-9a-f]{{8}}\.tmp")
"""``.<name>.coursekit.<pid>.<n>.tmp``, the only name :func:`temporary_name` makes."""
_NAME_MAX = 255
"""The longest file name, in bytes."""

_lock = threading.Lock()
_swept: set[Path] = set()
"""Folders whose leftovers this process has already removed."""


def temporary_name(path: Path, number: int) -> str:
    """The path of the temporary file number ``number`` of this process for ``path``."""
    suffix = f".{MARKER}.{os.getpid()}.{number:08x}.tmp"
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


def sweep_leftovers(folder: Path) -> list[Path]:
    """Remove the temporary files of atomic writes whose writer is gone; return them."""
    removed = []
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    for name in names:
        match = _LEFTOVER.fullmatch(name)
        if match is None or not process_gone(int(match["pid"])):
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


def sweep_once(folder: Path) -> None:
    """:func:`sweep_leftovers` of ``folder``, the first time this process writes there."""
    key = folder.absolute()
    with _lock:
        if key in _swept:
            return
        _swept.add(key)
    sweep_leftovers(folder)
