"""A registered interpreter is verified like the built-in kernel, stand-ins included.

The built-in PyTorch kernel's environment stands for an existing one: registered
under another name, it installs nothing, shares the built-in stand-ins (it holds
every pinned version) and runs a lesson that loads a model from the hub offline.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

from coursekit.config import Course
from coursekit.execution.results import Verdict
from coursekit.execution.verify import verify_course
from coursekit.kernels import FRAMEWORKS, kernel_python, kernel_status
from coursekit.kernels.kernelspec import spec_dir
from coursekit.kernels.register import register_kernel

pytestmark = [pytest.mark.torch, pytest.mark.kernel]

LESSON = "content/en/chapter1/1.mdx"
CODE = ('from transformers import AutoTokenizer\n'
        'tokenizer = AutoTokenizer.from_pretrained("distilbert-base-uncased")\n'
        'print(tokenizer("hello world")["input_ids"])')


@pytest.fixture
def registered_builtin() -> Iterator[str]:
    python = kernel_python("coursekit-pt", "pt")
    if python is None:
        pytest.skip("the pt lesson kernel is not installed "
                    "(run `coursekit kernels install --framework pt`)")
    name = f"coursekit-test-{uuid.uuid4().hex[:8]}"
    kernel = register_kernel("pt", python, name=name)
    assert kernel.installed == ()
    yield name
    for path in spec_dir(name).iterdir():
        path.unlink()
    spec_dir(name).rmdir()


def _course(root: Path, kernel: str) -> Course:
    (root / "coursekit.toml").write_text(
        f'source-language = "en"\nkernels = {{ pt = "{kernel}" }}\n', encoding="utf-8")
    code = nbformat.v4.new_code_cell(CODE)
    code.metadata["coursekit"] = {"source": f"{LESSON}:3", "expect_errors": [], "skip": None,
                                  "timeout": None, "outputs": []}
    node = nbformat.v4.new_notebook(cells=[code])
    node.metadata["coursekit"] = {"lesson": LESSON, "language": "en", "framework": "pt"}
    node.metadata["kernelspec"] = {"name": kernel, "display_name": kernel, "language": "python"}
    path = root / "build" / "notebooks" / "en" / "chapter1" / "1_pt.ipynb"
    path.parent.mkdir(parents=True)
    nbformat.write(node, path)
    return Course.open(root)


def test_verify_runs_on_a_registered_interpreter_with_the_standins(
    registered_builtin: str, tmp_path: Path,
) -> None:
    info = kernel_status(registered_builtin)
    assert info.ready
    assert info.requirements_hash == FRAMEWORKS["pt"].requirements_hash()  # shared stand-ins
    report = verify_course(_course(tmp_path, registered_builtin), device="cpu", jobs=1)
    assert [d.message for d in report.all_diagnostics()] == []
    [notebook] = report.notebooks
    assert [c.verdict for c in notebook.cells] == [Verdict.OK]
