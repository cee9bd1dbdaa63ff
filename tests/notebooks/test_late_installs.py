"""A package that the lesson installs only after the code that first imports it is in the
install cell too: a learner runs the cells in order, and that code would fail in a fresh
environment. One the lesson installs before it needs it is left to the lesson's line."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from coursekit.config import Course
from coursekit.lessons.model import Code
from coursekit.notebooks.convert import lesson_to_notebooks
from coursekit.notebooks.metadata import INSTALL_TAG

from .handmade import lesson, py


@pytest.fixture
def course(tmp_path: Path) -> Course:
    return Course.open(tmp_path)


def _install_cell(lesson_: object, course: Course) -> str | None:
    [(_, _, notebook)] = lesson_to_notebooks(lesson_, course)  # type: ignore[arg-type]
    nbformat.validate(notebook)
    heads = [c.source for c in notebook.cells
             if c.cell_type == "code" and c.metadata.get("tags") == [INSTALL_TAG]
             and "coursekit" not in c.metadata]
    return heads[0] if heads else None


def _shell(line: int, source: str) -> Code:
    return Code(line=line, language="bash", info="bash", source=source)


def test_a_package_installed_after_its_first_import_is_installed_first(course: Course) -> None:
    late = lesson(py(5, "from datasets import load_dataset"),
                  _shell(9, "pip install datasets"),
                  py(12, "import datasets"))
    assert _install_cell(late, course) == "!pip install datasets"


def test_a_package_installed_before_it_is_imported_is_left_to_the_lesson(
        course: Course) -> None:
    early = lesson(_shell(3, "pip install datasets"),
                   py(5, "from datasets import load_dataset"))
    assert _install_cell(early, course) is None


def test_an_install_line_in_the_importing_cell_itself_comes_first(course: Course) -> None:
    same = lesson(py(5, "!pip install datasets\nfrom datasets import load_dataset"))
    assert _install_cell(same, course) is None
