"""Two lessons whose notebooks would have one path: the first lesson keeps it, the
other's notebook is not written over it, and the build says so on every run. A folder
named like a lesson (``chapter1/intro/`` beside ``chapter1/intro.mdx``) shares nothing."""

from __future__ import annotations

from pathlib import Path

import nbformat

from coursekit.config import Course
from coursekit.notebooks.build import BuildResult, build_course
from coursekit.notebooks.rules import WRITE_FAILED

from .sample_course import write

INTRO = "# Intro\n\n```py\nprint('{name}')\n```\n"
FRAMEWORKS = (
    "# Intro\n\n{#if fw === 'pt'}\n\n```py\nprint('pt of intro')\n```\n\n{:else}\n\n"
    "```py\nprint('tf of intro')\n```\n\n{/if}\n"
)


def _build(root: Path) -> BuildResult:
    return build_course(Course.open(root))


def _code(root: Path, path: str) -> list[str]:
    notebook = nbformat.read(root / "build" / "notebooks" / path, as_version=4)
    return [c.source for c in notebook.cells if c.cell_type == "code"]


def _clashes(result: BuildResult) -> list[str]:
    return [f"{d.path}: {d.message}" for d in result.diagnostics if d.rule == WRITE_FAILED.code]


def test_a_md_and_a_mdx_lesson_of_one_name_do_not_overwrite_each_other(tmp_path: Path) -> None:
    write(tmp_path, "content/en/chapter1/intro.md", INTRO.format(name="md"))
    write(tmp_path, "content/en/chapter1/intro.mdx", INTRO.format(name="mdx"))
    for _ in range(2):  # the second build keeps the first lesson's notebook and says so
        result = _build(tmp_path)
        (clash,) = _clashes(result)
        assert clash.startswith("content/en/chapter1/intro.mdx: ")
        assert "en/chapter1/intro.ipynb" in clash and "content/en/chapter1/intro.md" in clash
        assert _code(tmp_path, "en/chapter1/intro.ipynb") == ["print('md')"]
        assert result.notebooks == ["en/chapter1/intro.ipynb"]


def test_a_framework_notebook_and_a_lesson_named_like_it(tmp_path: Path) -> None:
    write(tmp_path, "content/en/chapter1/intro.mdx", FRAMEWORKS)
    write(tmp_path, "content/en/chapter1/intro_pt.mdx", INTRO.format(name="intro_pt"))
    (clash,) = _clashes(_build(tmp_path))
    assert clash.startswith("content/en/chapter1/intro_pt.mdx: ")
    assert _code(tmp_path, "en/chapter1/intro_pt.ipynb") == ["print('pt of intro')"]
    assert _code(tmp_path, "en/chapter1/intro_tf.ipynb") == ["print('tf of intro')"]


def test_a_folder_named_like_a_lesson_beside_it(tmp_path: Path) -> None:
    write(tmp_path, "content/en/chapter1/intro.mdx", INTRO.format(name="intro"))
    write(tmp_path, "content/en/chapter1/intro/part.mdx", INTRO.format(name="part"))
    result = _build(tmp_path)
    assert _clashes(result) == []
    assert result.notebooks == ["en/chapter1/intro.ipynb", "en/chapter1/intro/part.ipynb"]
    assert _code(tmp_path, "en/chapter1/intro.ipynb") == ["print('intro')"]
    assert _code(tmp_path, "en/chapter1/intro/part.ipynb") == ["print('part')"]
    (tmp_path / "content/en/chapter1/intro.mdx").unlink()
    assert _build(tmp_path).notebooks == ["en/chapter1/intro/part.ipynb"]
