"""A ``%%bash`` or ``%%sh`` cell whose script exits non-zero is judged as a ``!`` line that
fails, not as the ``CalledProcessError`` IPython raises for it.

Planted, on a real kernel: a script that runs Python which raises (documented: reproduced,
once an error-drift to ``CalledProcessError`` that ``fix errors`` would have written into
the lesson; undocumented: the script's error), a program the shell does not find
(``needs-packages``), a failure in a script of two lines (its status and last line).
Clean counterparts: a pipeline ending in a grep that matches nothing, a failure the
output fence shows, a script that runs clean, and a lesson that documents the
``CalledProcessError`` itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.execution.results import Verdict
from coursekit.execution.verify import verify_course

from .conftest import cell, expect, notebook, write_course

LS = "ls: cannot access 'missing-folder': No such file or directory"
SCRIPT = "%%writefile train.py\nvalues = [1, 2]\nprint(values[5])"
INDEX = expect("IndexError", "list index out of range")


@pytest.mark.kernel
def test_a_failing_cell_script_is_judged_as_a_failing_command(tmp_path: Path) -> None:
    course = write_course(tmp_path, {"en/chapter1/1.ipynb": notebook([
        cell(SCRIPT, 10),
        cell("%%bash\npython train.py", 20, errors=[INDEX]),
        cell("%%bash\npython train.py", 30),
        cell("%%bash\ncoursekit-test-absent-program --version", 40),
        cell("%%bash\necho start\nls missing-folder", 50),
        cell("%%sh\npip list | grep coursekit-test-absent-package", 60),
        cell("%%bash\nls missing-folder", 70, outputs=[LS]),
        cell("%%bash\necho fine", 80),
        cell("%%bash\nexit 3", 90, errors=[expect("CalledProcessError")]),
    ])})
    report = verify_course(course, device="cpu", jobs=1, use_cache=False)
    found = [(c.verdict, c.detail) for c in report.notebooks[0].cells]
    assert [v for v, _ in found] == [
        Verdict.OK, Verdict.REPRODUCED, Verdict.UNEXPECTED_ERROR, Verdict.NEEDS_PACKAGES,
        Verdict.UNEXPECTED_ERROR, Verdict.OK, Verdict.OK, Verdict.OK, Verdict.REPRODUCED,
    ], found
    assert found[2][1] == "raises `IndexError: list index out of range`"
    assert found[3][1].startswith("needs `coursekit-test-absent-program` (")
    assert "the cell's script (`coursekit-test-absent-program --version`) exits with " \
           "status 127" in found[3][1]
    assert found[4][1] == ("the cell's script (`echo start; ls missing-folder`) exits with "
                           f"status 2: `{LS}`")
    assert not [d for d in report.all_diagnostics() if d.line == 20]
