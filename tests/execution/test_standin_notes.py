"""A documented error that does not show on a stand-in model says that it may be the
stand-in's shortcoming, rather than only "update the documented output"."""

from __future__ import annotations

from coursekit.execution.judge.verdicts import judge_cells, scenarios
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
    assert found[0].reason == (
        "the documented error is not reproduced (expected-error-missing)")


def test_a_missing_package_and_a_name_of_another_section_say_what_to_do() -> None:
    node = notebook([cell("import librosa", 10), cell("print(minds[0])", 20)])
    plan = plan_notebook(node, "cpu", notebook="en/chapter1/1.ipynb")
    runs = [CellRun(RunStatus.ERROR, ename="ModuleNotFoundError",
                    evalue="No module named 'librosa'"),
            CellRun(RunStatus.ERROR, ename="NameError", evalue="name 'minds' is not defined")]
    module, name = judge_cells(plan, runs, 0.01)
    assert module.hint.startswith("the kernel lacks `librosa`")
    assert "[tool.coursekit.kernels.<framework>] `packages`" in module.hint
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
