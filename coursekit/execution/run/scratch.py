"""Temporary folders named for the run that owns them, and the sweep of a dead run's.

A verify makes folders in the temporary folder (each kernel's working folder, pip layer,
``HF_HOME`` and temporary folder, a zygote's folder) and removes them as it ends, even
when it is stopped with Ctrl-C or SIGTERM. A run that is killed (SIGKILL, the
out-of-memory killer, a machine that stops) removes nothing; so each folder's name
carries its owner: ``coursekit-<kind>-<pid>.<start>.<system>.<random>``, ``<start>``
the process's start time (in clock ticks since boot, from ``/proc``; ``0`` where there
is none), which tells a process that reused the id from the owner, and ``<system>`` the
host and process-id namespace the id belongs to (:func:`coursekit.leftovers.this_system`).
The next verify removes the folders whose owner is gone, and only those: a folder of a
live run, one of another user's, a link, or a name that is not exactly this one are
never touched. A folder of another system (a container or a machine sharing the
temporary folder, whose processes cannot be seen from here), or one named without a
system by an earlier version, is removed only once nothing was added to it or removed
from it for a day: a notebook may run that long there.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import tempfile
import time
from pathlib import Path

from coursekit.leftovers import process_gone, this_system

_NAME = re.compile(r"coursekit-[a-z]+(?:-[a-z]+)*-(?P<pid>[1-9]\d{0,9})\.(?P<start>\d{1,20})"
                   r"(?:\.(?P<system>[0-9a-f]{8}))?\.[a-z0-9_]{8}")
"""What :func:`owned_folder` names (``tempfile.mkdtemp`` gives the last eight characters;
without ``<system>``: as earlier versions named it)."""
FOREIGN_AGE = 86400.0
"""Seconds a folder of another system stays unchanged before it is removed."""


def started(pid: int) -> int | None:
    """When process ``pid`` started (clock ticks since boot); ``None`` when it is gone or
    the system does not say."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as facts:
            line = facts.read()
    except OSError:
        return None
    try:  # the fields after the name, which may hold spaces and parentheses
        return int(line[line.rindex(b")") + 2:].split()[19])
    except (ValueError, IndexError):
        return None


def owned_folder(kind: str) -> Path:
    """A new folder in the temporary folder, named for ``kind`` and for this process."""
    pid = os.getpid()
    return Path(tempfile.mkdtemp(
        prefix=f"coursekit-{kind}-{pid}.{started(pid) or 0}.{this_system()}."))


def _owner_gone(pid: int, start: int) -> bool:
    """Whether the process that named a folder ``pid`` and ``start`` is gone: no process
    has the id, or the one that has it started at another time (the id went to another
    process, whoever's it is: another user's too)."""
    if pid == os.getpid():
        return False
    if process_gone(pid):
        return True
    now = started(pid)
    return bool(start) and now is not None and now != start


def sweep_dead_owners(folder: Path | None = None) -> list[Path]:
    """Remove the folders of :func:`owned_folder` in ``folder`` (the temporary folder)
    whose owner is gone; return them."""
    where = Path(folder or tempfile.gettempdir())
    try:
        names = os.listdir(where)
    except OSError:
        return []
    removed = []
    for name in names:
        match = _NAME.fullmatch(name)
        ours = match is not None and match["system"] == this_system()
        if match is None or (ours and not _owner_gone(int(match["pid"]), int(match["start"]))):
            continue
        path = where / name
        try:
            facts = os.lstat(path)
        except OSError:
            continue
        if not ours and time.time() - facts.st_mtime < FOREIGN_AGE:
            continue  # perhaps a run in progress where its id cannot be seen
        if stat.S_ISDIR(facts.st_mode) and facts.st_uid == os.getuid():
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed
