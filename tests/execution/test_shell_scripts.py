"""A script a cell runs with a shell command fails as the learner sees it: its traceback
under the cell is the cell's error.

Planted: a script that raises, run with ``!``, documented (once an EXE101 'runs without
error') and not documented (once ``ok``). Clean counterparts: the script fixed, a cell
that prints a traceback of its own Python code, and a download offline, judged on its
code as before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.execution.judge.shell import script_raised
from coursekit.execution.results import CellRun, RunStatus, Verdict
from coursekit.execution.verify import verify_course

from .conftest import cell, expect, notebook, write_course

LESSON = "content/en/chapter1/1.mdx"
TRACE = ("Traceback (most recent call last):\r\n  File \"/tmp/run/train.py\", line 3, in "
         "<module>\r\n    print(values[5])\r\nIndexError: list index out of range\r\n")


def _printed(text: str) -> CellRun:
    return CellRun(RunStatus.OK, outputs=[{"output_type": "stream", "name": "stdout",
                                           "text": ["Epoch 1\r\n", text]}])


def test_the_traceback_a_shell_command_printed_is_the_cells_error() -> None:
    found = script_raised("!python train.py", _printed(TRACE))
    assert (found.status, found.raised) == (RunStatus.ERROR,
                                            "IndexError: list index out of range")
    for code in ("import traceback\ntraceback.print_exc()",
                 "!wget https://example.com/train.py && python train.py"):
        assert script_raised(code, _printed(TRACE)).status is RunStatus.OK
    assert script_raised("!python train.py", _printed("done\n")).status is RunStatus.OK


SCRIPT = "%%writefile train.py\nvalues = [1, 2]\nprint(values[5])"


@pytest.mark.kernel
def test_a_failing_script_is_the_cells_error_documented_or_not(tmp_path: Path) -> None:
    run = "import sys\n!{sys.executable} train.py"
    course = write_course(tmp_path, {"en/chapter1/1.ipynb": notebook([
        cell(SCRIPT.replace("[5]", "[7]"), 3, LESSON),
        cell(run, 10, LESSON),
        cell(SCRIPT, 20, LESSON),
        cell(run, 30, LESSON, errors=[expect("IndexError", "list index out of range")]),
        cell(SCRIPT.replace("[5]", "[1]"), 40, LESSON),
        cell(run, 50, LESSON),
    ])})
    report = verify_course(course, device="cpu", jobs=1, use_cache=False)
    cells = report.notebooks[0].cells
    assert [c.verdict for c in cells] == [Verdict.OK, Verdict.UNEXPECTED_ERROR, Verdict.OK,
                                          Verdict.REPRODUCED, Verdict.OK, Verdict.OK]
    assert cells[1].detail == "raises `IndexError: list index out of range`"
    assert report.notebooks[0].scenarios[0].proven
