"""A fatal CUDA error, simulated on CPU in a real kernel: restart, replay, go on.

The poisoning cell raises the device-side assert and turns every later cell of
its kernel into the same error, as a broken CUDA context does. The runner must
restart the kernel, replay the clean cells before, and report which ones.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from coursekit.config import Course
from coursekit.execution.results import Verdict, VerifyReport
from coursekit.execution.verify import verify_course
from coursekit.report.notebooks import notebook_json

from .conftest import cell, expect, notebook, write_course

pytestmark = pytest.mark.kernel

LESSON = "content/en/chapter8/4.mdx"
ASSERT = "CUDA error: device-side assert triggered"
POISON = f"""\
def _poisoned(lines):
    return ["raise RuntimeError({ASSERT!r})\\n"]

get_ipython().input_transformers_post.append(_poisoned)
raise RuntimeError({ASSERT!r})
"""


def _cells(poison: str) -> list[Any]:
    return [
        cell("labels = [1, 0, 2]", 10, LESSON),
        cell("labels[5]", 20, LESSON, errors=[expect("IndexError", "list index out of range")]),
        cell("heads = 2", 30, LESSON),
        cell(poison, 40, LESSON, errors=[expect("RuntimeError", ASSERT)]),
        cell("print(max(labels) < heads)", 50, LESSON),
        cell("heads = 3\nprint(max(labels) < heads)", 60, LESSON),
    ]


def _verify(root: Path, poison: str) -> VerifyReport:
    write_course(root, {"en/chapter8/4.ipynb": notebook(_cells(poison), lesson=LESSON)})
    return verify_course(Course.open(root), device="cpu", jobs=1, use_cache=False)


def test_a_poisoned_kernel_is_restarted_and_the_clean_cells_replayed(tmp_path: Path) -> None:
    report = _verify(tmp_path, POISON)
    [result] = report.notebooks
    assert [c.verdict for c in result.cells] == [
        Verdict.OK, Verdict.REPRODUCED, Verdict.OK, Verdict.REPRODUCED, Verdict.OK, Verdict.OK]
    assert result.restarts == 1
    # The failed cell (line 20) and the poisoning one are not replayed.
    assert result.replayed == [f"{LESSON}:10", f"{LESSON}:30"]
    [note] = [d for d in result.diagnostics if d.rule == "EXE206"]
    assert note.line == 40
    assert f"`RuntimeError: {ASSERT}` left it unusable" in note.message
    assert "replayed 2 cell(s) before it (lines 10, 30)" in note.message
    assert [s.proven for s in result.scenarios] == [True, True]
    assert notebook_json(result.judgement())["replayed"] == [f"{LESSON}:10", f"{LESSON}:30"]


def test_an_ordinary_error_that_poisons_is_not_a_restart(tmp_path: Path) -> None:
    """Only a CUDA error restarts the kernel: the same poison with another message
    leaves every later cell failing, which is what the restart prevents."""
    report = _verify(tmp_path, POISON.replace("CUDA error: ", ""))
    [result] = report.notebooks
    assert result.restarts == 0
    assert result.replayed == []
    assert [c.verdict for c in result.cells][4:] == [Verdict.UNEXPECTED_ERROR] * 2
