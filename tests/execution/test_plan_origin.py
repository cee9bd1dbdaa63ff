"""``verify`` plans a notebook it builds from the lesson model, and a notebook given as
a file from its metadata: both give the same plan for the same lesson."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.execution.plan.model import CellPlan, Location, plan_notebook
from coursekit.execution.plan.sources import NotebookSource, collect
from coursekit.lessons.model import Framework
from coursekit.notebooks.build import build_course

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Course:
    root = tmp_path_factory.mktemp("course")
    shutil.copytree(ROOT / "content", root / "content")
    shutil.copy2(ROOT / "pyproject.toml", root / "pyproject.toml")
    opened = Course.open(root)
    build_course(opened)
    return opened


def _sources(course: Course, paths: list[Path]) -> dict[str, NotebookSource]:
    sources, diagnostics = collect(course, languages=None, frameworks=None, paths=paths)
    assert diagnostics == []
    return {source.notebook: source for source in sources}


def _comparable(cell: CellPlan) -> tuple[object, ...]:
    return (cell.index, cell.code, cell.location, cell.expected, cell.elsewhere, cell.errors,
            cell.skip, cell.timeout, cell.outputs)


@pytest.mark.parametrize("device", ["cpu", "cuda"])
def test_the_lesson_model_and_the_metadata_give_the_same_plan(
    course: Course, device: str,
) -> None:
    built = _sources(course, [])
    written = _sources(course, [course.build_dir / "notebooks"])
    assert sorted(built) == sorted(written)
    assert len(built) > 10
    for notebook, source in built.items():
        assert source.origin is not None
        assert written[notebook].origin is None
        assert source.kernel == written[notebook].kernel
        ours, theirs = source.plan(device), written[notebook].plan(device)
        assert (ours.lesson, ours.language, ours.framework, ours.notebook) == (
            theirs.lesson, theirs.language, theirs.framework, theirs.notebook)
        assert [_comparable(c) for c in ours.cells] == [_comparable(c) for c in theirs.cells]


def test_a_plan_from_the_model_is_typed(course: Course) -> None:
    source = _sources(course, [])["en/chapter8/4_tf.ipynb"]
    assert source.origin is not None
    plan = source.plan("cpu")
    assert plan.framework is Framework.TF
    first = plan.cells[0]
    assert isinstance(first.location, Location)
    assert first.location.path == "content/en/chapter8/4_tf.mdx"
    assert first.location.line == source.origin.cells[0].code.line
    assert plan.node.cells[first.index].source == first.code


def test_the_scope_selects_from_the_model(course: Course) -> None:
    chapter = course.root / "content" / "fr" / "chapter8"
    sources, _ = collect(course, languages=["fr"], frameworks={"tf"}, paths=[chapter])
    assert [s.notebook for s in sources] == ["fr/chapter8/4_tf.ipynb"]
    [source] = sources
    assert source.origin is not None
    assert (source.origin.lesson.language, source.origin.framework) == ("fr", Framework.TF)
    everything, _ = collect(course, languages=["fr"], frameworks=None, paths=[chapter])
    assert [s.notebook for s in everything] == ["fr/chapter8/4.ipynb", "fr/chapter8/4_tf.ipynb"]


def test_documented_outputs_are_read_back_from_the_cell_only_as_built(course: Course) -> None:
    written = _sources(course, [course.build_dir / "notebooks"])
    plan = written["en/chapter3/4_pt.ipynb"].plan("cpu")
    documented = [c for c in plan.cells if c.outputs]
    assert documented
    cell = plan.node.cells[documented[0].index]
    lines = cell.metadata["coursekit"]["outputs"]
    assert lines == [o["line"] for o in documented[0].outputs]  # lines only in the notebook
    assert all(isinstance(line, int) for line in lines)
    cell.execution_count = 1  # a notebook that ran shows its own outputs, not the lesson's
    rerun = plan_notebook(plan.node, "cpu", notebook="en/chapter3/4_pt.ipynb")
    assert [c.outputs for c in rerun.cells if c.index == documented[0].index] == [()]
