"""A lesson's ``!pip`` is the kernel's own (what it installs goes to a layer of the run:
see ``test_pip_layer_kernel``), never the pip coursekit runs with, and offline it does
not retry an index."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest

from coursekit.config import Course
from coursekit.execution.results import Verdict
from coursekit.execution.run.kernel import kernel_tools_env
from coursekit.execution.verify import verify_course

from ..kernel_skip import kernel_or_skip
from .conftest import cell, notebook

pytestmark = [pytest.mark.kernel, pytest.mark.torch]

LESSON = "content/en/chapter1/1.mdx"
COURSE_TOML = 'source-language = "en"\nkernels = { pt = "coursekit-pt" }\n'


def test_the_lesson_pip_is_the_kernel_pip(tmp_path: Path) -> None:
    python = kernel_or_skip("pt")
    (tmp_path / "coursekit.toml").write_text(COURSE_TOML, encoding="utf-8")
    node = notebook([
        cell("import shutil, sys\nprint(shutil.which('pip'))", 10, LESSON),
        cell("import os\nprint(os.environ.get('PIP_RETRIES'))", 20, LESSON),
    ], lesson=LESSON)
    node.metadata["kernelspec"] = {"name": "coursekit-pt", "display_name": "PyTorch",
                                   "language": "python"}
    path = tmp_path / "build" / "notebooks" / "en" / "chapter1" / "1.ipynb"
    path.parent.mkdir(parents=True)
    nbformat.write(node, path)
    report = verify_course(Course.open(tmp_path), paths=[path], device="cpu", jobs=1,
                           use_cache=False)
    [result] = report.notebooks
    assert [c.verdict for c in result.cells] == [Verdict.OK, Verdict.OK]
    printed = [
        "".join(o.get("text", "") for o in run_outputs).strip()
        for run_outputs in _outputs(result.executed)
    ]
    assert printed[0] == str(python.parent / "pip")
    assert printed[1] == "0"


def _outputs(executed: str | None) -> list[list[dict[str, str]]]:
    assert executed is not None
    node = nbformat.read(executed, as_version=4)
    return [list(c.outputs) for c in node.cells if c.cell_type == "code"][-2:]


def test_the_kernel_scripts_come_first_on_the_path() -> None:
    env = {"PATH": os.pathsep.join(["/opt/cli/bin", "/usr/bin", "/opt/kernel/bin"])}
    moved = kernel_tools_env(["/opt/kernel/bin/python", "-m", "ipykernel_launcher"], env)
    assert moved["PATH"].split(os.pathsep) == ["/opt/kernel/bin", "/opt/cli/bin", "/usr/bin"]
    # A kernelspec naming a bare `python` leaves the path as it is.
    assert kernel_tools_env(["python", "-m", "ipykernel_launcher"], env) == env
