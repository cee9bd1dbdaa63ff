"""Notebooks do not change each other through the stand-in set: what one writes under
its ``HF_HOME`` (an accelerate configuration, from Python or from a ``!`` command) is
not there for the next notebook nor the next run, in kernels forked from a zygote that
imported accelerate and in kernels started alone, and the set is left as it was."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import nbformat
import pytest

from coursekit.config import Course
from coursekit.execution.verify import verify_course
from coursekit.lessons.model import Framework
from coursekit.standins import prepare

from ..kernel_skip import kernel_or_skip
from .conftest import cell, notebook

pytestmark = [pytest.mark.kernel, pytest.mark.torch]


@pytest.fixture(autouse=True)
def _pt_kernel() -> None:
    """Each test runs notebooks in the PyTorch lesson kernel: skipped, saying how to
    install it, where it is missing (the run on the newest other Python has none)."""
    kernel_or_skip("pt")

WRITE = "from accelerate.utils import write_basic_config\nprint(write_basic_config())"
PARENT = (f"import os, sys\nprint(os.getppid() == {os.getpid()},"
          " 'accelerate.commands.config.default' in sys.modules)")
"""Whether coursekit started the kernel (``False`` when it was forked from the zygote),
and whether accelerate's configuration paths were imported ahead (by the zygote, in a
forked kernel: with the stand-in set's ``HF_HOME``)."""


def _course(root: Path, *, fork: bool) -> Course:
    root.mkdir()
    (root / "coursekit.toml").write_text(
        f'source-language = "en"\n\n[verify]\nfork-kernels = {str(fork).lower()}\n',
        encoding="utf-8")
    notebooks = {
        "1": [cell(PARENT, 5), cell("!accelerate config default", 10), cell(WRITE, 20)],
        "2": [cell(PARENT, 5), cell(WRITE, 10), cell("!accelerate config default", 20)],
    }
    for stem, cells in notebooks.items():
        lesson = f"content/en/chapter1/{stem}.mdx"
        node = notebook([cell(c.source, i * 10 + 5, lesson) for i, c in enumerate(cells)],
                        lesson=lesson)
        node.metadata["kernelspec"] = {"name": "coursekit-pt", "display_name": "PyTorch",
                                       "language": "python"}
        path = root / "build" / "notebooks" / "en" / "chapter1" / f"{stem}.ipynb"
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(node, path)
    return Course.open(root)


def _printed(course: Course) -> dict[str, list[str]]:
    """What each cell of each notebook printed, by notebook file name."""
    report = verify_course(course, device="cpu", jobs=1, use_cache=False)
    printed = {}
    for result in report.notebooks:
        assert result.executed is not None
        node: Any = nbformat.read(course.root / result.executed, as_version=4)
        printed[Path(result.notebook).name] = [
            "".join(str(o.get("text", "")) for o in c.outputs) for c in node.cells
            if c.cell_type == "code"]
    return printed


def _set_state(course: Course) -> list[tuple[str, int, int]]:
    standins = prepare(course, Framework("pt")).hf_home
    return sorted((str(p.relative_to(standins)), p.lstat().st_size, p.lstat().st_mtime_ns)
                  for p in standins.rglob("*"))


@pytest.mark.parametrize("fork", [True, False], ids=["forked", "started"])
def test_what_a_notebook_writes_under_hf_home_no_other_notebook_sees(
    tmp_path: Path, fork: bool,
) -> None:
    course = _course(tmp_path / "course", fork=fork)
    before = _set_state(course)
    first = _printed(course)
    for name, (parent, *writes) in first.items():
        assert parent.split() == [str(not fork), "True"], name
        # The first write of each notebook is to a home where no configuration is ...
        assert "already exists" not in writes[0], (name, writes)
        assert "default_config.yaml" in writes[0]
        # ... and the notebook's own second write finds the one it wrote.
        assert "already exists" in writes[1], (name, writes)
    # A second run prints the same, and the stand-in set is as it was.
    assert _shape(_printed(course)) == _shape(first)
    assert _set_state(course) == before


def _shape(printed: dict[str, list[str]]) -> dict[str, list[str]]:
    """What was printed, but for the name of each kernel's own folder."""
    return {name: [" ".join(w for w in text.split() if "coursekit-hf-" not in w)
                   for text in texts] for name, texts in printed.items()}


@pytest.mark.parametrize("fork", [True, False], ids=["forked", "started"])
def test_the_users_cache_folders_are_not_the_kernels(
    tmp_path: Path, fork: bool, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A user's ``HF_DATASETS_CACHE`` or ``HF_HUB_CACHE`` would take the libraries out of
    the stand-ins (a stand-in dataset not found, the user's own models found instead) and
    send what the lesson writes into the user's caches."""
    user = {name: tmp_path / "user" / name for name in ("HF_DATASETS_CACHE", "HF_HUB_CACHE")}
    for name, folder in user.items():
        folder.mkdir(parents=True)
        monkeypatch.setenv(name, str(folder))
    root = tmp_path / "course"
    root.mkdir()
    (root / "coursekit.toml").write_text(
        f'source-language = "en"\n\n[verify]\nfork-kernels = {str(fork).lower()}\n',
        encoding="utf-8")
    lesson = "content/en/chapter1/1.mdx"
    code = ("import os\nimport datasets\nimport huggingface_hub\n"
            "print(datasets.config.HF_DATASETS_CACHE, huggingface_hub.constants.HF_HUB_CACHE,"
            " os.environ.get('HF_DATASETS_CACHE'))")
    node = notebook([cell(code, 10, lesson)], lesson=lesson)
    node.metadata["kernelspec"] = {"name": "coursekit-pt", "display_name": "PyTorch",
                                   "language": "python"}
    path = root / "build" / "notebooks" / "en" / "chapter1" / "1.ipynb"
    path.parent.mkdir(parents=True)
    nbformat.write(node, path)
    datasets_cache, hub_cache, variable = _printed(Course.open(root))["1.ipynb"][0].split()
    assert "coursekit-hf-" in datasets_cache and variable == "None"
    assert str(tmp_path) not in hub_cache
    assert not [p for folder in user.values() for p in folder.iterdir()]
