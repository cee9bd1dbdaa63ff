"""``verify`` stopped while a kernel runs a cell: exit 130 (143 for SIGTERM), no
traceback, and nothing in the result cache, so that the next run does the notebook
again instead of replaying a run that was cut short."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from coursekit.execution.cache.store import CACHE_DIR

from .conftest import cell, notebook, write_course

pytestmark = pytest.mark.kernel

ROOT = Path(__file__).resolve().parents[2]


def _runs(root: Path) -> list[Path]:
    return sorted((root / "build" / CACHE_DIR / "runs").rglob("*.json"))


@pytest.mark.parametrize(("sig", "code", "said"), [
    (signal.SIGINT, 130, "coursekit: interrupted"),
    (signal.SIGTERM, 143, "coursekit: terminated"),
])
def test_a_stopped_verify_stores_no_run(tmp_path: Path, sig: int, code: int, said: str) -> None:
    started = tmp_path / "started"
    slow = cell(f"import pathlib, time\npathlib.Path({str(started)!r}).touch()\n"
                "time.sleep(60)\nprint('done')", 10, outputs=["done"])
    root = tmp_path / "course"
    write_course(root, {"en/chapter1/1.ipynb": notebook([slow])})
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    verify = subprocess.Popen(
        [sys.executable, "-m", "coursekit", "verify", "--root", str(root), "--device", "cpu"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while not started.exists():
            assert verify.poll() is None, verify.communicate()
            assert time.monotonic() < deadline, "the cell never started"
            time.sleep(0.1)
        verify.send_signal(sig)
        _, err = verify.communicate(timeout=60)
    finally:
        if verify.poll() is None:
            verify.kill()
    assert verify.returncode == code, err
    assert "Traceback" not in err
    assert err.strip().splitlines()[-1] == said
    assert _runs(root) == []
    assert not [p for p in root.rglob("*") if ".coursekit." in p.name]


STOPS = {
    "its-hf-home-is-made": ("coursekit.execution.run.hfhome._mirror", True),
    "the-kernel-is-about-to-start": ("coursekit.execution.run.kernel.home_env", True),
    "the-zygote-is-about-to-start": ("coursekit.execution.run.pool.zygote_argv", True),
    "the-kernel-pre-imports": ("coursekit.execution.run.pool.warm_up", False),
    "the-kernel-is-handed-to-its-notebook": ("coursekit.execution.run.runner.evaluate", True),
}
"""Steps of a kernel's start, up to its notebook's first cell, and whether its kernels
are forked there; a signal sent during one is handled while it runs."""


def _verify_into(tmp_path: Path, prelude: str, *, fork: bool = True,
                 ) -> tuple[subprocess.CompletedProcess[str], Path]:
    """``verify`` of two notebooks whose kernels get a small stand-in set, run with its own
    ``TMPDIR`` (returned), after ``prelude``; ``fork``: the kernels are forked."""
    root = tmp_path / "course"
    done = cell("import yaml\nprint('done')", 10, outputs=["done"])
    write_course(root, {f"en/chapter1/{n}.ipynb": notebook([done]) for n in (1, 2)})
    with (root / "coursekit.toml").open("a", encoding="utf-8") as config:
        config.write(f"fork-kernels = {str(fork).lower()}\n")
    standins = tmp_path / "standins"
    (standins / "hub").mkdir(parents=True)
    (standins / "hub" / "version.txt").write_text("1")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    script = (
        "import os, sys, time\n"
        "import coursekit.execution.run.jobs as jobs, coursekit.execution.run.profiles as p\n"
        "jobs.prepare_standins = lambda *a, **k: (p.Standins(env=(('HF_HOME', "
        f"{str(standins)!r}),), hash='small'), None)\n{prelude}\n"
        "from coursekit.cli import main\nsys.exit(main(sys.argv[1:]))")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(scratch)}
    run = subprocess.run([sys.executable, "-c", script, "verify", "--root", str(root),
                          "--device", "cpu", "-j", "2"], env=env, capture_output=True,
                         text=True, timeout=180, check=False)
    return run, scratch


@pytest.mark.parametrize("step", sorted(STOPS))
@pytest.mark.parametrize(("sig", "code", "said"), [
    (signal.SIGINT, 130, "coursekit: interrupted"),
    (signal.SIGTERM, 143, "coursekit: terminated"),
])
def test_a_verify_stopped_as_a_kernel_starts_leaves_no_folder_behind(
        tmp_path: Path, step: str, sig: int, code: int, said: str) -> None:
    """A kernel's working folder, pip layer, HF_HOME and connection file, and a zygote's
    folder, were left in the temporary folder by every verify stopped as one started or
    before its notebook's first cell."""
    target, fork = STOPS[step]
    module, name = target.rsplit(".", 1)
    prelude = (f"import asyncio, inspect, {module} as stopped\nreal = stopped.{name}\n"
               f"def stop(*a, **k):\n    got = real(*a, **k)\n"
               f"    os.kill(os.getpid(), {int(sig)})\n    time.sleep(1)\n    return got\n"
               f"async def stop_async(*a, **k):\n    os.kill(os.getpid(), {int(sig)})\n"
               f"    await asyncio.sleep(1)\n    return await real(*a, **k)\n"
               f"stopped.{name} = stop_async if inspect.iscoroutinefunction(real) else stop\n")
    run, scratch = _verify_into(tmp_path, prelude, fork=fork)
    assert run.returncode == code, run.stderr
    assert "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines()[-1] == said
    assert sorted(p.name for p in scratch.iterdir()) == []


@pytest.mark.parametrize("fork", [True, False], ids=["forked", "started"])
def test_a_verify_that_ends_leaves_no_folder_behind(tmp_path: Path, fork: bool) -> None:
    run, scratch = _verify_into(tmp_path, "", fork=fork)
    assert run.returncode == 0, run.stdout + run.stderr
    assert sorted(p.name for p in scratch.iterdir()) == []
