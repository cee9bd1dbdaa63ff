"""The network policy on a real kernel: offline by default, each refusal named,
``network=True`` runs the same cells without the guard."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.execution.results import NotebookResult, Verdict, VerifyReport
from coursekit.execution.verify import verify_course

from .conftest import cell, expect, notebook, write_course

pytestmark = pytest.mark.kernel

LESSON = "content/en/chapter2/1.mdx"
# An address of the documentation range: never routed, so nothing is ever reached.
CONNECT = "import socket\nsocket.create_connection(('192.0.2.10', 80), timeout=1)"


def _cells() -> list[object]:
    return [
        cell(CONNECT, 10, LESSON),
        cell("!wget -q https://data.example.org/files/reviews.csv", 20, LESSON),
        cell("rows = open('reviews.csv').read().splitlines()", 30, LESSON),
        cell("print(len(rows))", 40, LESSON),
        cell("import urllib.request\n"
             "answer = urllib.request.urlopen('https://api.example.com/v1/items')", 50, LESSON),
        cell("items = {}\nitems['all'] = answer.read()", 60, LESSON),
        cell("items['all']", 70, LESSON),
        cell("print('still fine')", 80, LESSON, outputs=["still fine"]),
    ]


def _verify(root: Path, *, network: bool) -> NotebookResult:
    course = Course.open(root)
    report: VerifyReport = verify_course(course, paths=[root / "build" / "notebooks"],
                                         device="cpu", jobs=1, network=network)
    return report.notebooks[0]


@pytest.fixture(scope="module")
def course_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("network")
    write_course(root, {"en/chapter2/1.ipynb": notebook(_cells(), lesson=LESSON)})
    return root


def test_offline_cells_need_the_network_by_name(course_root: Path) -> None:
    result = _verify(course_root, network=False)
    verdicts = [(c.verdict, c.cause) for c in result.cells]
    assert verdicts == [
        (Verdict.NEEDS_NETWORK, None),
        (Verdict.NEEDS_NETWORK, None),
        (Verdict.NOT_REACHED, 2),  # the file the download should have written
        (Verdict.NOT_REACHED, 2),  # `rows`, never defined
        (Verdict.NEEDS_NETWORK, None),
        (Verdict.NOT_REACHED, 5),
        (Verdict.NOT_REACHED, 5),  # `items`, left empty by the failed cell
        (Verdict.OK, None),
    ]
    assert "`host 192.0.2.10`" in result.cells[0].detail
    assert "`host data.example.org`" in result.cells[1].detail
    assert "`host api.example.com`" in result.cells[4].detail
    assert result.status.value == "needs-network"
    assert result.first_cause is result.cells[0]
    rules = sorted({d.rule for d in result.diagnostics})
    assert rules == ["EXE105", "EXE107"]
    assert all(d.severity.value == "warning" for d in result.diagnostics if d.rule == "EXE107")


def test_with_the_network_allowed_no_guard_refuses(course_root: Path) -> None:
    result = _verify(course_root, network=True)
    first = result.cells[0]
    # The address is unreachable here too, but the guard did not refuse it: the
    # connection timed out in the network stack, an error of the cell's own.
    assert first.verdict is Verdict.UNEXPECTED_ERROR
    assert "TimeoutError" in first.detail or "OSError" in first.detail
    # The shell command ran and failed, which IPython does not raise: the cell's error,
    # and the file it did not download leaves the cell that reads it not reached.
    download = result.cells[1]
    assert download.verdict is Verdict.UNEXPECTED_ERROR
    assert download.detail.startswith(
        "`!wget -q https://data.example.org/files/reviews.csv` exits with status ")
    assert (result.cells[2].verdict, result.cells[2].cause) == (Verdict.NOT_REACHED, 2)


@pytest.mark.torch
@pytest.mark.slow
def test_hub_look_ups_name_the_repo(tmp_path: Path) -> None:
    from coursekit.kernels import kernel_python

    if kernel_python("coursekit-pt", "pt") is None:
        pytest.skip("the pt lesson kernel is not installed (run `make kernels`)")
    node = notebook([
        cell("from transformers import AutoConfig\n"
             "config = AutoConfig.from_pretrained('bert-base-uncased')", 10, LESSON),
        cell("other = AutoConfig.from_pretrained('someone/tiny-model-not-here')", 20, LESSON),
        cell("from datasets import load_dataset\n"
             "reviews = load_dataset('someone/reviews-not-here')", 30, LESSON),
        # A documented error on a model with no stand-in: the missing stand-in is said,
        # not "error-drift: update the documented error".
        cell("AutoConfig.from_pretrained('someone/large-model', num_labels=-1)", 40, LESSON,
             errors=[expect("ValueError", "num_labels must be positive")]),
    ], lesson=LESSON)
    node.metadata["kernelspec"]["name"] = "coursekit-pt"
    write_course(tmp_path, {"en/chapter2/1.ipynb": node})
    result = _verify(tmp_path, network=False)
    assert [c.verdict for c in result.cells] == [
        Verdict.OK, Verdict.NEEDS_NETWORK, Verdict.NEEDS_NETWORK, Verdict.NEEDS_NETWORK]
    assert "`Hub model someone/large-model`" in result.cells[3].detail
    assert "`Hub model someone/tiny-model-not-here`" in result.cells[1].detail
    assert "someone/reviews-not-here" in result.cells[2].detail


@pytest.mark.torch
@pytest.mark.slow
def test_hub_writes_go_to_a_local_hub_that_loads_them_back(tmp_path: Path) -> None:
    from coursekit.kernels import kernel_python

    if kernel_python("coursekit-pt", "pt") is None:
        pytest.skip("the pt lesson kernel is not installed (run `make kernels`)")
    node = notebook([
        cell("from huggingface_hub import notebook_login, whoami\nnotebook_login()", 10, LESSON),
        cell("print(whoami()['name'])", 20, LESSON, outputs=["learner"]),
        cell("from transformers import AutoConfig\n"
             "config = AutoConfig.from_pretrained('bert-base-uncased')\n"
             "config.num_labels = 3\n"
             "url = config.push_to_hub('my-first-config')", 30, LESSON),
        cell("again = AutoConfig.from_pretrained('learner/my-first-config')\n"
             "print(again.model_type, again.num_labels)", 40, LESSON, outputs=["bert 3"]),
        cell("from huggingface_hub import upload_file\n"
             "upload_file(path_or_fileobj=b'notes', path_in_repo='NOTES.md',\n"
             "            repo_id='learner/my-first-config')", 50, LESSON),
    ], lesson=LESSON)
    node.metadata["kernelspec"]["name"] = "coursekit-pt"
    write_course(tmp_path, {"en/chapter2/1.ipynb": node})
    result = _verify(tmp_path, network=False)
    assert [c.verdict for c in result.cells] == [Verdict.OK] * 5, [
        c.detail for c in result.cells]
    assert not [d for d in result.diagnostics if d.rule == "EXE301"]  # outputs as documented
    # The pushes stay in the kernel's own hub: the shared stand-ins hold no such repo.
    from coursekit.kernels.paths import coursekit_home

    assert not list((coursekit_home() / "standins").glob("*/hub/models--learner--*"))


@pytest.mark.torch
@pytest.mark.slow
def test_a_pushed_dataset_loads_back_from_the_local_hub(tmp_path: Path) -> None:
    from coursekit.kernels import kernel_python

    if kernel_python("coursekit-pt", "pt") is None:
        pytest.skip("the pt lesson kernel is not installed (run `make kernels`)")
    node = notebook([
        cell("from datasets import Dataset, DatasetDict, load_dataset\n"
             "splits = DatasetDict({\n"
             "    'train': Dataset.from_dict({'text': ['a', 'b', 'c'], 'label': [0, 1, 0]}),\n"
             "    'test': Dataset.from_dict({'text': ['d'], 'label': [1]}),\n"
             "})\n"
             "splits.push_to_hub('my-reviews')", 10, LESSON),
        cell("again = load_dataset('learner/my-reviews')\n"
             "print(again['train'].num_rows, again['test'][0]['text'])", 20, LESSON,
             outputs=["3 d"]),
        cell("Dataset.from_dict({'text': ['e'], 'label': [2]}).push_to_hub(\n"
             "    'learner/my-reviews', 'extra', split='validation')\n"
             "print(load_dataset('learner/my-reviews', 'extra', split='validation')[0])",
             30, LESSON, outputs=["{'text': 'e', 'label': 2}"]),
        cell("load_dataset('someone/reviews-never-pushed')", 40, LESSON),
    ], lesson=LESSON)
    node.metadata["kernelspec"]["name"] = "coursekit-pt"
    write_course(tmp_path, {"en/chapter2/1.ipynb": node})
    result = _verify(tmp_path, network=False)
    assert [c.verdict for c in result.cells] == [Verdict.OK] * 3 + [Verdict.NEEDS_NETWORK], [
        c.detail for c in result.cells]
    assert "someone/reviews-never-pushed" in result.cells[3].detail
    assert not [d for d in result.diagnostics if d.rule == "EXE301"]  # outputs as documented


# A library laid out as gradio is: `gradio.blocks.Blocks.block_thread` holds the caller
# until the demo is closed, as `launch(debug=True)` does in a notebook.
DEMO_LIBRARY = '''\
import os, sys, tempfile
root = tempfile.mkdtemp()
os.makedirs(os.path.join(root, "gradio"))
open(os.path.join(root, "gradio", "__init__.py"), "w").write("from gradio.blocks import Blocks\\n")
open(os.path.join(root, "gradio", "blocks.py"), "w").write(
    "import time\\n"
    "class Blocks:\\n"
    "    def launch(self, debug=False):\\n"
    "        if debug:\\n"
    "            self.block_thread()\\n"
    "    def block_thread(self):\\n"
    "        while True:\\n"
    "            time.sleep(0.1)\\n")
sys.path.insert(0, root)
'''


def test_a_demo_launched_with_debug_does_not_hold_the_cell(tmp_path: Path) -> None:
    node = notebook([
        cell(DEMO_LIBRARY, 10, LESSON),
        cell("import gradio as gr\ndemo = gr.Blocks()\ndemo.launch(debug=True)", 20, LESSON),
        cell("print('next')", 30, LESSON, outputs=["next"]),
    ], lesson=LESSON)
    write_course(tmp_path, {"en/chapter2/1.ipynb": node})
    result = _verify(tmp_path, network=False)
    assert [c.verdict for c in result.cells] == [Verdict.OK] * 3, [
        c.detail for c in result.cells]
