"""A documented error that does not show on a stand-in model says that it may be the
stand-in's shortcoming, rather than only "update the documented output"."""

from __future__ import annotations

import pytest

from coursekit.execution.judge.scenarios import scenarios
from coursekit.execution.judge.verdicts import judge_cells
from coursekit.execution.plan.model import NotebookPlan, plan_notebook
from coursekit.execution.results import CellResult, CellRun, RunStatus, Scenario, Verdict

from .conftest import cell, expect, notebook

STANDINS = frozenset({"bert-base-uncased"})


def _plan(checkpoint: str) -> NotebookPlan:
    node = notebook([
        cell(f"model = load('{checkpoint}')", 10),
        cell("model(long_text)", 20,
             errors=[expect("IndexError", "index out of range in self")]),
        cell("model(long_text[:512])", 30),
    ])
    return plan_notebook(node, "cpu", notebook="en/chapter1/1.ipynb")


def _judge(checkpoint: str) -> tuple[list[CellResult], list[Scenario]]:
    plan = _plan(checkpoint)
    runs = [CellRun(RunStatus.OK)] * 3
    cells = judge_cells(plan, runs, 0.01, standins=STANDINS)
    return cells, scenarios(plan, runs, cells)


def test_a_missing_error_on_a_standin_says_so() -> None:
    cells, found = _judge("bert-base-uncased")
    missing = cells[1]
    assert missing.verdict is Verdict.MISSING
    assert "`bert-base-uncased`" in missing.note
    assert "stand-in" in found[0].reason


def test_without_a_standin_there_is_no_such_note() -> None:
    cells, found = _judge("my-own/model")
    assert cells[1].note == ""
    assert found[0].reason.startswith(
        "the documented error is not reproduced (expected-error-missing): ")
    assert "stand-in" not in found[0].reason
    assert found[0].outcome.value == "drifted"


def test_a_missing_package_and_a_name_of_another_section_say_what_to_do() -> None:
    node = notebook([cell("import librosa", 10), cell("print(minds[0])", 20)])
    plan = plan_notebook(node, "cpu", notebook="en/chapter1/1.ipynb")
    runs = [CellRun(RunStatus.ERROR, ename="ModuleNotFoundError",
                    evalue="No module named 'librosa'"),
            CellRun(RunStatus.ERROR, ename="NameError", evalue="name 'minds' is not defined")]
    module, name = judge_cells(plan, runs, 0.01)
    assert module.verdict is Verdict.NEEDS_PACKAGES
    assert module.hint.startswith("add `librosa` to the lesson's `pip install` line")
    assert "[tool.coursekit.kernels.pt] `packages`" in module.hint
    assert name.cause is None
    assert name.hint.startswith("no earlier cell of this notebook defines it")


def test_a_library_asking_for_a_package_names_it() -> None:
    node = notebook([cell("pipe(sample)", 10)])
    plan = plan_notebook(node, "cpu", notebook="en/chapter1/1.ipynb")
    runs = [CellRun(RunStatus.ERROR, ename="ImportError",
                    evalue="torchaudio is required to resample audio samples in X.")]
    [result] = judge_cells(plan, runs, 0.01)
    assert result.verdict is Verdict.NEEDS_PACKAGES
    assert result.hint.startswith("add `torchaudio` to [tool.coursekit.kernels.pt] `packages`")


def _drifted(evalue: str, checkpoint: str = "bert-base-uncased") -> CellResult:
    plan = _plan(checkpoint)
    runs = [CellRun(RunStatus.OK),
            CellRun(RunStatus.ERROR, ename="RuntimeError", evalue=evalue),
            CellRun(RunStatus.OK)]
    return judge_cells(plan, runs, 0.01, standins=STANDINS)[1]


def test_an_error_naming_a_shrunk_width_may_be_the_standins() -> None:
    drifted = _drifted("mat1 and mat2 shapes cannot be multiplied (8x32 and 768x2)")
    assert drifted.verdict is Verdict.ERROR_DRIFT
    assert "`bert-base-uncased`" in drifted.note


@pytest.mark.parametrize("evalue", [
    "The size of tensor a (600) must match the size of tensor b (512) at dimension 1",
    "Expected input batch_size (16) to match target batch_size (8).",
    "index 30522 is out of bounds for dimension 0 with size 30522",
    "expected scalar type float32 but found int64",
])
def test_an_error_the_real_architecture_raises_too_does_not_blame_the_standins(
        evalue: str) -> None:
    drifted = _drifted(evalue)
    assert drifted.verdict is Verdict.ERROR_DRIFT
    assert drifted.note == ""
