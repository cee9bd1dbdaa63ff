"""Where verify's time goes, on the venv's ``python3`` kernel: each notebook's stages add
up to its duration and land in the JSON report, and a notebook that took longest last
time starts first."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from coursekit.config import Course
from coursekit.execution.results import VerifyReport
from coursekit.execution.verify import verify_course
from coursekit.judgement.stored import report_from_json
from coursekit.report.merge import merge_reports, merged_document
from coursekit.report.verify_json import verify_document

from .conftest import cell, notebook, write_course

pytestmark = pytest.mark.kernel

SLEEP = 1.5


def _course(root: Path) -> Course:
    """``z`` sleeps in its one cell; ``a`` and ``b`` have two quick cells each, so that
    by their cells ``z`` looks shortest, and by name it comes last."""
    def quick(n: int) -> list[Any]:  # code of its own: no twin shares its run
        return [cell("x = 1", 3), cell(f"y = x + {n}", 5)]

    return write_course(root, {
        "en/chapter1/a.ipynb": notebook(quick(1), lesson="content/en/chapter1/a.mdx"),
        "en/chapter1/b.ipynb": notebook(quick(2), lesson="content/en/chapter1/b.mdx"),
        "en/chapter1/z.ipynb": notebook([cell(f"import time; time.sleep({SLEEP})", 3)],
                                        lesson="content/en/chapter1/z.mdx"),
    })


def _verify(course: Course) -> VerifyReport:
    return verify_course(course, paths=[course.root / "build" / "notebooks"], device="cpu",
                         jobs=1, use_cache=False)


def _queues(report: VerifyReport) -> dict[str, float]:
    return {Path(nb.notebook).stem: nb.timing.queue for nb in report.notebooks}


def test_stages_add_up_and_the_longest_notebook_starts_first_once_known(
        tmp_path: Path) -> None:
    course = _course(tmp_path / "course")
    first = _verify(course)

    for nb in first.notebooks:
        parts = nb.timing.kernel_wait + nb.timing.cells + nb.timing.other
        assert parts == pytest.approx(nb.duration, abs=0.01), nb.notebook
        assert nb.timing.kernel_start > 0 and nb.timing.record > 0
    slow = next(nb for nb in first.notebooks if nb.notebook.endswith("z.ipynb"))
    assert slow.timing.cells >= SLEEP and slow.timing.first_cell == slow.timing.cells
    # Never run before, z is expected shortest (one cell): it waits for both others.
    queues = _queues(first)
    assert queues["z"] > max(queues["a"], queues["b"])

    again = _verify(course)
    queues = _queues(again)
    assert queues["z"] < 0.5 < min(queues["a"], queues["b"])
    assert min(queues["a"], queues["b"]) >= SLEEP


def test_the_json_report_carries_the_stages_and_a_merge_keeps_them(tmp_path: Path) -> None:
    course = _course(tmp_path / "course")
    report = _verify(course)
    document = verify_document(report, report.all_diagnostics())

    timing = document["summary"]["timing"]
    assert set(timing) == {"plan", "standins", "packages", "environments", "runs",
                           "notebooks", "longest"}
    assert timing["runs"] <= document["summary"]["wall_time"]
    assert timing["longest"]["notebook"].endswith("z.ipynb")
    cells = sum(nb["timing"]["cells"] for nb in document["notebooks"])
    assert timing["notebooks"]["cells"] == pytest.approx(cells, abs=0.01)
    assert timing["notebooks"]["cells"] >= SLEEP

    stored = report_from_json("report.json", document)
    merged = merged_document(merge_reports([("report.json", stored)]))
    assert merged["summary"]["timing"] == timing
    assert [nb["timing"] for nb in merged["notebooks"]] == [
        nb["timing"] for nb in document["notebooks"]]
