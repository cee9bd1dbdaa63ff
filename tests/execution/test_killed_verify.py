"""A verify killed with SIGKILL removes nothing: the next verify in the same temporary
folder removes what it left (kernels' working folders, pip layers, HF_HOMEs, the
zygote's folder, the kernels' connection files, which are kept in their own temporary
folders, not loose in the temporary folder or in Jupyter's runtime folder), and never a
folder of a run that is still going."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from coursekit.execution.run.scratch import started, sweep_dead_owners
from coursekit.leftovers import this_system

from .conftest import cell, notebook, small_set_verify, write_course

pytestmark = pytest.mark.kernel

ROOT = Path(__file__).resolve().parents[2]


def _verify(tmp_path: Path, name: str, code: str, scratch: Path) -> subprocess.Popen[str]:
    """``verify`` of a course of two notebooks running ``code``, whose kernels get a small
    stand-in set, with ``scratch`` as its temporary folder."""
    root = tmp_path / name
    write_course(root, {f"en/chapter1/{n}.ipynb": notebook([cell(code, 10)]) for n in (1, 2)})
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(scratch),
           "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime")}
    return subprocess.Popen(small_set_verify(tmp_path, root, "--device", "cpu", "-j", "2",
                                             "--no-cache"), env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _waiting(flag: Path, release: Path) -> str:
    """A cell that says it runs (``flag``), then waits for ``release``."""
    return (f"import pathlib, time\npathlib.Path({str(flag)!r}).touch()\n"
            f"while not pathlib.Path({str(release)!r}).exists():\n    time.sleep(0.1)")


def _wait_for(flag: Path, run: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 120
    while not flag.exists():
        assert run.poll() is None, run.communicate()
        assert time.monotonic() < deadline, "the cell never started"
        time.sleep(0.1)


def _folders(scratch: Path) -> list[str]:
    return sorted(p.name for p in scratch.iterdir() if p.name.startswith("coursekit-"))


def test_the_next_verify_removes_what_a_killed_one_left(tmp_path: Path) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    flag = tmp_path / "started"
    killed = _verify(tmp_path, "killed", _waiting(flag, tmp_path / "never"), scratch)
    try:
        _wait_for(flag, killed)
    finally:
        killed.send_signal(signal.SIGKILL)
        killed.communicate(timeout=60)
    left = _folders(scratch)
    assert {name.split("-")[1] for name in left} >= {"run", "pip", "hf", "zygote"}
    assert all(f"-{killed.pid}." in name for name in left)
    # Nothing of its own loose in the temporary folder (a connection file was):
    assert [p.name for p in scratch.iterdir() if not p.name.startswith("coursekit-")] == []
    assert list(scratch.glob("coursekit-tmp-*/kernel-connection.json"))
    after = _verify(tmp_path, "after", "print('done')", scratch)
    out, err = after.communicate(timeout=180)
    assert after.returncode == 0, out + err
    assert list(scratch.iterdir()) == []
    assert not (tmp_path / "runtime").exists() or list((tmp_path / "runtime").iterdir()) == []


def test_a_live_verify_keeps_its_folders(tmp_path: Path) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    flag, release = tmp_path / "started", tmp_path / "release"
    running = _verify(tmp_path, "running", _waiting(flag, release), scratch)
    try:
        _wait_for(flag, running)
        its_own = _folders(scratch)
        other = _verify(tmp_path, "other", "print('done')", scratch)
        out, err = other.communicate(timeout=180)
        assert other.returncode == 0, out + err
        assert set(its_own) <= set(_folders(scratch))
        release.touch()
        out, err = running.communicate(timeout=180)
    finally:
        if running.poll() is None:
            running.kill()
    assert running.returncode == 0, out + err
    assert _folders(scratch) == []


def test_a_process_id_taken_by_another_process_is_not_the_owner(tmp_path: Path) -> None:
    if started(os.getpid()) is None:
        pytest.skip("no process start times here (/proc)")
    here = this_system()
    with subprocess.Popen(["sleep", "60"]) as sleeper:
        try:
            start = started(sleeper.pid)
            assert start is not None
            owned = tmp_path / f"coursekit-run-{sleeper.pid}.{start}.{here}.abcd_123"
            reused = tmp_path / f"coursekit-pip-{sleeper.pid}.{start + 1}.{here}.abcd_123"
            mine = tmp_path / f"coursekit-hf-{os.getpid()}.0.{here}.abcd_123"
            for folder in (owned, reused, mine):
                folder.mkdir()
            (tmp_path / f"coursekit-run-{sleeper.pid}.{start + 1}.link_123").symlink_to(
                owned)
            assert sweep_dead_owners(tmp_path) == [reused]
        finally:
            sleeper.kill()
    sleeper.wait()
    assert sweep_dead_owners(tmp_path) == [owned]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [mine.name, f"coursekit-run-{sleeper.pid}.{start + 1}.link_123"])


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_the_kernel_of_a_killed_verify_ends_with_it(tmp_path: Path) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    flag, release = tmp_path / "started", tmp_path / "release"
    says_its_pid = (f"import os, pathlib, time\npathlib.Path({str(flag)!r}).write_text("
                    f"str(os.getpid()))\nwhile not pathlib.Path({str(release)!r}).exists():"
                    "\n    time.sleep(0.1)")
    killed = _verify(tmp_path, "killed", says_its_pid, scratch)
    try:
        _wait_for(flag, killed)
        while not flag.read_text():
            time.sleep(0.1)
        kernel = int(flag.read_text())
        assert _alive(kernel)  # its counterpart: the kernel lives while its verify does
    finally:
        killed.send_signal(signal.SIGKILL)
        killed.communicate(timeout=60)
    deadline = time.monotonic() + 30
    while _alive(kernel) and time.monotonic() < deadline:
        time.sleep(0.2)
    release.touch()  # whatever happened, nothing waits for ever
    assert not _alive(kernel), "the kernel outlived its killed verify"
