"""Output comparison on a real kernel: a notebook that names a stand-in is compared on
what stand-ins preserve (form, keys, lengths, types); one that does not is compared in
full. The same printed metric is a drift only in the second."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.execution.results import NotebookResult
from coursekit.execution.verify import verify_course

from .conftest import cell, notebook, write_course

pytestmark = pytest.mark.kernel

PRINT_METRIC = "print({'accuracy': 0.5, 'f1': 0.25})"
DOCUMENTED = "{'accuracy': 0.8308823529411765, 'f1': 0.8815331010452961}"


def _verify(root: Path, checkpoint: str, documented: str) -> NotebookResult:
    lesson = "content/en/chapter3/4.mdx"
    write_course(root, {"en/chapter3/4.ipynb": notebook([
        cell(f"checkpoint = {checkpoint!r}", 10, lesson),
        cell(PRINT_METRIC, 20, lesson, outputs=[documented]),
    ], lesson=lesson)})
    report = verify_course(Course.open(root), paths=[root / "build" / "notebooks"],
                           device="cpu", jobs=1)
    return report.notebooks[0]


def test_values_of_a_standin_are_not_drift(tmp_path: Path) -> None:
    result = _verify(tmp_path / "standin", "bert-base-uncased", DOCUMENTED)
    assert [c.drift for c in result.cells] == [None, None]
    assert not [d for d in result.diagnostics if d.rule == "EXE301"]


def test_a_missing_key_on_a_standin_is_drift(tmp_path: Path) -> None:
    result = _verify(tmp_path / "keys", "bert-base-uncased",
                     "{'accuracy': 0.83, 'f1': 0.88, 'precision': 0.9}")
    assert result.cells[1].drift is not None
    assert [d.rule for d in result.diagnostics] == ["EXE301"]


def test_without_a_standin_values_are_compared(tmp_path: Path) -> None:
    result = _verify(tmp_path / "own", "my-own-org/my-model", DOCUMENTED)
    drift = result.cells[1].drift
    assert drift is not None and "output differs" in drift
    assert [d.rule for d in result.diagnostics] == ["EXE301"]


def test_values_of_a_synthetic_dataset_are_not_drift(tmp_path: Path) -> None:
    result = _verify(tmp_path / "dataset", "PolyAI/minds14", DOCUMENTED)
    assert [c.drift for c in result.cells] == [None, None]
