"""Needs on a real kernel: a package the lesson imports and no one declares, and a
program pip does not install, are named needs; the cells that go on to need them again
are not reached. The clean counterpart runs the same shapes on what the kernel has."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from coursekit.execution.results import Verdict
from coursekit.execution.verify import verify_course

from .conftest import cell, notebook, write_course

pytestmark = pytest.mark.kernel

ABSENT = "coursekit_test_absent_package"


def _verdicts(root: Path, codes: list[str]) -> list[tuple[Verdict, str]]:
    node = notebook([cell(code, 10 * (n + 1)) for n, code in enumerate(codes)])
    course = write_course(root, {"en/chapter1/1.ipynb": node})
    report = verify_course(course, device="cpu", jobs=1, use_cache=False)
    return [(c.verdict, c.detail) for c in report.notebooks[0].cells]


@pytest.mark.skipif(shutil.which("git-lfs") is not None, reason="git-lfs is installed here")
def test_a_missing_package_and_a_missing_program_are_needs(tmp_path: Path) -> None:
    found = _verdicts(tmp_path, [
        f"import {ABSENT} as absent",
        f"from {ABSENT} import helper",
        "print(absent.VALUE)",
        "import subprocess\nsubprocess.run(['git-lfs', 'version'], check=True)",
    ])
    [(first, detail), again, name, (program, why)] = found
    assert first is Verdict.NEEDS_PACKAGES
    assert detail.startswith(f"needs `{ABSENT}` (the cell imports it")
    assert again[0] is Verdict.NOT_REACHED and f"lacks `{ABSENT}`" in again[1]
    assert name[0] is Verdict.NOT_REACHED
    assert program is Verdict.NEEDS_PACKAGES and why.startswith("needs `git-lfs` (")


def test_the_same_shapes_on_what_the_kernel_has_run_clean(tmp_path: Path) -> None:
    found = _verdicts(tmp_path, [
        "import json as absent",
        "from json import dumps",
        "print(absent.dumps(1))",
        "import subprocess, sys\nsubprocess.run([sys.executable, '--version'], check=True)",
    ])
    assert [v for v, _ in found] == [Verdict.OK] * 4
