"""What ``torch.compile`` writes (generated C++ and shared objects, on the CPU) stays in
the kernel's own folder and goes with it: it went to ``$TMPDIR/torchinductor_<user>``,
where the next notebook and the next run found it. The compiled function still runs and
prints what the lesson documents. IPython's history of the kernel's cells stays there too."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.kernel_skip import kernel_or_skip

from .conftest import cell, notebook, write_course

pytestmark = pytest.mark.kernel

ROOT = Path(__file__).resolve().parents[2]
COMPILED = ("import torch\n"
            "double = torch.compile(lambda x: x * 2 + 1)\n"
            "print(double(torch.ones(3)))")
WHERE = ("import os, tempfile\n"
         "assert tempfile.gettempdir().startswith({own!r}), tempfile.gettempdir()\n"
         "assert os.listdir(os.path.join(tempfile.gettempdir(), 'torchinductor'))")


@pytest.mark.parametrize("fork", [True, False], ids=["forked", "started"])
def test_compiled_code_stays_in_the_kernels_own_folder(tmp_path: Path, fork: bool) -> None:
    kernel_or_skip("pt")
    root = tmp_path / "course"
    scratch, home = tmp_path / "scratch", tmp_path / "home"
    scratch.mkdir()
    home.mkdir()
    where = WHERE.format(own=f"{scratch}/coursekit-tmp-")
    compiled = notebook([cell(COMPILED, 10, outputs=["tensor([3., 3., 3.])"], timeout=600),
                         cell(where, 20)])
    compiled.metadata["kernelspec"]["name"] = "coursekit-pt"
    write_course(root, {"en/chapter1/1.ipynb": compiled})
    with (root / "coursekit.toml").open("a", encoding="utf-8") as config:
        config.write(f"fork-kernels = {str(fork).lower()}\n")
    script = ("import sys\nimport coursekit.execution.run.jobs as jobs, "
              "coursekit.execution.run.profiles as p\n"
              "jobs.prepare_standins = lambda *a, **k: (p.Standins(), None)\n"
              "from coursekit.cli import main\nsys.exit(main(sys.argv[1:]))")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(scratch),
           "HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache"),
           "COURSEKIT_HOME": str(tmp_path / "coursekit-home")}
    env.pop("TORCHINDUCTOR_CACHE_DIR", None)
    run = subprocess.run([sys.executable, "-c", script, "verify", "--root", str(root),
                          "--device", "cpu", "--no-cache", "--format", "json"],
                         env=env, capture_output=True, text=True, timeout=900, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    cells = json.loads(run.stdout)["notebooks"][0]["cells"]
    assert [c["verdict"] for c in cells] == ["ok", "ok"], cells
    assert sorted(p.name for p in scratch.iterdir()) == []
    assert [p.name for p in home.rglob("*") if not p.is_dir()] == []  # IPython's history
