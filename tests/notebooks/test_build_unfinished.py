"""A lesson whose outputs a build did not all write (stopped by Ctrl-C between two of
them or during a rename, or one that could not be written) keeps every output that is
on disk in the manifest: the next build completes it, and a later build removes them
all with the lesson."""

from __future__ import annotations

import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from coursekit.atomic import write_bytes_atomic
from coursekit.config import Course
from coursekit.notebooks.build import build_course

from .sample_course import FRAMEWORKS, PIPELINE, write

CONFIG = 'source-language = "en"\nlanguages = ["en"]\nframeworks = ["pt", "tf"]\n'


def _course(tmp_path: Path, lesson: str) -> Path:
    root = tmp_path / "course"
    write(root, "coursekit.toml", CONFIG)
    write(root, "content/en/chapter1/1.mdx", lesson)
    return root


def _written(root: Path) -> list[str]:
    notebooks = root / "build/notebooks"
    return sorted(p.relative_to(notebooks).as_posix() for p in notebooks.rglob("*.ipynb"))


def _interrupt(monkeypatch: pytest.MonkeyPatch, at: int, during_rename: bool) -> None:
    """Ctrl-C at the ``at``-th write of an output: before it starts, or while its
    rename is done (held until the rename is, then handled)."""
    real = write_bytes_atomic
    calls: list[Path] = []

    def write(path: Path, data: bytes, **kwargs: Any) -> None:
        calls.append(path)
        if len(calls) == at and not during_rename:
            signal.raise_signal(signal.SIGINT)
        if len(calls) == at and during_rename:
            recorded: Callable[[], None] = kwargs["on_replaced"]

            def replaced() -> None:
                recorded()
                signal.raise_signal(signal.SIGINT)

            kwargs["on_replaced"] = replaced
        real(path, data, **kwargs)

    monkeypatch.setattr("coursekit.notebooks.output_files.write_bytes_atomic", write)


def _gone_with_its_lesson(root: Path) -> None:
    (root / "content/en/chapter1/1.mdx").unlink()
    result = build_course(Course.open(root))
    assert result.diagnostics == []
    assert _written(root) == []


@pytest.mark.parametrize(("lesson", "at", "during_rename", "left"), [
    (FRAMEWORKS, 2, False, ["en/chapter1/1_pt.ipynb"]),  # between its two notebooks
    (PIPELINE, 1, True, ["en/chapter1/1.ipynb"]),  # while its one notebook is renamed
], ids=["between-outputs", "during-rename"])
def test_an_interrupted_lessons_outputs_go_with_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lesson: str, at: int,
    during_rename: bool, left: list[str],
) -> None:
    root = _course(tmp_path, lesson)
    _interrupt(monkeypatch, at, during_rename)
    with pytest.raises(KeyboardInterrupt):
        build_course(Course.open(root))
    monkeypatch.undo()
    assert _written(root) == left
    _gone_with_its_lesson(root)


def test_an_interrupted_lesson_is_completed_by_the_next_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    root = _course(tmp_path, FRAMEWORKS)
    _interrupt(monkeypatch, 2, during_rename=False)
    with pytest.raises(KeyboardInterrupt):
        build_course(Course.open(root))
    monkeypatch.undo()
    assert build_course(Course.open(root), check=True).stale == ["en/chapter1/1_tf.ipynb"]
    build_course(Course.open(root))
    assert _written(root) == ["en/chapter1/1_pt.ipynb", "en/chapter1/1_tf.ipynb"]
    assert not build_course(Course.open(root), check=True).stale


def test_a_lesson_with_an_output_it_could_not_write_still_owns_the_others(
    tmp_path: Path,
) -> None:
    root = _course(tmp_path, FRAMEWORKS)
    blocked = root / "build/notebooks/en/chapter1/1_tf.ipynb"
    blocked.mkdir(parents=True)  # a folder where its TensorFlow notebook goes
    first = build_course(Course.open(root))
    assert [d.rule for d in first.diagnostics] == ["NBK104"]
    assert build_course(Course.open(root), check=True).stale
    blocked.rmdir()
    _gone_with_its_lesson(root)
