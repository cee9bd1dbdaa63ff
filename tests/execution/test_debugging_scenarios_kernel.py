"""Every debugging scenario judged right, on a lesson written for these tests
(``tests/fixtures/debugging``), run for real in the PyTorch lesson kernel.

``planted.mdx`` has one scenario of each kind that goes wrong: an import of a removed
API before the scenarios, a chain of three documented errors, a reworded message, a
changed exception class, a fix that still raises, a cascade and a CUDA-only error.
``clean.mdx`` is the same lesson brought up to date: each of its scenarios is the clean
counterpart of the planted one, and every one of them must be proven.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.execution.results import CellResult, NotebookResult, Verdict, VerifyReport
from coursekit.execution.verify import verify_course
from coursekit.judgement.model import Fate, Scenario
from coursekit.report.verify_json import verify_document

from ..kernel_skip import kernel_or_skip

pytestmark = [pytest.mark.kernel, pytest.mark.torch]

FIXTURE = Path(__file__).parent.parent / "fixtures" / "debugging"


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Course:
    kernel_or_skip("pt")
    root = tmp_path_factory.mktemp("debugging") / "course"
    shutil.copytree(FIXTURE, root)
    return Course.open(root)


@pytest.fixture(scope="module")
def report(course: Course) -> VerifyReport:
    return verify_course(course, device="cpu", jobs=1, use_cache=False)


def _notebook(report: VerifyReport, name: str) -> NotebookResult:
    return next(nb for nb in report.notebooks if nb.notebook.endswith(f"{name}.ipynb"))


def _cell(nb: NotebookResult, code_line: int) -> CellResult:
    return next(c for c in nb.cells if c.source.endswith(f":{code_line}"))


def _scenario(nb: NotebookResult, code_line: int) -> Scenario:
    return next(s for s in nb.scenarios if s.source.endswith(f":{code_line}"))


# Code lines of the scenarios in each lesson (the line of the opening fence).
PLANTED: dict[str, int] = {
    "import": 6, "reworded": 71, "changed": 85, "fix_fails": 101, "still": 110,
    "cascade_root": 117, "cascade": 122, "gpu": 132}
CLEAN: dict[str, int] = {"import": 3, "reworded": 57, "changed": 71, "fix_fails": 87,
                         "cascade": 110, "gpu": 128}
PLANTED_CHAIN = (19, 32, 48)
CLEAN_CHAIN = (16, 25, 36)


def test_a_removed_import_before_the_scenarios_is_run_again_so_they_are_reached(
        report: VerifyReport) -> None:
    planted, clean = _notebook(report, "planted"), _notebook(report, "clean")
    first = _cell(planted, PLANTED["import"])
    assert first.verdict is Verdict.API_DRIFT
    assert "taken from `torch.optim.AdamW`" in first.note
    assert planted.status.value == "api-drift"
    # The scenarios behind it were reached: the optimizer of the fix cell exists.
    assert _scenario(planted, PLANTED_CHAIN[2]).outcome is Fate.PROVEN
    assert _cell(clean, CLEAN["import"]).verdict is Verdict.OK


def test_without_reruns_the_scenarios_behind_a_removed_import_are_not_reached(
        course: Course) -> None:
    lesson = course.root / "content" / "en" / "chapter1" / "planted.mdx"
    report = verify_course(course, paths=[lesson], device="cpu", jobs=1, use_cache=False,
                           shim_drift=False)
    [planted] = report.notebooks
    attempt = _cell(planted, PLANTED_CHAIN[1])
    assert attempt.verdict is Verdict.NOT_REACHED
    assert attempt.cause == _cell(planted, PLANTED["import"]).index
    assert "left `model` undefined" in attempt.detail
    assert _scenario(planted, PLANTED_CHAIN[1]).outcome is Fate.NOT_REACHED
    # The first error of the chain needs nothing the import would have defined.
    assert _scenario(planted, PLANTED_CHAIN[0]).reached


@pytest.mark.parametrize(("name", "lines"), [("planted", PLANTED_CHAIN),
                                             ("clean", CLEAN_CHAIN)])
def test_a_chain_of_three_errors_is_three_scenarios_each_proven(
        report: VerifyReport, name: str, lines: tuple[int, int, int]) -> None:
    nb = _notebook(report, name)
    for line in lines:
        assert _cell(nb, line).verdict is Verdict.REPRODUCED
        scenario = _scenario(nb, line)
        assert scenario.outcome is Fate.PROVEN, scenario.reason
    # The attempt that raises the next documented error is that error's scenario,
    # never "a fix that still raises" the one before.
    assert not any(d.rule == "EXE104" for d in nb.diagnostics
                   if d.line in lines)


def test_a_reworded_message_is_message_drift_and_its_fix_is_still_proven(
        report: VerifyReport) -> None:
    planted, clean = _notebook(report, "planted"), _notebook(report, "clean")
    cell = _cell(planted, PLANTED["reworded"])
    assert cell.verdict is Verdict.MESSAGE_DRIFT
    assert "expected `ValueError: invalid literal for int(): 'ten'`" in cell.detail
    assert "got `ValueError: invalid literal for int() with base 10: 'ten'`" in cell.detail
    assert _scenario(planted, PLANTED["reworded"]).outcome is Fate.PROVEN
    [finding] = [d for d in planted.diagnostics if d.line == PLANTED["reworded"]]
    assert (finding.rule, finding.severity.value) == ("EXE110", "note")
    assert _cell(clean, CLEAN["reworded"]).verdict is Verdict.REPRODUCED


def test_a_changed_class_is_error_drift_with_both_errors_and_the_library_call(
        report: VerifyReport) -> None:
    planted, clean = _notebook(report, "planted"), _notebook(report, "clean")
    cell = _cell(planted, PLANTED["changed"])
    assert cell.verdict is Verdict.ERROR_DRIFT
    assert "expected `KeyError: 'no-such-architecture'`" in cell.detail
    assert "got `ValueError: Unrecognized model identifier" in cell.detail
    assert "the exception class differs" in cell.detail
    assert "inside `transformers/" in cell.detail
    scenario = _scenario(planted, PLANTED["changed"])
    assert scenario.outcome is Fate.DRIFTED
    assert scenario.raised.startswith("ValueError: Unrecognized model identifier")
    assert _scenario(clean, CLEAN["changed"]).outcome is Fate.PROVEN


def test_a_fix_that_still_raises_is_not_proven_and_a_working_one_is(
        report: VerifyReport) -> None:
    planted, clean = _notebook(report, "planted"), _notebook(report, "clean")
    scenario = _scenario(planted, PLANTED["fix_fails"])
    assert scenario.outcome is Fate.FIX_FAILS
    assert scenario.reason.endswith(f"planted.mdx:{PLANTED['still']} still raises it")
    assert any(d.rule == "EXE104" and d.line == PLANTED["still"] for d in planted.diagnostics)
    assert _scenario(clean, CLEAN["fix_fails"]).outcome is Fate.PROVEN


def test_a_cascade_is_not_reached_naming_its_cause_never_error_drift(
        report: VerifyReport) -> None:
    planted, clean = _notebook(report, "planted"), _notebook(report, "clean")
    cell = _cell(planted, PLANTED["cascade"])
    root = _cell(planted, PLANTED["cascade_root"])
    assert cell.verdict is Verdict.NOT_REACHED
    assert cell.cause == root.index
    assert f"planted.mdx:{PLANTED['cascade_root']} failed (unexpected-error)" in cell.detail
    assert "left `scores` undefined" in cell.detail
    assert _scenario(planted, PLANTED["cascade"]).outcome is Fate.NOT_REACHED
    assert not any(d.rule == "EXE102" and d.line == PLANTED["cascade"]
                   for d in planted.diagnostics)
    assert _cell(clean, CLEAN["cascade"]).verdict is Verdict.REPRODUCED


def test_a_cuda_only_error_needs_a_gpu_on_the_cpu(report: VerifyReport) -> None:
    planted, clean = _notebook(report, "planted"), _notebook(report, "clean")
    cell = _cell(planted, PLANTED["gpu"])
    assert cell.verdict is Verdict.NEEDS_GPU
    assert "here it raised `IndexError: Target 5 is out of bounds.`" in cell.detail
    assert _scenario(planted, PLANTED["gpu"]).outcome is Fate.NEEDS_GPU
    [finding] = [d for d in planted.diagnostics if d.line == PLANTED["gpu"]]
    assert (finding.rule, finding.severity.value) == ("EXE111", "note")
    # Documented for each device, the CPU's error is verified here.
    assert _cell(clean, CLEAN["gpu"]).verdict is Verdict.REPRODUCED


def test_the_report_counts_the_documented_errors_reached(report: VerifyReport) -> None:
    planted, clean = _notebook(report, "planted"), _notebook(report, "clean")
    assert (planted.judgement().reached, len(planted.scenarios)) == (6, 8)
    assert (clean.judgement().reached, len(clean.scenarios)) == (8, 8)
    assert clean.passed
    summary = verify_document(report, report.all_diagnostics())["summary"]
    assert (summary["documented_errors"], summary["reached"], summary["proven"]) == (16, 14, 12)
