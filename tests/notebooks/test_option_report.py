"""The HTML report's matrix of notebooks has a row for each option's notebook of a lesson
whose tabs hold code, as it has a column for each framework: none hides another."""

from __future__ import annotations

from pathlib import Path

from coursekit.config import Course
from coursekit.judgement.documented import lesson_notebook
from coursekit.lessons.parse import parse_lesson
from coursekit.notebooks.convert import convert_lesson
from coursekit.report.html_views import scenario_matrix

from .test_option_notebooks import AGENTS, OPTIONS

FRAMEWORKS = ("# Plain\n\n{#if fw === 'pt'}\n\n```py\nx = 'pt'\n```\n\n{:else}\n\n"
              "```py\nx = 'tf'\n```\n\n{/if}\n")


def _rows(text: str, tmp_path: Path) -> list[tuple[str, int]]:
    lesson = parse_lesson(text, path="content/en/chapter1/2.mdx", language="en",
                          chapter=1, section="2")
    notebooks = [lesson_notebook(lesson, framework.value, path, document)
                 for framework, path, document
                 in convert_lesson(lesson, Course.open(tmp_path)).notebooks]
    matrix = scenario_matrix(notebooks, "en", lambda path, line: path)
    return [(row, sum(cell is not None for cell in cells)) for row, cells in matrix.rows]


def test_each_options_notebook_has_its_row(tmp_path: Path) -> None:
    assert _rows(AGENTS, tmp_path) == [
        (f"chapter1/2.mdx ({option})", 1) for option in sorted(OPTIONS)]


def test_a_lesson_of_two_frameworks_keeps_one_row(tmp_path: Path) -> None:
    assert _rows(FRAMEWORKS, tmp_path) == [("chapter1/2.mdx", 2)]
