"""``standins build --force`` empties the stand-in set before it builds it again in place
(the set's Arrow tables hold its own absolute paths, so it cannot be built beside and
renamed): a verify using the set holds it, and the forced build waits for that run to
end instead of taking its stand-ins away halfway through; the build then runs."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.kernel_skip import kernel_or_skip

from .conftest import cell, notebook

pytestmark = pytest.mark.kernel

ROOT = Path(__file__).resolve().parents[2]
STAMP = "coursekit-standins.json"


def _coursekit(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "coursekit", *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _course(root: Path, flag: Path, release: Path) -> None:
    """A course without lessons (its set holds the common checkpoints) and a notebook that
    says it runs (``flag``), waits for ``release``, then loads a stand-in."""
    import nbformat

    root.mkdir()
    (root / "coursekit.toml").write_text(
        'source-language = "en"\nkernels = { pt = "coursekit-pt" }\n', encoding="utf-8")
    waiting = (f"import pathlib, time\npathlib.Path({str(flag)!r}).touch()\n"
               f"while not pathlib.Path({str(release)!r}).exists():\n    time.sleep(0.1)")
    loads = ("from transformers import AutoTokenizer\n"
             "print(AutoTokenizer.from_pretrained('bert-base-uncased')('hi')['input_ids'])")
    node = notebook([cell(waiting, 10), cell(loads, 20)])
    node.metadata["kernelspec"]["name"] = "coursekit-pt"
    path = root / "build" / "notebooks" / "en" / "chapter1" / "1.ipynb"
    path.parent.mkdir(parents=True)
    nbformat.write(node, path)


def _finished(run: subprocess.Popen[str], timeout: float) -> tuple[str, str]:
    try:
        return run.communicate(timeout=timeout)
    finally:
        if run.poll() is None:
            run.kill()


def test_a_forced_build_waits_for_the_verify_using_the_set(tmp_path: Path) -> None:
    kernel_or_skip("pt")
    root, flag, release = tmp_path / "course", tmp_path / "started", tmp_path / "release"
    _course(root, flag, release)
    first = _coursekit("standins", "build", "--framework", "pt", "--root", str(root))
    out, err = _finished(first, 600)
    assert first.returncode == 0, out + err
    assert "waiting" not in err  # nothing held the set: no wait to explain
    standins = Path(out.strip().rpartition("HF_HOME=")[2])
    assert (standins / STAMP).is_file()
    verify = _coursekit("verify", "--root", str(root), "--device", "cpu", "--no-cache",
                        "--format", "json")
    forced = None
    try:
        deadline = time.monotonic() + 300
        while not flag.exists():
            assert verify.poll() is None, verify.communicate()
            assert time.monotonic() < deadline, "the cell never started"
            time.sleep(0.1)
        forced = _coursekit("standins", "build", "--framework", "pt", "--force",
                            "--root", str(root))
        time.sleep(5)
        assert forced.poll() is None, forced.communicate()  # it waits for the verify
        assert (standins / STAMP).is_file()
        release.touch()
        out, err = _finished(verify, 300)
        assert verify.returncode == 0, out + err
        assert forced.poll() is None or forced.returncode == 0
        out, err = _finished(forced, 600)  # and then it builds
        assert forced.returncode == 0, out + err
        assert "pt: built in" in out and (standins / STAMP).is_file()
        assert "pt: waiting for the verify runs that use the stand-in set to end" in err
    finally:
        for run in (verify, forced):
            if run is not None and run.poll() is None:
                run.kill()
