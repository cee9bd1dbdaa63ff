"""Which kernel verify runs a notebook on: its framework, not a generic kernelspec."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat

from coursekit.config import Course
from coursekit.execution.plan.sources import _kernel_of


def _course(tmp_path: Path) -> Course:
    (tmp_path / "coursekit.toml").write_text(
        'kernels = { pt = "lesson-pt", tf = "lesson-tf" }\n', encoding="utf-8")
    return Course.open(tmp_path)


def _notebook(kernel: str, **coursekit: str) -> Any:
    node = nbformat.v4.new_notebook()
    node.metadata["kernelspec"] = {"name": kernel, "display_name": kernel, "language": "python"}
    if coursekit:
        node.metadata["coursekit"] = coursekit
    return node


def test_a_built_notebook_runs_on_the_kernel_of_its_environment(tmp_path: Path) -> None:
    course = _course(tmp_path)
    assert _kernel_of(course, _notebook("python3", framework="both", environment="tf")) \
        == "lesson-tf"
    assert _kernel_of(course, _notebook("python3", framework="pt")) == "lesson-pt"


def test_a_named_kernel_or_a_foreign_notebook_keeps_its_kernelspec(tmp_path: Path) -> None:
    course = _course(tmp_path)
    assert _kernel_of(course, _notebook("special", framework="pt")) == "special"
    assert _kernel_of(course, _notebook("python3")) == "python3"
