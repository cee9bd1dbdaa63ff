"""A build writes the notebook of each option of a lesson's tabs (and its jupytext twin),
records them in its manifest, finds them fresh on the next run and under ``--check``,
and removes them when the lesson's tabs go; ``verify`` plans the same notebooks, each
with its own option's cells."""

from __future__ import annotations

from pathlib import Path

import nbformat

from coursekit.config import Course
from coursekit.execution.plan.sources import collect
from coursekit.notebooks.build import build_course

from .sample_course import write
from .test_option_notebooks import AGENTS, OPTIONS

LESSON = "content/en/chapter1/2.mdx"
NOTEBOOKS = [f"en/chapter1/2_{option}.ipynb" for option in OPTIONS]


def _code(root: Path, path: str) -> list[str]:
    notebook = nbformat.read(root / "build" / "notebooks" / path, as_version=4)
    return [cell.source for cell in notebook.cells if cell.cell_type == "code"]


def test_a_build_writes_each_options_notebook_and_keeps_them_fresh(tmp_path: Path) -> None:
    write(tmp_path, LESSON, AGENTS)
    course = Course.open(tmp_path)
    first = build_course(course, jupytext="py:percent")
    assert first.notebooks == NOTEBOOKS
    assert sorted(first.written) == sorted(
        [*NOTEBOOKS, *(path.replace(".ipynb", ".py") for path in NOTEBOOKS)])
    assert _code(tmp_path, NOTEBOOKS[1])[1] == 'agent = "beta"'
    again = build_course(course, jupytext="py:percent")
    assert (again.written, again.removed, again.notebooks) == ([], [], NOTEBOOKS)
    assert build_course(course, jupytext="py:percent", check=True).stale == []


def test_a_lesson_whose_tabs_go_yields_one_notebook_again(tmp_path: Path) -> None:
    write(tmp_path, LESSON, AGENTS)
    course = Course.open(tmp_path)
    build_course(course)
    write(tmp_path, LESSON, "# Agents\n\n```py\nagent = 'one'\n```\n")
    assert build_course(course, check=True).stale == ["en/chapter1/2.ipynb", *NOTEBOOKS]
    result = build_course(course)
    assert (sorted(result.removed), result.notebooks) == (NOTEBOOKS, ["en/chapter1/2.ipynb"])
    assert not any((tmp_path / "build" / "notebooks" / path).exists() for path in NOTEBOOKS)


def test_verify_plans_each_options_notebook_with_its_own_cells(tmp_path: Path) -> None:
    write(tmp_path, LESSON, AGENTS)
    course = Course.open(tmp_path)
    sources, diagnostics = collect(course, languages=None, frameworks=None, paths=[])
    assert diagnostics == []
    assert [source.notebook for source in sources] == NOTEBOOKS
    for option, source in zip(OPTIONS, sources, strict=True):
        assert source.origin is not None and source.origin.option == option
        plan = source.plan("cpu")
        assert [cell.code for cell in plan.cells] == [
            'shared = "setup"', f'agent = "{option}"', "print(shared)",
            f'assert agent == "{option}", agent',
        ]
