"""A scratch folder of another system sharing the temporary folder (a container, another
machine) is not judged by a process id that means nothing here: it stays while it may
be a run in progress there, and goes once it has been left unchanged for a day."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from coursekit.execution.run.scratch import FOREIGN_AGE, owned_folder, sweep_dead_owners
from coursekit.leftovers import this_system


def _dead_pid() -> int:
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)
    return int(child.stdout)


def _age(path: Path, seconds: float) -> None:
    when = path.stat().st_mtime - seconds
    os.utime(path, (when, when))


@pytest.mark.parametrize("system", ["other", "none"])
def test_a_folder_of_another_system_goes_only_once_it_is_old(
    tmp_path: Path, system: str
) -> None:
    other = "0" * 8 if this_system() != "0" * 8 else "1" * 8
    named = f".{other}" if system == "other" else ""
    dead = _dead_pid()
    fresh = tmp_path / f"coursekit-run-{dead}.5{named}.abcd_123"
    old = tmp_path / f"coursekit-pip-{dead}.5{named}.efgh_456"
    for folder in (fresh, old):
        folder.mkdir()
    _age(old, FOREIGN_AGE + 60)
    assert sweep_dead_owners(tmp_path) == [old]
    assert [p.name for p in tmp_path.iterdir()] == [fresh.name]


def test_a_folder_of_this_system_goes_when_its_owner_is_gone_at_any_age(
    tmp_path: Path
) -> None:
    gone = tmp_path / f"coursekit-run-{_dead_pid()}.5.{this_system()}.abcd_123"
    gone.mkdir()
    assert sweep_dead_owners(tmp_path) == [gone]


def test_an_owned_folder_is_named_for_this_system(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", None)
    folder = owned_folder("run")
    assert f".{this_system()}." in folder.name
    assert sweep_dead_owners(tmp_path) == []  # its owner, this process, is alive
    assert folder.is_dir()
