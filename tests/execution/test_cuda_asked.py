"""A cell that asks for a CUDA device the machine lacks needs a GPU (judged from given
runs, no kernel): not an unexpected error of the lesson's, and what reads the names it
left undefined is not reached."""

from __future__ import annotations

import pytest

from coursekit.execution.judge.verdicts import judge_cells
from coursekit.execution.plan.model import plan_notebook
from coursekit.execution.results import CellResult, CellRun, RunStatus, Verdict

from .conftest import cell, notebook

OK = CellRun(RunStatus.OK)
CELLS = [cell('model = AutoModel.from_pretrained("bert").to("cuda")', 10),
         cell("outputs = model(**inputs)", 20)]


def _judge(runs: list[CellRun]) -> list[CellResult]:
    plan = plan_notebook(notebook(CELLS), "cpu", notebook="en/chapter1/1.ipynb")
    return judge_cells(plan, runs, 0.01)


@pytest.mark.parametrize(("name", "message"), [
    ("AssertionError", "Torch not compiled with CUDA enabled"),
    ("RuntimeError", "Found no NVIDIA driver on your system. Please check that you have an "
                     "NVIDIA GPU and installed a driver"),
    ("RuntimeError", "No CUDA GPUs are available"),
])
def test_a_cell_asking_for_cuda_needs_a_gpu(name: str, message: str) -> None:
    results = _judge([CellRun(RunStatus.ERROR, ename=name, evalue=message),
                      CellRun(RunStatus.ERROR, ename="NameError",
                              evalue="name 'model' is not defined")])
    assert results[0].verdict is Verdict.NEEDS_GPU
    assert results[0].detail.startswith("asks for a CUDA device, which this machine lacks")
    assert results[1].verdict is Verdict.NOT_REACHED


def test_another_assertion_is_the_lessons_own_error() -> None:
    results = _judge([CellRun(RunStatus.ERROR, ename="AssertionError", evalue="shapes differ"),
                      OK])
    assert results[0].verdict is Verdict.UNEXPECTED_ERROR
