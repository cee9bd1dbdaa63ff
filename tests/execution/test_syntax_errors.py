"""Code that does not parse: its error as a learner sees it under the cell, never with the
name of the file the kernel compiled the cell as (``(1850221797.py, line 1)``).

Planted: a documented ``SyntaxError`` and ``IndentationError``, as IPython shows them,
which were once reworded (EXE110) for that file name; an undocumented one, once reported
with it. Clean counterpart: a ``SyntaxError`` a library raises on a file of its own keeps
the file it names.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.execution.results import CellRun, RunStatus, Verdict
from coursekit.execution.verify import verify_course

from .conftest import cell, expect, notebook, write_course

LESSON = "content/en/chapter1/1.mdx"


def test_the_cell_file_is_left_out_of_the_message_and_a_library_file_is_kept() -> None:
    own = CellRun(RunStatus.ERROR, ename="SyntaxError",
                  evalue="invalid syntax (1850221797.py, line 1)")
    assert own.raised == "SyntaxError: invalid syntax"
    assert CellRun.from_json(own.to_json()).evalue == "invalid syntax"
    library = CellRun(RunStatus.ERROR, ename="SyntaxError",
                      evalue="invalid syntax (config.py, line 3)")
    assert library.raised == "SyntaxError: invalid syntax (config.py, line 3)"


@pytest.mark.kernel
def test_a_documented_parse_error_is_reproduced_as_documented(tmp_path: Path) -> None:
    course = write_course(tmp_path, {"en/chapter1/1.ipynb": notebook([
        cell("def broken(:\n    pass", 3, LESSON, errors=[expect("SyntaxError", "invalid syntax")]),
        cell("x = 1\n    y = 2", 10, LESSON,
             errors=[expect("IndentationError", "unexpected indent")]),
        cell("print('fine' +)", 20, LESSON),
    ])})
    report = verify_course(course, device="cpu", jobs=1, use_cache=False)
    cells = report.notebooks[0].cells
    assert [c.verdict for c in cells] == [Verdict.REPRODUCED, Verdict.REPRODUCED,
                                         Verdict.UNEXPECTED_ERROR]
    assert not [d for d in report.diagnostics if d.rule == "EXE110"]
    assert cells[2].detail == "raises `SyntaxError: invalid syntax`"
