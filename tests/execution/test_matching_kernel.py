"""A wrapped message goes through a real kernel and verification, and is judged by its
meaningful line: proven when it is the documented error, a wrong error when it is not."""

from __future__ import annotations

import pytest

from coursekit.config import Course
from coursekit.execution.results import NotebookResult, Verdict
from coursekit.execution.verify import verify_course

from .conftest import cell, expect, notebook, write_course

pytestmark = pytest.mark.kernel

LESSON = "content/en/chapter8/4_tf.mdx"
NO_LABELS = "Could not find label column(s) in input dict and no separate labels were provided!"
# Keras re-raises an error from its graph-mode training step with this shape.
RAISE_WRAPPED = f"""
def fit(nested):
    raise ValueError(
        "in user code:\\n\\n"
        '    File "/env/transformers/modeling_tf_utils.py", line 1645, in train_step\\n'
        '        raise ValueError("{NO_LABELS}")\\n\\n'
        f"    {{nested}}\\n"
    )
"""


@pytest.fixture(scope="module")
def result(tmp_path_factory: pytest.TempPathFactory) -> NotebookResult:
    root = tmp_path_factory.mktemp("course")
    cells = [
        cell(RAISE_WRAPPED, 10, LESSON),
        cell(f"fit('ValueError: {NO_LABELS}')", 20, LESSON,
             errors=[expect("ValueError", NO_LABELS)]),
        cell("print('fixed')", 30, LESSON),
        cell("fit('ValueError: labels must be integers')", 40, LESSON,
             errors=[expect("ValueError", NO_LABELS)]),
        cell("print('fixed')", 50, LESSON),
    ]
    write_course(root, {"en/chapter8/4_tf.ipynb": notebook(cells, lesson=LESSON)})
    report = verify_course(Course.open(root), paths=[root / "build" / "notebooks"],
                           device="cpu", jobs=1)
    return report.notebooks[0]


def test_the_documented_nested_error_is_reproduced(result: NotebookResult) -> None:
    by_line = {int(c.source.rsplit(":", 1)[1]): c for c in result.cells}
    assert by_line[20].verdict is Verdict.REPRODUCED, by_line[20].detail
    assert result.scenarios[0].proven


def test_another_nested_error_is_an_error_drift_quoting_it(result: NotebookResult) -> None:
    by_line = {int(c.source.rsplit(":", 1)[1]): c for c in result.cells}
    wrong = by_line[40]
    assert wrong.verdict is Verdict.ERROR_DRIFT
    assert "closest is the message of the nested `ValueError` at line 6, " \
        "`labels must be integers`" in wrong.detail
    assert "raise ValueError" not in wrong.detail
