"""A failing ``pip install`` is excused only for its own status, not for its line's.

Planted, on a real kernel: a ``pip install`` that succeeds (the package is there) followed
by ``&& ls`` of a missing folder, and one that fails followed by ``;`` and a script that
is not there: the command after the install failed, and the cell with it. Clean
counterparts: a ``pip install`` of a package the offline index lacks, alone, as
``%pip``, and before ``&&`` (the command after it never ran) or ``|| echo``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.execution.judge.shell import failed_command
from coursekit.execution.plan.model import plan_notebook
from coursekit.execution.results import CellRun, RunStatus, Verdict
from coursekit.execution.run.shellexits import ShellExit
from coursekit.execution.verify import verify_course

from .conftest import cell, notebook, write_course

ABSENT = "coursekit-test-absent-package"
NO_MATCH = f"ERROR: No matching distribution found for {ABSENT}"
LS = "ls: cannot access 'missing-folder': No such file or directory"


def _fails(command: str, status: int, tail: str) -> bool:
    plan = plan_notebook(notebook([cell(f"!{command}", 3)]), "cpu",
                         notebook="en/chapter1/1.ipynb")
    run = CellRun(RunStatus.OK, exits=[ShellExit(command, status, tail)])
    return failed_command(plan.cells[0], run) is not None


def test_the_excuse_covers_the_status_of_the_pip_install_only() -> None:
    assert not _fails(f"pip install {ABSENT}", 1, NO_MATCH)
    assert not _fails(f"pip install -q {ABSENT} && python -c 'import x'", 1, NO_MATCH)
    assert not _fails(f"pip install a || pip install {ABSENT}", 1, NO_MATCH)
    assert not _fails(f"cd src && pip install {ABSENT}", 1,
                      f"{NO_MATCH}\n[notice] A new release of pip is available")
    assert _fails("pip install torch && ls missing-folder", 2,
                  f"Requirement already satisfied: torch\n{LS}")
    assert _fails(f"pip install -q {ABSENT}; python missing.py", 2,
                  f"{NO_MATCH}\npython: can't open file 'missing.py'")
    assert _fails("pip install torch && test -f missing.txt", 1, "")
    assert _fails("pip install torch\nls missing-folder", 2, LS)  # a %%bash script


def test_a_long_command_is_quoted_with_its_end_where_it_failed() -> None:
    interpreter = "/" + "/".join(["a-rather-long-folder"] * 6) + "/bin/python"
    command = f"{interpreter} -m pip install ipykernel && ls missing-folder"
    plan = plan_notebook(notebook([cell(f"!{command}", 3)]), "cpu",
                         notebook="en/chapter1/1.ipynb")
    run = CellRun(RunStatus.OK, exits=[ShellExit(command, 2, LS)])
    failed = failed_command(plan.cells[0], run)
    assert failed is not None
    assert failed.detail.startswith("`!/a-rather-long-folder/"), failed.detail
    assert failed.detail.endswith(f"&& ls missing-folder` exits with status 2: `{LS}`")
    assert "…" in failed.detail and len(failed.detail.split("`")[1]) == len("!") + 80


LESSON_CELLS = [
    "import sys",
    "!{sys.executable} -m pip install ipykernel && ls missing-folder",
    f"!pip install -q {ABSENT}; python coursekit-test-missing.py",
    f"!pip install -q {ABSENT}",
    f"%pip install -q {ABSENT}",
    f"!pip install -q {ABSENT} && ls missing-folder",
    f"!pip install -q {ABSENT} || echo not installed",
]


@pytest.mark.kernel
def test_what_follows_a_pip_install_fails_on_a_real_kernel(tmp_path: Path) -> None:
    course = write_course(tmp_path, {"en/chapter1/1.ipynb": notebook(
        [cell(code, 10 * (n + 1)) for n, code in enumerate(LESSON_CELLS)])})
    report = verify_course(course, device="cpu", jobs=1, use_cache=False)
    found = [(c.verdict, c.detail) for c in report.notebooks[0].cells]
    assert [v for v, _ in found] == [Verdict.OK] + [Verdict.UNEXPECTED_ERROR] * 2 + [
        Verdict.OK] * 4, found
    assert found[1][1].endswith(f"&& ls missing-folder` exits with status 2: `{LS}`")
    assert found[2][1].startswith(f"`!pip install -q {ABSENT}; python coursekit-test-missing"
                                  ".py` exits with status 2: ")
