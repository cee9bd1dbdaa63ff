"""A shell command stopped at its cell's limit is a timeout, though IPython raises nothing.

IPython ends a ``!`` command it is interrupted in and returns; the cell then ends with no
error (the command's status -2) or with the ``KeyboardInterrupt`` traceback a Python
script it ran printed. Planted, on a real kernel: a ``!sleep`` and a ``!python`` script
past their limits, and a command waiting for an answer on the terminal (each once an
``unexpected-error``). Clean counterparts: the same commands within their limits, and a
notebook that goes on after them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.execution.results import Verdict
from coursekit.execution.verify import verify_course

from .conftest import cell, notebook, write_course

SLEEPS = 'import sys\n!{sys.executable} -c "import time; time.sleep(SECONDS)"'


@pytest.mark.kernel
def test_a_shell_command_past_its_limit_is_a_timeout(tmp_path: Path) -> None:
    course = write_course(tmp_path, {"en/chapter1/1.ipynb": notebook([
        cell("!sleep 30", 10, timeout=3),
        cell(SLEEPS.replace("SECONDS", "30"), 20, timeout=3),
        cell("!sleep 0.1", 40, timeout=10),
        cell(SLEEPS.replace("SECONDS", "0.1"), 50, timeout=10),
        cell("print('after')", 60, outputs=["after"]),
    ])})
    report = verify_course(course, device="cpu", jobs=1, use_cache=False)
    found = [(c.verdict, c.detail) for c in report.notebooks[0].cells]
    assert [v for v, _ in found] == [Verdict.TIMEOUT] * 2 + [Verdict.OK] * 3, found
    assert all(d.startswith("interrupted after running 3 s (limit 3 s") for _, d in found[:2])
