"""Devices: which one each kernel runs on, expectations per device, device in keys and reports.

A CPU run never proves a CUDA expectation and the other way round: the device is
in the cache key, the plan holds only the device's own expectations, and the
other device's ones are listed as not verified.
"""

from __future__ import annotations

import json
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from coursekit.config import Course
from coursekit.diagnostics import Severity
from coursekit.execution.cache.key import run_key
from coursekit.execution.judge.verdicts import judge_cells
from coursekit.execution.plan.model import NotebookPlan, plan_notebook
from coursekit.execution.results import CellRun, RunStatus, Verdict
from coursekit.execution.run.device import (
    DeviceError,
    KernelDevice,
    choose_devices,
    device_for,
    resolve_device,
)
from coursekit.execution.verify import verify_course
from coursekit.kernels.kernelspec import kernels_dir
from coursekit.report.notebooks import notebook_json

from .conftest import cell, expect, notebook, write_course

LESSON = "content/en/chapter8/4.mdx"
ASSERT = "CUDA error: device-side assert triggered"


def _two_device_cell(line: int = 10) -> Any:
    return cell("[0, 1][2]", line, LESSON, errors=[
        expect("IndexError", "list index out of range", device="cpu"),
        expect("RuntimeError", ASSERT, device="cuda"),
    ])


def _nan_cell(line: int = 20) -> Any:
    """Like the Keras lesson: an error on CPU, a clean (NaN loss) run on a GPU."""
    return cell("[0, 1][2]", line, LESSON,
                errors=[expect("IndexError", "list index out of range", device="cpu")])


def _plans(device: str) -> NotebookPlan:
    node = notebook([_two_device_cell(), _nan_cell(), cell("print(1)", 30, LESSON)],
                    lesson=LESSON)
    return plan_notebook(node, device, notebook="en/chapter8/4.ipynb")


def test_each_device_has_its_expectations_and_lists_the_others() -> None:
    cpu, cuda = _plans("cpu"), _plans("cuda")
    assert [e["name"] for e in cpu.cells[0].expected] == ["IndexError"]
    assert [e["name"] for e in cuda.cells[0].expected] == ["RuntimeError"]
    assert cuda.cells[1].expected == ()
    [(device, there)] = cpu.cells[0].elsewhere
    assert device == "cuda"
    assert [e["message"] for e in there] == [ASSERT]
    assert cpu.cells[1].elsewhere == (("cuda", ()),)
    assert cpu.cells[2].elsewhere == ()


def test_a_cpu_run_does_not_satisfy_a_cuda_expectation() -> None:
    cpu_run = [CellRun(RunStatus.ERROR, ename="IndexError", evalue="list index out of range"),
               CellRun(RunStatus.ERROR, ename="IndexError", evalue="list index out of range"),
               CellRun(RunStatus.OK)]
    on_cpu = judge_cells(_plans("cpu"), cpu_run, 0.01)
    on_cuda = judge_cells(_plans("cuda"), cpu_run, 0.01)
    assert [c.verdict for c in on_cpu] == [Verdict.REPRODUCED, Verdict.REPRODUCED, Verdict.OK]
    assert [c.verdict for c in on_cuda] == [Verdict.ERROR_DRIFT, Verdict.UNEXPECTED_ERROR,
                                            Verdict.OK]


def test_every_cell_carries_what_it_documents_on_every_device() -> None:
    """The judgement says what each cell documents on any device, whichever device ran
    it: the scenario matrix opens each scenario with it."""
    run = [CellRun(RunStatus.ERROR, ename="IndexError", evalue="list index out of range"),
           CellRun(RunStatus.ERROR, ename="IndexError", evalue="list index out of range"),
           CellRun(RunStatus.OK)]
    both = f"IndexError: list index out of range (on cpu) / RuntimeError: {ASSERT} (on cuda)"
    for device in ("cpu", "cuda"):
        cells = judge_cells(_plans(device), run, 0.01)
        # The clean counterpart: a cell that documents nothing says nothing.
        assert [c.expected for c in cells] == [
            both, "IndexError: list index out of range (on cpu)", ""]


def test_the_device_is_part_of_the_cache_key() -> None:
    plan = _plans("cpu")
    keys = {device: run_key(plan.cells, kernel="k", environment="e", standins="s",
                            device=device, default_timeout=60)
            for device in ("cpu", "cuda")}
    assert keys["cpu"] != keys["cuda"]


def test_kernels_are_asked_only_when_a_gpu_may_be_there() -> None:
    assert resolve_device("auto", driver=False) == "cpu"
    assert resolve_device("auto", driver=True) == "auto"
    assert resolve_device("cuda", driver=True) == "cuda"
    with pytest.raises(DeviceError, match="no NVIDIA GPU"):
        resolve_device("cuda", driver=False)
    with pytest.raises(DeviceError, match="unknown device"):
        resolve_device("tpu", driver=True)
    # No kernel is started for cpu: a kernel that does not exist is not noticed.
    assert choose_devices("cpu", {("no-such-kernel", "pt")}) == {
        ("no-such-kernel", "pt"): KernelDevice("cpu")}


def test_the_kernel_answer_decides_and_a_refused_cuda_says_why() -> None:
    assert device_for("auto", "k", "pt", True) == KernelDevice("cuda")
    assert device_for("auto", "k", "tf", False) == KernelDevice("cpu")
    assert device_for("cuda", "k", "pt", True) == KernelDevice("cuda")
    fallback = device_for("cuda", "coursekit-tf", "tf", False)
    assert fallback.device == "cpu"
    assert fallback.problem is not None
    assert "`coursekit-tf` (tf) sees no CUDA device" in fallback.problem
    assert "does not answer" in (device_for("cuda", "k", "pt", None).problem or "")


@pytest.fixture
def gpu_kernel(tmp_path: Path) -> Iterator[str]:
    """A real kernel whose ``torch`` (a tiny one on its path) sees a CUDA device."""
    fake = tmp_path / "site" / "torch"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text(
        "class cuda:\n    @staticmethod\n    def is_available():\n        return True\n",
        encoding="utf-8")
    name = f"coursekit-test-gpu-{uuid.uuid4().hex[:8]}"
    folder = kernels_dir() / name
    folder.mkdir(parents=True)
    (folder / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": name, "language": "python",
        "env": {"PYTHONPATH": str(fake.parent)},
    }), encoding="utf-8")
    yield name
    (folder / "kernel.json").unlink()
    folder.rmdir()


@pytest.mark.kernel
def test_auto_asks_each_kernel_whether_its_framework_sees_a_gpu(gpu_kernel: str) -> None:
    chosen = choose_devices("auto", {(gpu_kernel, "pt"), (gpu_kernel, "tf"), ("python3", "pt")})
    assert chosen[(gpu_kernel, "pt")] == KernelDevice("cuda")
    assert chosen[(gpu_kernel, "tf")] == KernelDevice("cpu")  # no TensorFlow there
    assert chosen[("python3", "pt")] == KernelDevice("cpu")  # no torch there
    forced = choose_devices("cuda", {(gpu_kernel, "tf")})
    assert forced[(gpu_kernel, "tf")].device == "cpu"
    assert forced[(gpu_kernel, "tf")].problem is not None


@pytest.mark.kernel
def test_a_cpu_run_reports_its_device_and_what_it_left_unverified(tmp_path: Path) -> None:
    node = notebook([_two_device_cell(), _nan_cell(), cell("print(1)", 30, LESSON)],
                    lesson=LESSON)
    course = write_course(tmp_path, {"en/chapter8/4.ipynb": node})
    report = verify_course(Course.open(tmp_path), device="auto", jobs=1)  # no GPU here: cpu
    [result] = report.notebooks
    assert result.device == "cpu"
    assert [c.verdict for c in result.cells] == [Verdict.REPRODUCED, Verdict.REPRODUCED,
                                                 Verdict.OK]
    assert [(u.device, u.expected) for u in result.unverified] == [
        ("cuda", f"RuntimeError: {ASSERT}"), ("cuda", "no error")]
    notes = [d for d in result.diagnostics if d.rule == "EXE303"]
    assert [(d.line, d.severity) for d in notes] == [(10, Severity.NOTE), (20, Severity.NOTE)]
    assert "not verified on cpu" in notes[0].message
    document = notebook_json(result.judgement())
    assert document["device"] == "cpu"
    assert document["unverified"][0]["device"] == "cuda"
    assert course.build_dir.is_dir()
