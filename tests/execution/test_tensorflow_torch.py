"""The TensorFlow lesson kernel has CPU torch beside TensorFlow, as a learner's notebook
does: transformers' pipeline code, which reaches for torch, runs; with torch hidden from
transformers, its ``NameError`` is reported inside the library, not as the lesson's."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from coursekit.config import Course
from coursekit.execution.results import NotebookResult, Verdict
from coursekit.execution.verify import verify_course

from ..kernel_skip import kernel_or_skip
from .conftest import cell, notebook

pytestmark = [pytest.mark.kernel, pytest.mark.tensorflow, pytest.mark.slow]

LESSON = "content/en/chapter1/1_tf.mdx"
COURSE_TOML = """\
source-language = "en"
kernels = { tf = "coursekit-tf" }

[verify]
timeout = 240
"""
FILL_MASK = ('from transformers import pipeline\n'
             'unmasker = pipeline("fill-mask", model="bert-base-cased")')
PREDICT = 'predictions = unmasker("Paris is the [MASK] of France.")\nlen(predictions)'


def _verify(root: Path, cells: list[object]) -> NotebookResult:
    root.mkdir(parents=True, exist_ok=True)
    (root / "coursekit.toml").write_text(COURSE_TOML, encoding="utf-8")
    node = notebook(cells, lesson=LESSON, framework="tf")
    node.metadata["kernelspec"] = {"name": "coursekit-tf", "display_name": "TensorFlow",
                                   "language": "python"}
    path = root / "build" / "notebooks" / "en" / "chapter1" / "1_tf.ipynb"
    path.parent.mkdir(parents=True)
    nbformat.write(node, path)
    report = verify_course(Course.open(root), paths=[path], device="cpu", jobs=1,
                           use_cache=False)
    return report.notebooks[0]


def test_a_pipeline_runs_with_the_kernel_torch(tmp_path: Path) -> None:
    kernel_or_skip("tf")
    result = _verify(tmp_path / "clean", [
        cell("import torch\nprint(torch.__version__.split('+')[0])", 10, LESSON,
             outputs=["2.13.0"]),
        cell(FILL_MASK, 20, LESSON),
        cell(PREDICT, 30, LESSON),
    ])
    assert [(c.verdict, c.detail) for c in result.cells] == [(Verdict.OK, "")] * 3
    assert result.cells[0].drift is None
    assert result.headline == "ok"


def test_without_torch_the_name_error_is_the_library_own(tmp_path: Path) -> None:
    kernel_or_skip("tf")
    result = _verify(tmp_path / "hidden", [
        # The pipeline module as a kernel without torch imports it: no `torch` global.
        cell("import transformers.pipelines\ndel transformers.pipelines.torch", 10, LESSON),
        cell(FILL_MASK, 20, LESSON),
        cell(PREDICT, 30, LESSON),
    ])
    ok, broken, after = result.cells
    assert ok.verdict is Verdict.OK
    assert broken.verdict is Verdict.UNEXPECTED_ERROR
    assert broken.cause is None
    assert "NameError: name 'torch' is not defined" in broken.detail
    assert "inside `transformers/pipelines/__init__.py:" in broken.detail
    assert "the library's, not the lesson's" in broken.hint
    # `unmasker` was never bound: the next cell is a consequence, not a second cause.
    assert after.cause == broken.index
