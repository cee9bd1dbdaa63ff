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
