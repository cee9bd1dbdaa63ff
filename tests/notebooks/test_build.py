"""``build_course`` and ``coursekit build`` on a small course on disk."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.lessons.model import Lesson
from coursekit.notebooks.build import BuildResult, build_course
from coursekit.notebooks.lesson_files import LessonSource
from coursekit.notebooks.metadata import RAISES_TAG
from coursekit.notebooks.rules import (
    CONVERSION_FAILED,
    ORPHAN_NOTEBOOK,
    STALE_NOTEBOOK,
    WRITE_FAILED,
)

from .sample_course import QUIZ, write

EXPECTED = [
    "en/chapter1/1.ipynb",
    "en/chapter1/2_pt.ipynb",
    "en/chapter1/2_tf.ipynb",
    "en/chapter8/4.ipynb",
    "en/chapter8/4_tf.ipynb",
    "fr/chapter1/1.ipynb",
]


def build(root: Path, **kwargs: object) -> BuildResult:
    return build_course(Course.open(root), **kwargs)  # type: ignore[arg-type]


def files(root: Path) -> dict[str, bytes]:
    base = root / "build" / "notebooks"
    return {p.relative_to(base).as_posix(): p.read_bytes() for p in base.rglob("*") if p.is_file()}


def mtimes(root: Path) -> dict[str, int]:
    base = root / "build" / "notebooks"
    return {p.relative_to(base).as_posix(): p.stat().st_mtime_ns for p in base.rglob("*")}


def read(root: Path, path: str) -> nbformat.NotebookNode:
    notebook: nbformat.NotebookNode = nbformat.read(root / "build" / "notebooks" / path,
                                                    as_version=4)
    nbformat.validate(notebook)
    return notebook


def test_one_notebook_per_language_lesson_and_framework(course_root: Path) -> None:
    result = build(course_root)
    assert result.notebooks == EXPECTED
    assert sorted(result.written) == EXPECTED
    for path in EXPECTED:
        read(course_root, path)


def test_cells_outputs_and_metadata(course_root: Path) -> None:
    build(course_root)
    notebook = read(course_root, "en/chapter1/1.ipynb")
    title, install, pip, value, printed, failing = notebook.cells
    assert title.source.startswith("# Using the pipeline")
    # transformers is in the lesson's own `pip install` line, which comes first.
    assert install.source == "!pip install numpy"
    assert pip.source == "!pip install datasets transformers"
    assert value.outputs[0].output_type == "execute_result"
    assert value.outputs[0].data["text/plain"] == "0.75"
    assert printed.outputs[0].output_type == "stream"
    error = failing.outputs[0]
    assert (error.output_type, error.ename) == ("error", "ValueError")
    assert error.evalue.startswith("operands could not be broadcast")
    assert failing.metadata["tags"] == [RAISES_TAG]
    (expected,) = failing.metadata["coursekit"]["expect_errors"]
    assert expected["name"] == "ValueError"
    assert isinstance(failing.metadata["coursekit"]["line"], int)
    assert failing.metadata["coursekit"]["line"] > 1
    meta = notebook.metadata["coursekit"]
    assert (meta["lesson"], meta["language"], meta["framework"]) == (
        "content/en/chapter1/1.mdx", "en", "both",
    )


def test_framework_blocks_and_split_files(course_root: Path) -> None:
    build(course_root)
    pt = read(course_root, "en/chapter1/2_pt.ipynb")
    tf = read(course_root, "en/chapter1/2_tf.ipynb")
    assert [c.source for c in pt.cells[2:]] == ["import torch", 'print("both")']
    assert [c.source for c in tf.cells[2:]] == ["import tensorflow as tf", 'print("both")']
    assert tf.metadata["kernelspec"]["name"] == "python3"
    assert tf.metadata["coursekit"]["environment"] == "tf"
    split_pt = read(course_root, "en/chapter8/4.ipynb")
    split_tf = read(course_root, "en/chapter8/4_tf.ipynb")
    assert split_pt.metadata["coursekit"]["framework"] == "pt"
    assert split_tf.metadata["coursekit"]["framework"] == "tf"


def test_framework_filter(course_root: Path) -> None:
    result = build(course_root, frameworks=["tf"], languages=["en"])
    assert result.notebooks == ["en/chapter1/1.ipynb", "en/chapter1/2_tf.ipynb",
                                "en/chapter8/4_tf.ipynb"]
    assert sorted(build(course_root).written) == [
        "en/chapter1/2_pt.ipynb", "en/chapter8/4.ipynb", "fr/chapter1/1.ipynb",
    ]


def test_deterministic_bytes(course_root: Path, tmp_path: Path) -> None:
    build(course_root)
    first = files(course_root)
    build(course_root, out=tmp_path / "again")
    base = tmp_path / "again" / "notebooks"
    again = {p.relative_to(base).as_posix(): p.read_bytes() for p in base.rglob("*.ipynb")}
    assert again == {k: v for k, v in first.items() if k.endswith(".ipynb")}


def test_incremental_rebuilds(course_root: Path) -> None:
    build(course_root)
    before = mtimes(course_root)
    second = build(course_root)
    assert (second.written, second.removed) == ([], [])
    assert sorted(second.unchanged) == EXPECTED
    assert mtimes(course_root) == before

    write(course_root, "content/en/chapter1/1.mdx",
          (course_root / "content/en/chapter1/1.mdx").read_text() + "\n```py\nx = 1\n```\n")
    assert build(course_root).written == ["en/chapter1/1.ipynb"]

    (course_root / "content/fr/chapter1/1.mdx").unlink()
    third = build(course_root)
    assert (third.written, third.removed) == ([], ["fr/chapter1/1.ipynb"])
    assert not (course_root / "build/notebooks/fr").exists()


def test_a_finding_on_a_whole_lesson_does_not_void_the_manifest(
    course_root: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    write(course_root, "content/en/chapter1/5.mdx", "Text without a title.\n\n```py\nx = 1\n```\n")
    first = build(course_root)
    assert any(d.line is None for d in first.diagnostics)
    converted: list[str] = []
    real = LessonSource.parse

    def parse(source: LessonSource) -> Lesson:
        converted.append(source.relative)
        return real(source)

    monkeypatch.setattr(LessonSource, "parse", parse)
    assert build(course_root).written == []
    assert converted == []


def test_lesson_that_becomes_a_quiz_loses_its_notebook(course_root: Path) -> None:
    build(course_root)
    write(course_root, "content/en/chapter8/4.mdx", QUIZ)
    assert build(course_root).removed == ["en/chapter8/4.ipynb"]


def test_check_exit_codes(course_root: Path) -> None:
    runner = CliRunner()
    args = ["build", "--root", str(course_root), "--check"]
    missing = runner.invoke(cli, args)
    assert missing.exit_code == 1
    assert STALE_NOTEBOOK.code in missing.output
    assert not (course_root / "build").exists()

    assert runner.invoke(cli, ["build", "--root", str(course_root)]).exit_code == 0
    assert runner.invoke(cli, args).exit_code == 0

    (course_root / "content/en/chapter8/4_tf.mdx").unlink()
    gone = runner.invoke(cli, args)
    assert gone.exit_code == 1
    assert ORPHAN_NOTEBOOK.code in gone.output
    assert STALE_NOTEBOOK.code in gone.output  # 4.mdx now stands for both frameworks


def test_no_temporary_files_left(course_root: Path) -> None:
    build(course_root)
    build(course_root, with_prose=True)
    leftovers = [p for p in (course_root / "build").rglob("*") if p.name.endswith(".tmp")]
    assert leftovers == []


def test_jupytext_pair(course_root: Path) -> None:
    result = build(course_root, jupytext="py:percent", languages=["en"])
    assert "en/chapter1/1.py" in result.written
    text = (course_root / "build/notebooks/en/chapter1/1.py").read_text()
    assert "# %%\nfrom transformers import pipeline" in text
    plain = build(course_root, languages=["en"])
    assert "en/chapter1/1.py" in plain.removed


def test_broken_lesson_does_not_stop_the_others(course_root: Path) -> None:
    write(course_root, "content/en/chapter1/5.mdx", "# Broken\n\n```py\nx = 1\n")
    (course_root / "content/en/chapter1/6.mdx").write_bytes(b"# Bad\n\n```py\nx = '\xff'\n```\n")
    result = build(course_root)
    assert set(EXPECTED) <= set(result.notebooks)
    assert any(d.path == "content/en/chapter1/5.mdx" for d in result.diagnostics)
    assert any(d.path == "content/en/chapter1/6.mdx" for d in result.diagnostics)
    code = CliRunner().invoke(cli, ["build", "--root", str(course_root)])
    assert code.exit_code == 1
    assert "Traceback" not in code.output
    again = build(course_root)
    assert again.written == []
    assert again.diagnostics == result.diagnostics  # recorded, so the verdict does not flip


def test_unknown_language_is_a_usage_error(course_root: Path) -> None:
    result = CliRunner().invoke(cli, ["build", "--root", str(course_root), "--lang", "xx"])
    assert result.exit_code == 2


@pytest.mark.parametrize("option", ["--with-prose", "--jupytext=md"])
def test_options_rebuild_everything_once(course_root: Path, option: str) -> None:
    runner = CliRunner()
    assert runner.invoke(cli, ["build", "--root", str(course_root)]).exit_code == 0
    again = runner.invoke(cli, ["build", "--root", str(course_root), option])
    assert again.exit_code == 0
    assert "written" in again.output


def test_unwritable_output_is_reported_and_others_still_built(course_root: Path) -> None:
    blocker = course_root / "build" / "notebooks" / "fr"
    blocker.parent.mkdir(parents=True)
    blocker.write_text("a file where a folder should be")
    result = build(course_root)
    assert [(d.rule, d.path) for d in result.diagnostics if d.rule == WRITE_FAILED.code] == [
        (WRITE_FAILED.code, "content/fr/chapter1/1.mdx"),
    ]
    assert "en/chapter1/1.ipynb" in result.written
    blocker.unlink()
    assert build(course_root).written == ["fr/chapter1/1.ipynb"]


def test_unexpected_conversion_failure_is_a_finding(
    course_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Nothing in a lesson is known to crash the converter; stand in for a future bug.
    from coursekit.notebooks import build as build_module

    def crash(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(build_module, "convert_lesson", crash)
    result = build(course_root)
    assert {d.rule for d in result.diagnostics} == {CONVERSION_FAILED.code}
    assert result.written == []


QUIZ_WITH_SNIPPETS = """\
# Quiz

### 1. Which line loads a dataset?

A.
```py
load_dataset("minds14")
```

B.
```py
load_the_dataset("minds14")
```

<Question choices={[{ text: "A", explain: "", correct: true }]} />
"""


def test_a_quiz_page_is_built_only_when_asked_and_removed_after(course_root: Path) -> None:
    write(course_root, "content/en/chapter1/quiz.mdx", QUIZ_WITH_SNIPPETS)
    quiz = "en/chapter1/quiz.ipynb"
    assert quiz not in build(course_root).notebooks
    asked = build(course_root, quizzes=True)
    assert quiz in asked.written
    again = build(course_root)
    assert quiz in again.removed
    assert not (course_root / "build" / "notebooks" / quiz).exists()


def test_changed_notebook_settings_rewrite_the_notebooks(course_root: Path) -> None:
    first = build(course_root)
    assert first.written
    (course_root / "coursekit.toml").write_text(
        '[notebooks]\npage-url = "https://example.org/{language}/{local}"\n', encoding="utf-8")
    second = build(course_root)
    assert sorted(second.written) == sorted(first.written)
    title = read(course_root, "en/chapter1/1.ipynb").cells[0].source
    assert "(https://example.org/en/chapter1/1)" in title
