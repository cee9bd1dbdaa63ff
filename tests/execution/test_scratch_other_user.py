"""A folder of a run whose process id went to another user's process is swept: the
owner, a process of the user that owns the folder, is surely gone."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from coursekit.execution.run.scratch import started
from coursekit.leftovers import this_system

REPO = Path(__file__).resolve().parents[2]
NOBODY = 65534
_SWEEP = ("import sys; sys.path.insert(0, sys.argv[1]); from pathlib import Path; "
          "from coursekit.execution.run.scratch import sweep_dead_owners; "
          "import json; print(json.dumps([p.name for p in sweep_dead_owners(Path(sys.argv[2]))]))")


def _as_nobody(folder: Path) -> list[str]:
    """The folders a sweep run by another user than this process's removes."""
    setpriv, python = shutil.which("setpriv"), Path("/usr/bin/python3")
    if os.getuid() != 0 or setpriv is None or not python.is_file():
        pytest.skip("needs root, setpriv and /usr/bin/python3 to sweep as another user")
    done = subprocess.run(
        [setpriv, f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", str(python),
         "-c", _SWEEP, str(REPO), str(folder)],
        capture_output=True, text=True, check=False, env={"PATH": "/usr/bin:/bin"})
    if done.returncode != 0:
        pytest.skip(f"cannot run a sweep as uid {NOBODY}: {done.stderr[-300:]}")
    names: list[str] = json.loads(done.stdout)
    return names


@pytest.fixture
def shared() -> Iterator[Path]:
    """A folder the other user can list and write (pytest's own are this user's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="coursekit-test-"))
    folder.chmod(0o777)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("later", [1, 0])
def test_an_id_taken_by_another_users_process(shared: Path, later: int) -> None:
    if started(os.getpid()) is None:
        pytest.skip("no process start times here (/proc)")
    with subprocess.Popen(["sleep", "60"]) as other:  # root's, not the sweeping user's
        try:
            start = started(other.pid)
            assert start is not None
            folder = shared / f"coursekit-run-{other.pid}.{start + later}.{this_system()}.abcd_123"
            folder.mkdir()
            os.chown(folder, NOBODY, NOBODY)
            swept = _as_nobody(shared)
        finally:
            other.kill()
    # Another start time: the owner is gone. The same one (clean counterpart): the id
    # is the owner's still, as far as can be told, and its folder stays.
    assert swept == ([folder.name] if later else [])
    assert folder.exists() is not bool(later)
