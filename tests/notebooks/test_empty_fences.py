"""An empty Python fence (```` ```py ```` closed on the next line) has nothing to run:
it makes no cell, and a lesson with no other code makes no notebook."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from coursekit.config import Course
from coursekit.lessons.model import Lesson
from coursekit.lessons.parse import parse_lesson
from coursekit.notebooks.convert import convert_lesson, lesson_to_notebooks


@pytest.fixture
def course(tmp_path: Path) -> Course:
    return Course.open(tmp_path)


def _parsed(text: str) -> Lesson:
    return parse_lesson(text.encode(), path="content/en/chapter1/2.mdx", language="en",
                        chapter=1, section="2")


def _code_sources(lesson: Lesson, course: Course, *, with_prose: bool = False) -> list[str]:
    ((_, _, notebook),) = lesson_to_notebooks(lesson, course, with_prose=with_prose)
    nbformat.validate(notebook)
    return [c.source for c in notebook.cells if c.cell_type == "code"]


@pytest.mark.parametrize("empty", ["```py\n```", "```python\n\n   \n```"])
def test_an_empty_fence_makes_no_cell(course: Course, empty: str) -> None:
    text = f"# Title\n\n{empty}\n\nThen:\n\n```py\nprint(1)\n```\n"
    assert _code_sources(_parsed(text), course) == ["print(1)"]
    assert _code_sources(_parsed(text), course, with_prose=True) == ["print(1)"]


def test_a_fence_of_code_keeps_its_cell(course: Course) -> None:
    text = "# Title\n\n```py\nx = 1\n```\n\nThen:\n\n```py\nprint(x)\n```\n"
    assert _code_sources(_parsed(text), course) == ["x = 1", "print(x)"]


def test_a_lesson_of_empty_fences_only_makes_no_notebook_and_no_finding(
    course: Course,
) -> None:
    conversion = convert_lesson(_parsed("# Title\n\nText.\n\n```py\n```\n"), course)
    assert (conversion.notebooks, conversion.diagnostics) == ([], [])


def test_an_output_after_an_empty_fence_stays_in_the_text(course: Course) -> None:
    text = "# Title\n\n```py\n```\n\n```python out\n42\n```\n\n```py\nprint(1)\n```\n"
    ((_, _, notebook),) = lesson_to_notebooks(_parsed(text), course, with_prose=True)
    (cell,) = [c for c in notebook.cells if c.cell_type == "code"]
    assert cell.source == "print(1)" and cell.outputs == []
    assert any("42" in c.source for c in notebook.cells if c.cell_type == "markdown")
