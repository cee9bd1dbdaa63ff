"""End to end on the venv's ``python3`` kernel: one verification of a small course,
then assertions on what it found (and a second, warm run)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import nbformat
import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.execution.results import NotebookResult, Verdict, VerifyReport
from coursekit.execution.verify import verify_course
from coursekit.report.baseline import identity
from coursekit.report.notebooks import cell_json

from .conftest import cell, expect, notebook, write_course

pytestmark = pytest.mark.kernel

LESSON = "content/en/chapter1/1.mdx"
CLEAN = "content/en/chapter1/2.mdx"

SHAPE_ERROR = "class ShapeError(ValueError):\n    pass\n"


def _debugging_cells(comment: str) -> list[Any]:
    return [
        cell(f"data = [1, 2, 3]  # {comment}\nprint(len(data))", 10, outputs=["3"]),
        cell("data[7]", 20, errors=[expect("IndexError", "list index out of range")]),
        cell("print(data[0])", 30),
        cell(SHAPE_ERROR + "raise ShapeError(f'expected 43 got {len(data)} at 0x7f12')", 40,
             errors=[expect("ValueError", "'expected 12 got 5 at 0x55aa'")]),
        cell("data.append(4)", 50),
        cell("int('x')", 60, errors=[expect("TypeError", "an integer is required")]),
        cell("1 + 1", 70, errors=[expect("KeyError", "'labels'")]),
        cell("model = build_model()", 80),
        cell("model.fit(data)", 90),
        cell("import time\ntime.sleep(30)", 100, timeout=1),
        cell("import os\nos._exit(1)", 110),
        cell("print(data)", 120, outputs=["[1, 2, 3, 4]"]),
        cell("print(sum(data) * 1.5)", 130, outputs=["99.0"]),
        cell("data['a']", 140,
             errors=[expect("TypeError", "list indices must be integers or slices, not str")]),
        cell("data['b']", 150),
        cell("print('never')", 160, skip="needs a GPU"),
        cell("[][0]", 170, errors=[
            expect("RuntimeError", "CUDA error: device-side assert triggered", device="cuda"),
            expect("IndexError", "list index out of range", device="cpu"),
            expect("KeyError", "x"),
        ]),
    ]


@pytest.fixture(scope="module")
def course_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("course")
    english = notebook(_debugging_cells("the data"), lesson=LESSON)
    french = notebook(_debugging_cells("les données"), lesson="content/fr/chapter1/1.mdx",
                      language="fr")
    clean = notebook([cell("x = 2\nprint(x * 21)", 5, CLEAN, outputs=["42"])], lesson=CLEAN)
    write_course(root, {"en/chapter1/1.ipynb": english, "fr/chapter1/1.ipynb": french,
                        "en/chapter1/2.ipynb": clean})
    return root


@pytest.fixture(scope="module")
def report(course_root: Path) -> VerifyReport:
    from coursekit.config import Course

    course = Course.open(course_root)
    return verify_course(course, paths=[course_root / "build" / "notebooks"], device="cpu",
                         jobs=2)


def _result(report: VerifyReport, notebook_path: str) -> NotebookResult:
    return next(nb for nb in report.notebooks if nb.notebook == notebook_path)


def _verdicts(result: NotebookResult) -> dict[int, Verdict]:
    line_of = {c.index: int(c.source.rsplit(":", 1)[1]) for c in result.cells}
    return {line_of[c.index]: c.verdict for c in result.cells}


def test_every_cell_gets_its_verdict(report: VerifyReport) -> None:
    verdicts = _verdicts(_result(report, "en/chapter1/1.ipynb"))
    assert verdicts == {
        10: Verdict.OK, 20: Verdict.REPRODUCED, 30: Verdict.OK,
        40: Verdict.REPRODUCED,  # a subclass, numbers and address masked
        50: Verdict.OK, 60: Verdict.ERROR_DRIFT, 70: Verdict.MISSING,
        80: Verdict.UNEXPECTED_ERROR, 90: Verdict.NOT_REACHED,
        100: Verdict.TIMEOUT, 110: Verdict.KERNEL_DIED,
        120: Verdict.OK,  # after the restart, the cells before were replayed
        130: Verdict.OK, 140: Verdict.REPRODUCED, 150: Verdict.UNEXPECTED_ERROR,
        160: Verdict.SKIPPED, 170: Verdict.REPRODUCED,  # the cpu entry wins on cpu
    }


def _rules_at(result: NotebookResult) -> dict[int | None, list[str]]:
    found: dict[int | None, list[str]] = {}
    for diag in result.diagnostics:
        found.setdefault(diag.line, []).append(diag.rule)
    return found


def test_verdicts_become_diagnostics_at_the_lesson_lines(report: VerifyReport) -> None:
    result = _result(report, "en/chapter1/1.ipynb")
    assert _rules_at(result) == {
        60: ["EXE102"], 70: ["EXE101"], 80: ["EXE103"], 90: ["EXE105"], 100: ["EXE201"],
        110: ["EXE202", "EXE206"], 130: ["EXE301"], 150: ["EXE104"], 160: ["EXE302"],
        170: ["EXE303"],  # its CUDA expectation is not verified on cpu
    }
    assert all(d.path == LESSON for d in result.diagnostics)


def test_an_error_drift_shows_both_errors(report: VerifyReport) -> None:
    result = _result(report, "en/chapter1/1.ipynb")
    wrong = next(d for d in result.diagnostics if d.rule == "EXE102")
    assert "expected `TypeError: an integer is required`" in wrong.message
    assert "got `ValueError: invalid literal for int() with base 10: 'x'`" in wrong.message
    [drifted] = [c for c in result.cells if c.verdict is Verdict.ERROR_DRIFT]
    assert drifted.documented == "TypeError: an integer is required"
    assert drifted.raised == "ValueError: invalid literal for int() with base 10: 'x'"
    assert cell_json(drifted)["documented"] == drifted.documented
    # The clean counterpart: a reproduced documented error has no error drift.
    reproduced = next(c for c in result.cells if c.verdict is Verdict.REPRODUCED)
    assert reproduced.documented and reproduced.raised


def test_a_cascade_is_reported_once_with_its_consequences(report: VerifyReport) -> None:
    result = _result(report, "en/chapter1/1.ipynb")
    cause = next(d for d in result.diagnostics if d.rule == "EXE103")
    assert "name 'build_model' is not defined" in cause.message
    assert "1 later cell(s) fail because of it: lines 90" in cause.message
    consequence = next(c for c in result.cells if c.source.endswith(":90"))
    assert consequence.cause is not None


def test_scenarios_prove_fixes_or_say_why_not(report: VerifyReport) -> None:
    result = _result(report, "en/chapter1/1.ipynb")
    by_line = {int(result.cells[[c.index for c in result.cells].index(s.error_cell)]
                   .source.rsplit(":", 1)[1]): s for s in result.scenarios}
    assert by_line[20].proven
    assert len(by_line[20].fix_cells) == 1
    assert by_line[40].proven
    assert "not reproduced (error-drift)" in by_line[60].reason
    assert "not reproduced" in by_line[70].reason
    assert "still raises it" in by_line[140].reason
    assert "no cell follows" in by_line[170].reason


def test_the_output_drift_is_a_warning_with_numbers_compared(report: VerifyReport) -> None:
    result = _result(report, "en/chapter1/1.ipynb")
    drift = next(d for d in result.diagnostics if d.rule == "EXE301")
    assert drift.severity.value == "warning"
    assert "99.0" in drift.message
    assert "15.0" in drift.message


def test_a_translation_reuses_the_english_run(report: VerifyReport) -> None:
    assert report.executed_runs == 2  # the debugging lesson once, the clean one once
    french = _result(report, "fr/chapter1/1.ipynb")
    assert french.cached
    assert _verdicts(french) == _verdicts(_result(report, "en/chapter1/1.ipynb"))


def test_a_clean_notebook_passes_and_is_saved_executed(
    report: VerifyReport, course_root: Path,
) -> None:
    clean = _result(report, "en/chapter1/2.ipynb")
    assert clean.passed
    assert clean.diagnostics == []
    saved = nbformat.read(
        course_root / "build" / "executed" / "en/chapter1/2.ipynb", as_version=4)
    assert saved.cells[1].outputs[0]["text"] == "42\n"


def test_a_warm_rerun_executes_nothing(report: VerifyReport, course_root: Path) -> None:
    from coursekit.config import Course

    again = verify_course(Course.open(course_root),
                          paths=[course_root / "build" / "notebooks"], device="cpu")
    assert again.executed_runs == 0
    assert all(nb.cached for nb in again.notebooks)
    assert len(again.all_diagnostics()) == len(report.all_diagnostics())


def test_the_command_reports_and_exits_by_findings(
    report: VerifyReport, course_root: Path,
) -> None:
    runner = CliRunner()
    notebooks = course_root / "build" / "notebooks"
    failing = runner.invoke(cli, ["verify", "--root", str(course_root), "--device", "cpu",
                                  "--format", "json", str(notebooks / "en")])
    assert failing.exit_code == 1, failing.output
    document = json.loads(failing.stdout)
    assert document["summary"]["errors"] == 6
    by_path = {nb["notebook"]: nb for nb in document["notebooks"]}
    # named as a whole run names them, so that a language's executed copies stay apart
    assert set(by_path) == {"en/chapter1/1.ipynb", "en/chapter1/2.ipynb"}
    assert by_path["en/chapter1/2.ipynb"]["status"] == "ok"
    assert by_path["en/chapter1/2.ipynb"]["first_cause"] is None
    failed = by_path["en/chapter1/1.ipynb"]
    assert failed["status"] == "error-drift"  # its first cause
    assert failed["first_cause"]["source"] == f"{LESSON}:60"
    assert failed["first_cause"]["verdict"] == "error-drift"
    assert [c["verdict"] for c in failed["cells"]][:3] == [
        "ok", "expected-error-reproduced", "ok"]
    assert failed["scenarios"][0] == {
        "error_cell": 2, "fix_cells": [3], "proven": True, "reason": "", "note": "",
        "outcome": "proven", "reached": True, "source": f"{LESSON}:20",
        "documented": "IndexError: list index out of range",
        "raised": "IndexError: list index out of range"}
    assert (failed["documented_errors"], failed["reached"]) == (6, 6)
    assert document["summary"]["statuses"] == {"error-drift": 1, "ok": 1}
    clean = runner.invoke(cli, ["verify", "--root", str(course_root), "--device", "cpu",
                                str(notebooks / "en" / "chapter1" / "2.ipynb")])
    assert clean.exit_code == 0, clean.output


def test_the_json_document_leaves_out_what_the_baseline_records(
    report: VerifyReport, course_root: Path, tmp_path: Path,
) -> None:
    """verify's JSON document goes through the baseline as every format does: recorded
    findings are left out (and the exit is clean), a finding the baseline lacks stays,
    and every notebook's judgement stays either way."""
    runner = CliRunner()
    failing = str(course_root / "build" / "notebooks" / "en" / "chapter1" / "1.ipynb")
    verify = ["verify", "--root", str(course_root), "--device", "cpu", "--format", "json"]
    baseline = tmp_path / "baseline.json"
    recorded = runner.invoke(cli, [*verify, "--baseline", str(baseline), "--update-baseline",
                                   failing])
    assert recorded.exit_code == 0, recorded.output
    known = runner.invoke(cli, [*verify, "--baseline", str(baseline), failing])
    assert known.exit_code == 0, known.output
    document = json.loads(known.stdout)
    assert document["diagnostics"] == []
    assert [nb["status"] for nb in document["notebooks"]] == ["error-drift"]
    # The planted case: a baseline without one of the errors reports that one alone.
    drift = identity(next(d for d in report.all_diagnostics() if d.rule == "EXE102"))
    entries = json.loads(baseline.read_text(encoding="utf-8"))
    entries["findings"] = [e for e in entries["findings"] if e["id"] != drift]
    baseline.write_text(json.dumps(entries), encoding="utf-8")
    new = runner.invoke(cli, [*verify, "--baseline", str(baseline), failing])
    assert new.exit_code == 1, new.output
    assert {d["rule"] for d in json.loads(new.stdout)["diagnostics"]} == {"EXE102"}


def test_a_missing_kernel_is_a_finding_not_a_crash(tmp_path: Path) -> None:
    from coursekit.config import Course

    node = notebook([cell("x = 1", 3)])
    node.metadata["kernelspec"]["name"] = "no-such-kernel"
    course = write_course(tmp_path, {"en/chapter1/1.ipynb": node})
    found = verify_course(Course.open(course.root), paths=[tmp_path / "build" / "notebooks"],
                          device="cpu")
    assert [d.rule for d in found.all_diagnostics()] == ["EXE203"]


def test_an_unwritable_cache_does_not_stop_verification(tmp_path: Path) -> None:
    from coursekit.config import Course

    write_course(tmp_path, {"en/chapter1/1.ipynb": notebook([cell("print(6 * 7)", 3,
                                                                   outputs=["42"])])})
    (tmp_path / "build" / ".verify-cache").write_text("not a folder", encoding="utf-8")
    found = verify_course(Course.open(tmp_path), paths=[tmp_path / "build" / "notebooks"],
                          device="cpu", use_cache=False)
    assert found.executed_runs == 1
    assert [nb.passed for nb in found.notebooks] == [True]


def test_a_warm_run_starts_no_kernel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """PyTorch and TensorFlow notebooks on one kernel (with different stand-ins): run once,
    the second run reports from the cache without starting a kernel (the kernel's packages
    are read from its files), even after its kernelspec was written again unchanged; an
    edited notebook starts one, for itself alone."""
    import os
    import shutil

    from jupyter_client.kernelspec import KernelSpecManager

    from coursekit.config import Course
    from coursekit.execution.run import pool as pool_module
    from coursekit.execution.run.kernel import start_kernel

    spec = tmp_path / "jupyter" / "kernels" / "python3"
    shutil.copytree(KernelSpecManager().get_kernel_spec("python3").resource_dir, spec)
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))

    started: list[object] = []
    real = start_kernel

    async def counted(*args: Any) -> Any:
        started.append(args[0])
        return await real(*args)

    monkeypatch.setattr(pool_module, "start_kernel", counted)
    write_course(tmp_path, {
        "en/chapter1/1_pt.ipynb": notebook([cell("x = 1", 3)], framework="pt"),
        "en/chapter1/1_tf.ipynb": notebook([cell("y = 2", 3)], framework="tf"),
    })
    course = Course.open(tmp_path)
    every = [tmp_path / "build" / "notebooks"]
    cold = verify_course(course, paths=every, device="cpu")
    assert [nb.passed for nb in cold.notebooks] == [True, True]
    assert len(started) == 2
    os.utime(spec / "kernel.json", (1e9, 1e9))  # registered again, the same kernel
    warm = verify_course(course, paths=every, device="cpu")
    assert [nb.passed for nb in warm.notebooks] == [True, True]
    assert (warm.executed_runs, len(started)) == (0, 2)
    edited = notebook([cell("y = 3", 3)], framework="tf")
    nbformat.write(edited, tmp_path / "build" / "notebooks" / "en" / "chapter1" / "1_tf.ipynb")
    again = verify_course(course, paths=every, device="cpu")
    assert (again.executed_runs, len(started)) == (1, 3)
