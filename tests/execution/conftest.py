"""Hand-built notebooks with the builder's metadata, in a throwaway course that runs
them on the venv's own ``python3`` kernel."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest

from coursekit.config import Course
from coursekit.notebooks.metadata import ExpectedError

COURSE_TOML = """\
source-language = "en"
kernels = { pt = "python3", tf = "python3" }

[verify]
timeout = 20
"""


def expect(name: str, message: str = "", device: str | None = None) -> ExpectedError:
    return {"name": name, "message": message, "device": device, "origin": "output", "line": 1}


def cell(code: str, line: int, lesson: str = "content/en/chapter1/1.mdx", *,
         errors: list[ExpectedError] | None = None, skip: str | None = None,
         timeout: float | None = None, outputs: list[str] | None = None) -> Any:
    node = nbformat.v4.new_code_cell(code)
    node.metadata["coursekit"] = {
        "source": f"{lesson}:{line}",
        "expect_errors": errors or [],
        "skip": skip,
        "timeout": timeout,
        "outputs": [{"kind": "result", "text": t, "line": line + 3} for t in outputs or []],
    }
    return node


def notebook(cells: list[Any], *, lesson: str = "content/en/chapter1/1.mdx",
             language: str = "en", framework: str = "pt") -> Any:
    title = nbformat.v4.new_markdown_cell("# Title")
    node = nbformat.v4.new_notebook(cells=[title, *cells])
    node.metadata["coursekit"] = {
        "lesson": lesson, "language": language, "framework": framework, "chapter": 1,
        "section": Path(lesson).stem, "title": "Title", "source_hash": "",
    }
    node.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                   "language": "python"}
    return node


def write_course(root: Path, notebooks: dict[str, Any]) -> Course:
    """A course at ``root`` with ``notebooks`` under ``build/notebooks`` (keyed by path)."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "coursekit.toml").write_text(COURSE_TOML, encoding="utf-8")
    for relpath, node in notebooks.items():
        path = root / "build" / "notebooks" / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(node, path)
    return Course.open(root)


def verify_in_pt_kernel(root: Path, cells: list[Any], lesson: str,
                        scanned: str = "") -> list[Any]:
    """Verify one notebook of ``cells`` in the PyTorch lesson kernel, in a course at
    ``root`` whose lesson holds ``scanned`` as code (what the stand-ins are built for),
    and give its cell results."""
    from coursekit.execution.verify import verify_course

    root.mkdir(parents=True)
    (root / "coursekit.toml").write_text('source-language = "en"\n', encoding="utf-8")
    if scanned:
        (root / lesson).parent.mkdir(parents=True)
        (root / lesson).write_text(f"# Lesson\n\n```py\n{scanned}\n```\n", encoding="utf-8")
    node = notebook(cells, lesson=lesson)
    node.metadata["kernelspec"] = {"name": "coursekit-pt", "display_name": "PyTorch",
                                   "language": "python"}
    path = root / "build" / "notebooks" / Path(lesson).relative_to("content").with_suffix(
        ".ipynb")
    path.parent.mkdir(parents=True)
    nbformat.write(node, path)
    report = verify_course(Course.open(root), paths=[path], device="cpu", jobs=1)
    return list(report.notebooks[0].cells)


@pytest.fixture
def tmp_course(tmp_path: Path) -> Path:
    return tmp_path


def small_set_verify(tmp_path: Path, root: Path, *options: str) -> list[str]:
    """The command line of ``coursekit verify --root root *options`` in a fresh
    interpreter whose kernels get a small stand-in set of their own (under ``tmp_path``)
    instead of the course's, whatever their code loads: for tests of what a run leaves in
    its temporary folder."""
    standins = tmp_path / "standins"
    (standins / "hub").mkdir(parents=True, exist_ok=True)
    (standins / "hub" / "version.txt").write_text("1")
    script = (
        "import sys\n"
        "import coursekit.execution.run.jobs as jobs, coursekit.execution.run.profiles as p\n"
        "jobs.prepare_standins = lambda *a, **k: (p.Standins(env=(('HF_HOME', "
        f"{str(standins)!r}),), hash='small'), None)\n"
        "jobs.may_use_hub = lambda cells: True\n"  # notebooks that load nothing get them too
        "from coursekit.cli import main\nsys.exit(main(sys.argv[1:]))")
    return [sys.executable, "-c", script, "verify", "--root", str(root), *options]
