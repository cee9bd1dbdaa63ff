"""``verify`` on a full temporary folder: every notebook is a finding naming the folder
and the cause, with a hint about room (not "install the kernel"), exit 1, and nothing of
coursekit's is left there; once there is room, the same run is clean.

The folder is a real, small tmpfs (mounting one needs root: the tests skip without)."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import cell, notebook, small_set_verify, write_course

pytestmark = pytest.mark.kernel

ROOT = Path(__file__).resolve().parents[2]
FILLER = "filler"


def _mount(folder: Path, options: str) -> None:
    folder.mkdir()
    try:
        mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)],
                                 capture_output=True, text=True, check=False)
    except OSError as exc:
        pytest.skip(f"no mount command: {exc}")
    if mounted.returncode != 0:
        pytest.skip(f"a tmpfs cannot be mounted here: {mounted.stderr.strip()}")


@pytest.fixture(params=["one-inode-left", "one-page-left"])
def full_tmpdir(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Path]:
    """A temporary folder with room for Python's probe of it (a file written and removed:
    a folder with none is passed over for ``/tmp``) and little more: one inode left, or
    one page of bytes."""
    folder = tmp_path / "full"
    one_inode = request.param == "one-inode-left"
    _mount(folder, "size=1m,nr_inodes=2" if one_inode else "size=64k")  # 2: the root, and one
    try:
        if not one_inode:
            _fill_but_a_page(folder / FILLER)
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def _fill_but_a_page(path: Path) -> None:
    filler = os.open(path, os.O_WRONLY | os.O_CREAT)
    try:
        with pytest.raises(OSError, match="No space left"):
            _write_for_ever(filler)
    finally:
        os.close(filler)
    os.truncate(path, path.stat().st_size - 4096)


def _write_for_ever(fd: int) -> None:
    while True:
        os.write(fd, b"\0" * 4096)


def _verify(tmp_path: Path, tmpdir: Path) -> subprocess.CompletedProcess[str]:
    """``verify`` of two notebooks whose kernels get a small stand-in set, with ``tmpdir``
    as the temporary folder."""
    root = tmp_path / "course"
    done = cell("print('done')", 10, outputs=["done"])
    write_course(root, {f"en/chapter1/{n}.ipynb": notebook([done]) for n in (1, 2)})
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(tmpdir),
           "COURSEKIT_HOME": str(tmp_path / "home")}
    return subprocess.run(small_set_verify(tmp_path, root, "--device", "cpu", "--no-cache",
                                           "--format", "json"),
                          env=env, capture_output=True, text=True, timeout=180, check=False)


def _left(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if not p.name.startswith(FILLER))


def test_a_full_temporary_folder_is_a_finding_naming_it(
        tmp_path: Path, full_tmpdir: Path) -> None:
    run = _verify(tmp_path, full_tmpdir)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "Traceback" not in run.stderr and "internal error" not in run.stdout + run.stderr
    found = json.loads(run.stdout)["diagnostics"]
    assert {d["rule"] for d in found} == {"EXE203"}
    for finding in found:
        assert f"cannot be made in {full_tmpdir}: No space left on device" in finding["message"]
        assert finding["hint"] == (f"free space in {full_tmpdir}, or point TMPDIR at a "
                                   "folder with room")
    assert _left(full_tmpdir) == []


def test_the_same_run_with_room_is_clean(tmp_path: Path, full_tmpdir: Path) -> None:
    subprocess.run(["mount", "-o", "remount,size=16m,nr_inodes=10000", str(full_tmpdir)],
                   check=True)
    run = _verify(tmp_path, full_tmpdir)
    assert run.returncode == 0, run.stdout + run.stderr
    assert _left(full_tmpdir) == []
