"""Each documented error's fate, judged from given runs (no kernel): reached or not,
reproduced, reworded or drifted, needing a GPU, and its fix proven or not."""

from __future__ import annotations

from typing import Any

import pytest

from coursekit.execution.judge.apidrift import shim
from coursekit.execution.judge.frames import library_call
from coursekit.execution.judge.reproduced import likeness, reworded_as
from coursekit.execution.judge.scenarios import fix_failures, scenarios
from coursekit.execution.judge.verdicts import judge_cells
from coursekit.execution.plan.model import NotebookPlan, device_of, plan_notebook
from coursekit.execution.results import CellResult, CellRun, RunStatus, Scenario, Verdict
from coursekit.judgement.model import Fate
from coursekit.lessons.exceptions import read_output
from coursekit.stale_apis import bundled

from .conftest import cell, expect, notebook

OK = CellRun(RunStatus.OK)


def _error(name: str, message: str) -> CellRun:
    return CellRun(RunStatus.ERROR, ename=name, evalue=message)


def _judge(cells: list[Any], runs: list[CellRun], device: str = "cpu"
           ) -> tuple[NotebookPlan, list[CellResult], list[Scenario]]:
    plan = plan_notebook(notebook(cells), device, notebook="en/chapter1/1.ipynb")
    results = judge_cells(plan, runs, 0.01)
    return plan, results, scenarios(plan, runs, results)


CHAIN = [
    cell("x = torch.tensor(rows)", 10, errors=[expect("ValueError", "expected sequence of "
                                                    "length 4 at dim 1 (got 2)")]),
    cell("x = pad(rows)\nmodel(x)", 20, errors=[expect("ValueError", "shapes (2,3) and "
                                                     "(4,3) not aligned")]),
    cell("x = pad(rows, 4)\nmodel(x)", 30),
]


def test_an_attempt_raising_its_own_documented_error_proves_the_fix_before_it() -> None:
    runs = [_error("ValueError", "expected sequence of length 4 at dim 1 (got 2)"),
            _error("ValueError", "shapes (2,3) and (4,3) not aligned"), OK]
    plan, results, found = _judge(CHAIN, runs)
    assert [r.verdict for r in results] == [Verdict.REPRODUCED, Verdict.REPRODUCED, Verdict.OK]
    assert [s.outcome for s in found] == [Fate.PROVEN, Fate.PROVEN]
    assert fix_failures(plan, runs, results) == {}


def test_an_attempt_still_raising_the_error_before_it_is_a_fix_that_fails() -> None:
    runs = [_error("ValueError", "expected sequence of length 4 at dim 1 (got 2)"),
            _error("ValueError", "expected sequence of length 4 at dim 1 (got 3)"), OK]
    _, results, found = _judge(CHAIN, runs)
    assert results[1].verdict is Verdict.ERROR_DRIFT  # another ValueError than its own
    assert found[0].outcome is Fate.FIX_FAILS
    assert found[0].reason.endswith(":20 still raises it")


def test_a_reworded_message_is_the_same_error_and_another_message_is_not() -> None:
    documented = expect("ValueError", "You have to specify either input_ids or inputs_embeds")
    reworded = _error("ValueError", "You must specify exactly one of input_ids or "
                                    "inputs_embeds")
    other = _error("ValueError", "expected sequence of length 43 at dim 1 (got 37)")
    assert reworded_as(documented, reworded)
    assert not reworded_as(documented, other)
    assert not reworded_as(documented, _error("TypeError", documented["message"]))
    assert likeness("a b c", "a b c") == 1.0
    _, results, found = _judge([cell("trainer.train()", 10, errors=[documented])], [reworded])
    assert results[0].verdict is Verdict.MESSAGE_DRIFT
    assert results[0].verdict.passed and results[0].verdict.reproduced
    assert found[0].outcome is Fate.NO_FIX
    _, results, _ = _judge([cell("trainer.train()", 10, errors=[documented])], [other])
    assert results[0].verdict is Verdict.ERROR_DRIFT


@pytest.mark.parametrize(("message", "device"), [
    ("CUDA error: device-side assert triggered", "cuda"),
    ("CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`", "cuda"),
    ("CUDA out of memory. Tried to allocate 20.00 MiB", "cuda"),
    ("cuDNN error: CUDNN_STATUS_NOT_INITIALIZED", "cuda"),
    ("Target 2 is out of bounds.", None),
    ("Expected all tensors to be on the same device, but found cpu and cuda:0", None),
])
def test_an_error_only_a_gpu_raises_is_that_device_s(message: str, device: str | None) -> None:
    assert device_of(expect("RuntimeError", message)) == device


def test_a_cuda_only_error_needs_a_gpu_whatever_the_cpu_raised() -> None:
    cells = [cell("trainer.train()", 10, errors=[expect("RuntimeError", "CUDA error: "
                                                        "device-side assert triggered")]),
             cell("labels", 20)]
    _, results, found = _judge(cells, [_error("IndexError", "Target 2 is out of bounds."), OK])
    assert results[0].verdict is Verdict.NEEDS_GPU
    assert "here it raised `IndexError: Target 2 is out of bounds.`" in results[0].detail
    assert found[0].outcome is Fate.NEEDS_GPU and not found[0].reached
    # Raised on the CPU all the same (a test's own fake), it is reproduced.
    _, results, found = _judge(cells, [_error("RuntimeError", "CUDA error: device-side "
                                              "assert triggered"), OK])
    assert results[0].verdict is Verdict.REPRODUCED
    assert found[0].outcome is Fate.PROVEN
    # On a GPU it is the cell's own expectation.
    _, results, found = _judge(cells, [_error("RuntimeError", "CUDA error: device-side "
                                              "assert triggered"), OK], device="cuda")
    assert results[0].verdict is Verdict.REPRODUCED


def test_a_name_left_undefined_is_not_reached_and_never_error_drift() -> None:
    cells = [cell("from transformers import AdamW, Trainer", 10),
             cell("trainer = Trainer(model)\ntrainer.train()", 20,
                  errors=[expect("ValueError", "no input_ids")])]
    runs = [_error("ImportError", "cannot import name 'AdamW' from 'transformers'"),
            _error("NameError", "name 'Trainer' is not defined")]
    _, results, found = _judge(cells, runs)
    assert results[1].verdict is Verdict.NOT_REACHED
    assert results[1].cause == results[0].index
    assert "left `Trainer` undefined" in results[1].detail
    assert found[0].outcome is Fate.NOT_REACHED and not found[0].reached
    # Its clean counterpart: the name defined, the error its own.
    _, results, found = _judge(cells, [OK, _error("ValueError", "no input_ids")])
    assert results[1].verdict is Verdict.REPRODUCED and found[0].reached


def test_a_drifted_call_of_its_own_is_never_a_consequence() -> None:
    code = "model = build()\nargs = TrainingArguments('o', evaluation_strategy='epoch')"
    cells = [cell(code, 10), cell(code, 20)]
    drift = _error("TypeError", "TrainingArguments.__init__() got an unexpected keyword "
                                "argument 'evaluation_strategy'")
    plan = plan_notebook(notebook(cells), "cpu", notebook="en/chapter1/1.ipynb")
    results = judge_cells(plan, [drift, drift], 0.01, apis=bundled())
    assert [(r.verdict, r.cause) for r in results] == [(Verdict.API_DRIFT, None)] * 2


def test_a_rename_touches_only_the_drifted_callable_and_a_moved_name_its_import() -> None:
    apis = {(a.call or a.name, a.keyword): a for a in bundled()}
    trainer = apis[("transformers.Trainer", "tokenizer")]
    code = ("collate = DataCollatorWithPadding(tokenizer=tokenizer)\n"
            "trainer = Trainer(model, tokenizer=tokenizer)  # le modèle\n")
    assert shim(code, trainer) == code.replace("Trainer(model, tokenizer=",
                                               "Trainer(model, processing_class=")
    moved = apis[("transformers.AdamW", None)]
    fixed = shim("from transformers import AdamW, get_scheduler\nopt = AdamW(p)", moved)
    assert fixed == ("from transformers import get_scheduler\nfrom torch.optim import AdamW\n"
                     "opt = AdamW(p)")
    assert shim("opt = torch.optim.AdamW(p)", moved) is None  # nothing of it to fix


def test_an_older_ipython_frame_heads_a_documented_traceback() -> None:
    text = ("~/envs/base/lib/python3.7/site-packages/torch/nn/functional.py in "
            "nll_loss(input, target)\n   2386         )\n-> 2388         ret = nll(input)\n\n"
            "IndexError: Target 2 is out of bounds.")
    found = read_output(text, 1).exception
    assert found is not None and (found.name, found.message) == (
        "IndexError", "Target 2 is out of bounds.")
    assert read_output("results.py in a folder\nall good", 1).exception is None


def test_error_drift_names_the_library_call_the_lesson_made() -> None:
    site = "/env/lib/python3.11/site-packages"
    raised = CellRun(
        RunStatus.ERROR, ename="RuntimeError", evalue="Target 2 is out of bounds.",
        traceback=["Cell In[4], line 1\n----> 1 trainer.train()",
                   f"File {site}/torch/nn/functional.py:3555, in cross_entropy(a, b)"],
        called=f"{site}/transformers/trainer.py:2206:Trainer.train")
    cells = [cell("trainer.train()", 10, errors=[expect("IndexError", "Target 2 is out of "
                                                        "bounds.")])]
    _, results, _ = _judge(cells, [raised])
    assert results[0].verdict is Verdict.ERROR_DRIFT
    assert results[0].detail.endswith(
        "inside `torch/nn/functional.py:3555` "
        "(the lesson called `transformers/trainer.py:2206, in Trainer.train`)")
    assert library_call("/home/me/lesson_helpers.py:3:f") is None


def test_a_name_moved_under_another_name_is_imported_as_the_code_calls_it() -> None:
    [metric] = [a for a in bundled() if a.name == "datasets.load_metric"]
    fixed = shim("from datasets import load_dataset, load_metric\n"
                 "m = load_metric('glue', 'mrpc')", metric)
    assert fixed == ("from datasets import load_dataset\nfrom evaluate import load as "
                     "load_metric\nm = load_metric('glue', 'mrpc')")
    assert shim("from datasets import load_metric as lm", metric) == (
        "from evaluate import load as lm")
    assert shim("from datasets import load_dataset", metric) is None


def test_an_unrelated_scenario_next_is_no_proof_of_a_fix() -> None:
    cells = [cell("scores['missing']", 10, errors=[expect("KeyError", "'missing'")]),
             cell("torch.zeros(2).view(3)", 20, errors=[expect("RuntimeError", "shape")])]
    runs = [_error("KeyError", "'missing'"), _error("RuntimeError", "shape")]
    _, _, found = _judge(cells, runs)
    assert [s.outcome for s in found] == [Fate.NO_FIX, Fate.NO_FIX]
    assert found[0].reason == "no cell follows the error to fix it"


def test_verify_marks_the_findings_a_fix_settles() -> None:
    from coursekit.execution.judge.diagnose import notebook_diagnostics

    code = "args = TrainingArguments('o', evaluation_strategy='epoch')"
    cells = [cell(code, 10), cell("from transformers import pipeline\npipeline('conversational')",
                                  20),
             cell("trainer.train()", 30, errors=[expect("KeyError", "'x'")])]
    runs = [_error("TypeError", "TrainingArguments.__init__() got an unexpected keyword "
                                "argument 'evaluation_strategy'"),
            _error("KeyError", "Unknown task conversational, available tasks are [...]"),
            _error("ValueError", "x")]
    plan = plan_notebook(notebook(cells), "cpu", notebook="en/chapter1/1.ipynb")
    results = judge_cells(plan, runs, 0.01, apis=bundled())
    assert [(r.verdict, r.fix) for r in results] == [
        (Verdict.API_DRIFT, "safe"),   # fix drift renames the keyword
        (Verdict.API_DRIFT, ""),       # a removed task: a message only
        (Verdict.ERROR_DRIFT, "safe"),  # fix errors brings the documented error up to date
    ]
    found = {d.line: d.fix for d in notebook_diagnostics(plan, results, {})}
    assert found == {10: "safe", 20: None, 30: "safe"}


def test_a_fix_the_lesson_skips_is_said_skipped_once_and_what_it_leaves_unreached_too(
) -> None:
    skipped = CellRun(RunStatus.SKIPPED)
    _, results, found = _judge([
        cell("data = {}\ndata['b']", 10, errors=[expect("KeyError", "'b'")]),
        cell("data['b'] = 2", 20, skip="needs a GPU"),
        cell("print(data['b'])", 30),
    ], [_error("KeyError", "'b'"), skipped, _error("KeyError", "'b'")])
    assert found[0].reason == ("the cell at content/en/chapter1/1.mdx:20 is skipped: needs "
                               "a GPU")
    assert results[2].detail.startswith("not reached: the cell at content/en/chapter1/1.mdx:20"
                                        " is skipped and left `data` half-built")
