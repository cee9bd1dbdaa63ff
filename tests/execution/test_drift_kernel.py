"""API drift on a real kernel: the stale-API table names the replacement, the
course extends it, and ``shim_drift`` runs the cell again so that the rest is judged."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.execution.results import NotebookResult, Verdict
from coursekit.execution.verify import verify_course

from .conftest import COURSE_TOML, cell, expect, notebook, write_course

pytestmark = pytest.mark.kernel

LESSON = "content/en/chapter3/2.mdx"
# A stand-in for a library class whose keyword was renamed, raising as the real one does.
ARGUMENTS = '''\
class TrainingArguments:
    def __init__(self, output_dir, eval_strategy="no"):
        self.output_dir, self.eval_strategy = output_dir, eval_strategy
'''
COURSE_APIS = '''
[[translations.stale-apis]]
name = "json.loads_fast"
reason = "was removed from the course's helper library"
use = "json.loads"
'''


def _cells() -> list[object]:
    return [
        cell(ARGUMENTS, 10, LESSON),
        cell("from json import loads_fast", 20, LESSON),
        cell("args = TrainingArguments('out')\nargs.learning_rate", 30, LESSON,
             errors=[expect("AttributeError", "'TrainingArguments' object has no attribute "
                                              "'learning_rate'")]),
        cell("args = TrainingArguments('out', evaluation_strategy='epoch')\n"
             "args.learning_rate = 2e-5", 40, LESSON),
        cell("print(args.eval_strategy, args.learning_rate)", 50, LESSON,
             outputs=["epoch 2e-05"]),
    ]


def _verify(root: Path, *, shim: bool) -> NotebookResult:
    report = verify_course(Course.open(root), paths=[root / "build" / "notebooks"],
                           device="cpu", jobs=1, shim_drift=shim)
    return report.notebooks[0]


@pytest.fixture(scope="module")
def course_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("drift")
    write_course(root, {"en/chapter3/2.ipynb": notebook(_cells(), lesson=LESSON)})
    (root / "coursekit.toml").write_text(COURSE_TOML + COURSE_APIS, encoding="utf-8")
    return root


def test_a_renamed_keyword_is_drift_with_its_replacement(course_root: Path) -> None:
    result = _verify(course_root, shim=False)
    verdicts = [(c.verdict, c.cause) for c in result.cells]
    assert verdicts == [
        (Verdict.OK, None),
        (Verdict.API_DRIFT, None),
        (Verdict.REPRODUCED, None),
        (Verdict.API_DRIFT, None),
        (Verdict.NOT_REACHED, 4),  # reads `args`, which the failed cell was to remake
    ]
    drifted = result.cells[3]
    assert "`evaluation_strategy=`" in drifted.detail
    assert "renamed to `eval_strategy`" in drifted.detail
    assert drifted.hint == "use eval_strategy="
    assert result.cells[1].hint == "use json.loads"  # the course's own entry
    assert result.status.value == "api-drift"
    assert result.first_cause is result.cells[1]
    diagnostics = {d.line: d for d in result.diagnostics}
    assert diagnostics[40].rule == "EXE106"
    assert diagnostics[40].hint == "use eval_strategy="
    assert diagnostics[50].rule == "EXE105"
    scenario = result.scenarios[0]
    assert not scenario.proven
    assert "api-drift" in scenario.reason


def test_shim_drift_judges_the_cells_behind_it(course_root: Path) -> None:
    result = _verify(course_root, shim=True)
    assert [c.verdict for c in result.cells] == [
        Verdict.OK, Verdict.API_DRIFT, Verdict.REPRODUCED, Verdict.API_DRIFT, Verdict.OK,
    ]
    drifted = result.cells[3]
    assert "ran again with `evaluation_strategy=` renamed `eval_strategy=`" in drifted.detail
    assert drifted.detail.endswith("it then ran clean")
    assert result.cells[1].note == ""  # a removal has no rename: nothing to run again
    scenario = result.scenarios[0]
    assert scenario.proven
    assert scenario.note == f"judged with renamed APIs at {LESSON}:40"


def test_shim_drift_judges_a_documented_error_behind_a_drifted_call(tmp_path: Path) -> None:
    """A debugging lesson's error cell written for an older release fails on a renamed
    keyword before it reaches its documented error: run again with the new name, it
    raises that error, so its scenario and the next one are judged."""
    lesson = "content/en/chapter8/4.mdx"
    cells = [
        cell(ARGUMENTS, 10, lesson),
        cell("args = TrainingArguments('out', evaluation_strategy='epoch')\n"
             "args.learning_rate", 20, lesson,
             errors=[expect("AttributeError", "'TrainingArguments' object has no attribute "
                                              "'learning_rate'")]),
        cell("args.learning_rate = 2e-5", 30, lesson),
        cell("args.warmup", 40, lesson,
             errors=[expect("AttributeError", "'TrainingArguments' object has no attribute "
                                              "'warmup'")]),
        cell("args.warmup = 0\nprint(args.eval_strategy, args.learning_rate)", 50, lesson,
             outputs=["epoch 2e-05"]),
    ]
    write_course(tmp_path, {"en/chapter8/4.ipynb": notebook(cells, lesson=lesson)})
    without = _verify(tmp_path, shim=False)
    assert [c.verdict for c in without.cells][:3] == [
        Verdict.OK, Verdict.API_DRIFT, Verdict.NOT_REACHED]
    assert [s.proven for s in without.scenarios] == [False, False]

    result = _verify(tmp_path, shim=True)
    assert [c.verdict for c in result.cells] == [
        Verdict.OK, Verdict.API_DRIFT, Verdict.OK, Verdict.REPRODUCED, Verdict.OK]
    drifted = result.cells[1]
    assert drifted.detail.endswith(
        "it then raised the documented `AttributeError: 'TrainingArguments' object has no "
        "attribute 'learning_rate'`")
    assert [s.proven for s in result.scenarios] == [True, True], [
        s.reason for s in result.scenarios]
    assert "judged with renamed APIs" in result.scenarios[0].note


@pytest.mark.torch
@pytest.mark.slow
def test_the_installed_libraries_raise_what_the_table_knows(tmp_path: Path) -> None:
    """Removed pipelines, TrainingArguments keywords, `organization=` and the
    InferenceClient's removed arguments, as transformers and huggingface_hub raise them
    in the pt lesson kernel; each next to its clean counterpart."""
    from coursekit.kernels import kernel_python

    if kernel_python("coursekit-pt", "pt") is None:
        pytest.skip("the pt lesson kernel is not installed (make kernels)")
    lesson = "content/en/chapter5/1.mdx"
    node = notebook([
        cell("from transformers import pipeline, TrainingArguments\n"
             "from huggingface_hub import InferenceClient, create_repo", 10, lesson),
        cell("pipeline('summarization')", 20, lesson),
        cell("pipeline('conversational')", 30, lesson),
        cell("TrainingArguments('out', no_cuda=True)", 40, lesson),
        cell("args = TrainingArguments('out', use_cpu=True)", 50, lesson),
        cell("create_repo('demo', organization='org')", 60, lesson),
        cell("create_repo('org/demo')", 70, lesson),
        cell("InferenceClient().text_generation('hi', stop_sequences=['.'])", 80, lesson),
        cell("InferenceClient().post(json={})", 90, lesson),
    ], lesson=lesson)
    node.metadata["kernelspec"]["name"] = "coursekit-pt"
    write_course(tmp_path, {"en/chapter5/1.ipynb": node})
    report = verify_course(Course.open(tmp_path), paths=[tmp_path / "build" / "notebooks"],
                           device="cpu", jobs=1, use_cache=False)
    cells = report.notebooks[0].cells
    assert [c.verdict for c in cells] == [
        Verdict.OK, Verdict.API_DRIFT, Verdict.API_DRIFT, Verdict.API_DRIFT, Verdict.OK,
        Verdict.API_DRIFT, Verdict.OK, Verdict.API_DRIFT, Verdict.API_DRIFT,
    ], [c.detail for c in cells]
    assert [c.hint for c in cells if c.verdict is Verdict.API_DRIFT] == [
        'use pipeline("text-generation") with a chat model',
        'use pipeline("text-generation") with a chat model, given a list of messages',
        "use use_cpu=",
        'use repo_id="<organization>/<name>"',
        "use stop=",
        "use the client's task methods (chat_completion(), text_generation(), ...)",
    ]


def test_a_shimmed_cell_may_update_its_displays(tmp_path: Path) -> None:
    """A progress bar (a display updated by id) in a cell run again under a shim: its
    updates go to the rewritten cell, not to the outputs of the failed first run."""
    node = notebook([
        cell(ARGUMENTS, 10, LESSON),
        cell("from IPython.display import display\n"
             "args = TrainingArguments('out', evaluation_strategy='epoch')\n"
             "print('training')\n"
             "bar = display('step 0', display_id=True)\n"
             "bar.update('step 1')", 20, LESSON),
        cell("print(args.eval_strategy)", 30, LESSON, outputs=["epoch"]),
    ], lesson=LESSON)
    write_course(tmp_path, {"en/chapter3/2.ipynb": node})
    result = _verify(tmp_path, shim=True)
    assert [c.verdict for c in result.cells] == [Verdict.OK, Verdict.API_DRIFT, Verdict.OK], [
        c.detail for c in result.cells]
    assert "it then ran clean" in result.cells[1].detail
