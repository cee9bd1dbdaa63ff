"""A lock file is locked where it is a regular file, and never waited on, followed or
emptied where the path holds something else."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from coursekit.file_lock import file_lock


def test_a_regular_lock_file_is_made_and_held(tmp_path: Path) -> None:
    path = tmp_path / ".step.lock"
    with file_lock(path) as held:
        assert held and path.is_file()
        with path.open() as other:  # another holder must wait: a try without waiting fails
            try:
                fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
                taken = True
            except BlockingIOError:
                taken = False
        assert not taken
    with path.open() as other:
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)  # released on leaving


def test_a_link_in_the_locks_place_is_neither_followed_nor_emptied(tmp_path: Path) -> None:
    target = tmp_path / "notes.txt"
    target.write_text("kept\n", encoding="utf-8")
    (tmp_path / ".step.lock").symlink_to(target)
    with file_lock(tmp_path / ".step.lock") as held:
        assert not held
    assert target.read_text(encoding="utf-8") == "kept\n"


def test_a_fifo_in_the_locks_place_is_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / ".step.lock"
    os.mkfifo(fifo)
    with file_lock(fifo) as held:  # a plain open would wait for a writer forever
        assert not held


def test_a_missing_lock_file_is_not_made_unless_asked(tmp_path: Path) -> None:
    with file_lock(tmp_path / ".step.lock", shared=True, create=False) as held:
        assert not held
    assert not (tmp_path / ".step.lock").exists()
