"""A cell whose progress bar advances at its limit runs on, within the notebook's
extension budget; with no budget left it is stopped, and says what it was doing."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.execution.results import Verdict
from coursekit.execution.verify import verify_course

from .conftest import cell, notebook, write_course

pytestmark = pytest.mark.kernel

# A tqdm-shaped bar on stderr: 10 steps of 0.5 s, about 5 s in all.
LOOP = """\
import sys, time
start = time.monotonic()
for step in range(1, 11):
    time.sleep(0.5)
    spent = int(time.monotonic() - start)
    sys.stderr.write(f"\\rTokenizing: {step * 10:3d}%|{'#' * step:<10}| {step}/10 "
                     f"[00:{spent:02d}<00:01, 2.00it/s]")
print("done")
"""


def _verify(root: Path, budget: float, code: str = LOOP) -> tuple[Verdict, str]:
    course = write_course(root, {"en/chapter1/1.ipynb": notebook([cell(code, 10)])})
    (root / "coursekit.toml").write_text(
        'source-language = "en"\nkernels = { pt = "python3", tf = "python3" }\n\n'
        f"[verify]\ntimeout = 3\nextension-budget = {budget}\n", encoding="utf-8")
    report = verify_course(course.__class__.open(root), device="cpu", jobs=1,
                           use_cache=False)
    [result] = report.notebooks[0].cells
    return result.verdict, result.detail


def test_a_cell_whose_bar_advances_gets_the_time_it_needs(tmp_path: Path) -> None:
    assert _verify(tmp_path, 30)[0] is Verdict.OK


def test_without_budget_it_is_stopped_and_says_how_far_it_got(tmp_path: Path) -> None:
    verdict, detail = _verify(tmp_path, 0)
    assert verdict is Verdict.TIMEOUT
    assert "(limit 3 s, from the course default)" in detail
    assert "its progress bar `Tokenizing` was at " in detail


def test_a_bar_that_stopped_moving_gets_no_more_time(tmp_path: Path) -> None:
    stuck = LOOP.replace("print(\"done\")", "time.sleep(30)\nprint(\"done\")")
    verdict, detail = _verify(tmp_path, 60, stuck)
    # Given more while its loop ran, stopped once the finished bar told nothing more.
    assert verdict is Verdict.TIMEOUT
    assert "more while its progress bar advanced)" in detail
    assert "interrupted after running 1" in detail  # 10 to 19 s: not the 33 s it wanted
