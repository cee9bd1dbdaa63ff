"""The fast writer lays notebooks out byte for byte like ``nbformat.write``."""

from __future__ import annotations

import io
from pathlib import Path

import nbformat
from hypothesis import given
from hypothesis import strategies as st

from coursekit.config import Course
from coursekit.notebooks.convert import lesson_to_notebooks
from coursekit.notebooks.serialize import dumps

from .handmade import error, lesson, py, result


def nbformat_text(notebook: nbformat.NotebookNode) -> str:
    buffer = io.StringIO()
    nbformat.write(notebook, buffer)
    return buffer.getvalue()


def test_same_bytes_as_nbformat(tmp_path: Path) -> None:
    built = lesson_to_notebooks(lesson(
        py(3, "import torch\nx = 1\nx", result(6, "1\n")),
        py(9, "print('é\\n')\nprint(2)", result(12, "é\n\n2")),
        py(15, "f()", error(18, "ValueError", "bad", trace="Traceback\n  line\nValueError: bad")),
    ), Course.open(tmp_path))
    notebook = built[0][2]
    assert dumps(notebook) == nbformat_text(notebook)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=10,
)


@given(st.text(), st.text(), json_values)
def test_same_bytes_for_any_text(source: str, output: str, metadata: object) -> None:
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell(source, id="m"),
        nbformat.v4.new_code_cell(source, id="c", metadata={"x": metadata}, outputs=[
            nbformat.v4.new_output("stream", name="stdout", text=output),
            nbformat.v4.new_output("execute_result", data={"text/plain": output}),
        ]),
    ])
    assert dumps(notebook) == nbformat_text(notebook)
