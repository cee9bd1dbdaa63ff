from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.execution.cache.key import code_fingerprint
from coursekit.execution.judge.cascade import CascadeTracker
from coursekit.execution.plan.shard import Shard, lesson_group
from coursekit.execution.results import CellRun, RunStatus, Verdict
from coursekit.execution.run.device import DeviceError, device_env, gpu_present, resolve_device
from coursekit.execution.verify import verify_course
from coursekit.lessons.python import defined_names

from .conftest import cell, write_course
from .conftest import notebook as make_notebook


def test_comments_and_blank_lines_do_not_change_the_fingerprint() -> None:
    english = "x = load('a')  # load the data\n\nprint(x)\n"
    french = "# charger les données\nx = load('a')  # charger\nprint(x)"
    assert code_fingerprint(english) == code_fingerprint(french)


def test_indentation_width_alone_does_not_change_the_fingerprint_nesting_does() -> None:
    assert code_fingerprint("if a:\n  b()\n") == code_fingerprint("if a:\n    b()\n")
    assert (code_fingerprint("if a:\n    b()\nc()\n")
            != code_fingerprint("if a:\n    b()\n    c()\n"))


def test_code_changes_change_the_fingerprint() -> None:
    assert code_fingerprint("x = load('a')") != code_fingerprint("x = load('b')")
    assert code_fingerprint("!pip install x") != code_fingerprint("!pip install y")


def test_code_whose_tokens_cannot_be_decoded_is_hashed_as_written() -> None:
    # A carriage return before a non-ASCII character: Python 3.12's tokenizer and later
    # fail to decode the line, Python 3.11's reads it; either way the code has a hash.
    assert code_fingerprint("a = 1\r\x80") != code_fingerprint("a = 1\r\x81")


def test_names_defined_by_a_cell() -> None:
    code = "import numpy as np\nfrom a import b\nx, y = 1, 2\ndef f(): pass\nfor i in []: pass"
    assert defined_names(code) >= {"np", "b", "x", "y", "f", "i"}
    assert defined_names("this is not python") == set()


def _cause(tracker: CascadeTracker, run: CellRun) -> int | None:
    found = tracker.explain(run)
    return found.index if found is not None else None


def test_name_errors_go_back_to_the_first_failed_cell() -> None:
    tracker = CascadeTracker()
    tracker.record(1, "model = build()", failed=True, cause=None)
    second = CellRun(RunStatus.ERROR, ename="NameError", evalue="name 'model' is not defined")
    assert _cause(tracker, second) == 1
    tracker.record(2, "trainer = make(model)", failed=True, cause=1)
    third = CellRun(RunStatus.ERROR, ename="NameError", evalue="name 'trainer' is not defined")
    assert _cause(tracker, third) == 1
    tracker.record(3, "model = other()", failed=False, cause=None)
    assert _cause(tracker, second) is None


def test_a_failed_cell_with_ipython_lines_is_the_cause() -> None:
    tracker = CascadeTracker()
    tracker.record(4, "!pip install x\n%time model = build()", failed=True, cause=None)
    later = CellRun(RunStatus.ERROR, ename="NameError", evalue="name 'model' is not defined")
    assert _cause(tracker, later) == 4


def test_shards_split_every_lesson_once_and_keep_translations_together() -> None:
    notebooks = [f"{lang}/chapter{c}/{s}.ipynb" for lang in ("en", "fr") for c in range(5)
                 for s in range(4)]
    shards = [Shard.parse(f"{k}/3") for k in (1, 2, 3)]
    for notebook in notebooks:
        assert sum(shard.owns(lesson_group(notebook)) for shard in shards) == 1
    assert lesson_group("en/chapter1/2.ipynb") == lesson_group("fr/chapter1/2.ipynb")
    with pytest.raises(ValueError, match="K/N"):
        Shard.parse("3")
    with pytest.raises(ValueError, match="between"):
        Shard.parse("4/3")


def test_cpu_hides_gpus_and_cuda_without_a_gpu_is_refused() -> None:
    assert device_env("cpu") == {"COURSEKIT_DEVICE": "cpu", "CUDA_VISIBLE_DEVICES": ""}
    assert resolve_device("cpu") == "cpu"
    if gpu_present():
        assert resolve_device("cuda") == "cuda"
    else:
        assert resolve_device("auto") == "cpu"
        with pytest.raises(DeviceError, match="no NVIDIA GPU"):
            resolve_device("cuda")


@pytest.mark.kernel
def test_a_later_cell_failing_on_its_own_is_not_a_cascade(tmp_path: Path) -> None:
    lesson = "content/en/chapter2/2.mdx"
    write_course(tmp_path, {"en/chapter2/2.ipynb": make_notebook([
        cell("items = {}\nitems['a'] = 1 / 0", 10, lesson),
        cell("print(items)\nimport a_module_no_one_has", 20, lesson),
        cell("print(items)\nundefined_here + 1", 30, lesson),
        cell("items['a'] + 1", 40, lesson),
    ], lesson=lesson)})
    report = verify_course(Course.open(tmp_path), paths=[tmp_path / "build" / "notebooks"],
                           device="cpu", jobs=1)
    causes = [(c.verdict, c.cause) for c in report.notebooks[0].cells]
    assert causes == [
        (Verdict.UNEXPECTED_ERROR, None),
        (Verdict.NEEDS_PACKAGES, None),  # a missing module: a need of its own
        (Verdict.UNEXPECTED_ERROR, None),  # a name no earlier cell left undefined
        (Verdict.NOT_REACHED, 1),     # the clean counterpart: the value left empty
    ]


def test_a_file_a_failed_cell_names_is_missing_because_of_it() -> None:
    tracker = CascadeTracker()
    tracker.record(2, 'import missing\nwith open("data/numbers.txt", "w") as handle:\n'
                      '    handle.write("1 2 3")', failed=True, cause=None)
    later = CellRun(RunStatus.ERROR, ename="FileNotFoundError",
                    evalue="[Errno 2] No such file or directory: 'numbers.txt'")
    found = tracker.explain(later, 'with open("numbers.txt") as handle:\n    handle.read()')
    assert found is not None and (found.index, found.how) == (2, "did not write `numbers.txt`")
    other = CellRun(RunStatus.ERROR, ename="FileNotFoundError",
                    evalue="[Errno 2] No such file or directory: 'other.txt'")
    assert tracker.explain(other, 'open("other.txt")') is None


def test_a_value_the_cell_binds_again_before_reading_it_is_not_left_half_built() -> None:
    tracker = CascadeTracker()
    tracker.record(1, 'scores = {"a": 1}\nmissing_fn()', failed=True, cause=None)
    later = CellRun(RunStatus.ERROR, ename="KeyError", evalue="'b'")
    assert tracker.explain(later, 'scores = {}\nscores["b"]') is None
    found = tracker.explain(later, 'scores["b"]')
    assert found is not None and (found.index, found.how) == (1, "left `scores` half-built")
    assert _cause(tracker, later) is None  # no code given: nothing read
    assert tracker.explain(later, "scores = scores | {}\nscores['b']") is not None


@pytest.mark.parametrize("cells", [
    ["!wget https://example.com/archive.zip\n!unzip -q archive.zip"],
    ["!wget https://example.com/archive.zip", "!unzip -q archive.zip -d archive"],
])
def test_a_file_unpacked_from_an_archive_no_cell_downloaded_is_missing_because_of_it(
        cells: list[str]) -> None:
    tracker = CascadeTracker()
    for index, code in enumerate(cells, start=1):
        tracker.record(index, code, failed=index == 1, cause=None)
    later = CellRun(RunStatus.ERROR, ename="FileNotFoundError",
                    evalue="[Errno 2] No such file or directory: 'archive/readme.txt'")
    found = tracker.explain(later, 'open("archive/readme.txt")')
    assert found is not None and found.index == 1 and "`archive.zip`" in found.how
    absolute = CellRun(RunStatus.ERROR, ename="FileNotFoundError",
                       evalue="[Errno 2] No such file or directory: '/etc/none.txt'")
    assert tracker.explain(absolute, 'open("/etc/none.txt")') is None


def test_an_archive_downloaded_and_unpacked_explains_no_missing_file() -> None:
    tracker = CascadeTracker()
    tracker.record(1, "!wget https://example.com/archive.zip\n!unzip archive.zip",
                   failed=False, cause=None)
    later = CellRun(RunStatus.ERROR, ename="FileNotFoundError",
                    evalue="[Errno 2] No such file or directory: 'archive/readme.txt'")
    assert tracker.explain(later, 'open("archive/readme.txt")') is None


@pytest.mark.parametrize("failed", [
    "import torch\nmodel = build_model()",
    "torch.manual_seed(0)\nmodel = build_model()",
])
def test_a_module_a_failed_cell_imported_or_called_is_not_left_half_built(
        failed: str) -> None:
    tracker = CascadeTracker()
    tracker.record(1, "import torch", failed=False, cause=None)
    tracker.record(2, failed, failed=True, cause=None)
    later = CellRun(RunStatus.ERROR, ename="RuntimeError",
                    evalue="mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)")
    assert tracker.explain(later, "torch.ones(2, 3) @ torch.ones(2, 3)") is None
    tracker.record(3, "model = torch.nn.Linear(3, 2)\nmodel.train()\nbroken()", failed=True,
                   cause=None)
    found = tracker.explain(later, "model(torch.ones(2, 3))")
    assert found is not None and found.how == "left `model` half-built"


def test_a_value_built_from_a_half_built_one_is_half_built_too() -> None:
    tracker = CascadeTracker()
    tracker.record(1, "from absent import enrich", failed=True, cause=None)
    tracker.record(2, "rows = [enrich(r) for r in rows]", failed=True, cause=1)
    tracker.record(3, "rows = rows[:1]\nsize = len(rows)", failed=False, cause=None)
    later = CellRun(RunStatus.ERROR, ename="KeyError", evalue="'b'")
    found = tracker.explain(later, 'rows[0]["b"]')
    assert found is not None and (found.index, found.how) == (1, "left `rows` half-built")
    # The clean counterparts: a value built afresh, and one the cell rebinds before reading.
    tracker.record(4, 'rows = [{"a": 1}]\nrows = rows[:1]', failed=False, cause=None)
    assert tracker.explain(later, 'rows[0]["b"]') is None


@pytest.mark.kernel
def test_a_value_split_from_one_a_failed_cell_left_is_not_reached(tmp_path: Path) -> None:
    lesson = "content/en/chapter2/3.mdx"
    write_course(tmp_path, {"en/chapter2/3.ipynb": make_notebook([
        cell('rows = [{"a": 1}, {"a": 2}]', 10, lesson),
        cell("from a_module_no_one_has import enrich", 20, lesson),
        cell("rows = [enrich(r) for r in rows]", 30, lesson),
        cell("rows = rows[:1]", 40, lesson),
        cell('rows[0]["b"]', 50, lesson),
        cell('rows = [{"a": 1}]', 60, lesson),
        cell('rows[0]["b"]', 70, lesson),
    ], lesson=lesson)})
    report = verify_course(Course.open(tmp_path), paths=[tmp_path / "build" / "notebooks"],
                           device="cpu", jobs=1, use_cache=False)
    causes = [(c.verdict, c.cause) for c in report.notebooks[0].cells]
    assert causes == [
        (Verdict.OK, None), (Verdict.NEEDS_PACKAGES, None), (Verdict.NOT_REACHED, 2),
        (Verdict.OK, None), (Verdict.NOT_REACHED, 2),  # the key enrich() would have added
        (Verdict.OK, None), (Verdict.UNEXPECTED_ERROR, None),  # built afresh: its own error
    ], causes
