"""An exception raised inside a library's frames is the library's, never a lesson name.

A real kernel imports a package from a ``site-packages`` folder whose function refers
to ``torch`` without importing it (as transformers' pipeline code does in a kernel
without torch). Its ``NameError`` is not a consequence of the lesson's earlier cell that
failed to bind ``torch``, and its hint does not send the author looking for a missing
cell; the same ``NameError`` raised by the lesson's own code still is.
"""

from __future__ import annotations

import pytest

from coursekit.config import Course
from coursekit.execution.judge.frames import library_frame, raising_file
from coursekit.execution.results import NotebookResult, Verdict
from coursekit.execution.verify import verify_course

from .conftest import cell, notebook, write_course

pytestmark = pytest.mark.kernel

LESSON = "content/en/chapter1/1.mdx"
LIBRARY = "def load():\n    return torch.ones(1)\n"


@pytest.fixture(scope="module")
def result(tmp_path_factory: pytest.TempPathFactory) -> NotebookResult:
    root = tmp_path_factory.mktemp("frames")
    packages = root / "env" / "lib" / "site-packages"
    (packages / "shelf").mkdir(parents=True)
    (packages / "shelf" / "__init__.py").write_text(LIBRARY, encoding="utf-8")
    write_course(root, {"en/chapter1/1.ipynb": notebook([
        cell(f"import sys\nsys.path.insert(0, {str(packages)!r})\nimport shelf", 10, LESSON),
        cell("import torch_that_is_not_installed as torch", 20, LESSON),
        cell("model = shelf.load()", 30, LESSON),
        cell("print(model)", 40, LESSON),
        cell("ones = torch.ones(2)", 50, LESSON),
    ], lesson=LESSON)})
    report = verify_course(Course.open(root), paths=[root / "build" / "notebooks"],
                           device="cpu", jobs=1)
    return report.notebooks[0]


def test_a_library_name_error_is_its_own_finding(result: NotebookResult) -> None:
    verdicts = [(c.verdict, c.cause) for c in result.cells]
    assert verdicts == [
        (Verdict.OK, None),
        (Verdict.NEEDS_PACKAGES, None),     # the lesson's import: a need, by its pip name
        (Verdict.UNEXPECTED_ERROR, None),   # inside shelf: not a consequence of line 20
        (Verdict.NOT_REACHED, 3),          # `model`, which line 30 should have bound
        (Verdict.NOT_REACHED, 2),          # the lesson's own `torch`, left unbound
    ]  # causes are notebook indices: the title is cell 0
    library = result.cells[2]
    assert "NameError: name 'torch' is not defined" in library.detail
    assert "inside `shelf/__init__.py:2`" in library.detail
    assert "the library's, not the lesson's" in library.hint
    assert "no earlier cell" not in library.hint


def test_the_lesson_own_name_error_keeps_the_lesson_hint(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    root = tmp_path_factory.mktemp("own")
    write_course(root, {"en/chapter1/1.ipynb": notebook([
        cell("ones = torch.ones(2)", 10, LESSON),
    ], lesson=LESSON)})
    report = verify_course(Course.open(root), paths=[root / "build" / "notebooks"],
                           device="cpu", jobs=1)
    [own] = report.notebooks[0].cells
    assert own.verdict is Verdict.UNEXPECTED_ERROR
    assert "inside" not in own.detail
    assert "no earlier cell of this notebook defines it" in own.hint


def test_the_innermost_frame_decides() -> None:
    cell_frame = "Cell In[2], line 1\n----> 1 shelf.load()\n"
    library = "File /opt/env/lib/python3.11/site-packages/shelf/__init__.py:2, in load()\n"
    own_file = "File /home/learner/helpers.py:7, in load()\n"
    error = "NameError: name 'torch' is not defined"
    assert library_frame([cell_frame, library, error]) == "shelf/__init__.py:2"
    assert library_frame([cell_frame, own_file, error]) is None
    assert raising_file([cell_frame, own_file, error]) == "/home/learner/helpers.py:7"
    assert library_frame([cell_frame, error]) is None
    assert library_frame([library, cell_frame, error]) is None
    assert library_frame([]) is None
