"""What a learner gets from the notebooks of a course, class by class, counted on a
folder of built notebooks (made by this coursekit or by an earlier one).

    .venv/bin/python bench/notebook_classes.py --root ../shared/corpora/audio-course \\
        --notebooks build/notebooks
    .venv/bin/python bench/notebook_classes.py --root . --build   # build twice, then count

Counted, for the notebooks the folder holds:

- shared outputs: output fences after a framework block that the lesson model gives
  to both branches, and how many notebook cells show them;
- explanations: output fences the model reads as explanation (``LES125``) that a
  notebook still shows as a cell's output; error outputs with a stray triple-quote line;
- quiz pages: notebooks made from a quiz page;
- what a learner sees: framework notebooks whose title names the framework, first
  cells showing a repository path, notebooks with Colab metadata, and the share of
  the bytes that coursekit's own cell metadata takes;
- install cells: the names they install;
- with ``--build``: notebooks that fail ``nbformat`` validation, that do not carry
  the ``python3`` kernelspec, or whose bytes differ between two builds.

The lesson model used to classify is this coursekit's, so two folders built by two
versions are counted the same way.
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import nbformat

from coursekit.config import Course
from coursekit.lessons import rules as lesson_rules
from coursekit.lessons.load import load_lesson
from coursekit.lessons.model import Code, Lesson, Output
from coursekit.notebooks.build import build_course
from coursekit.notebooks.quiz import is_quiz_page
from coursekit.notebooks.serialize import dumps

_FRAMEWORK_TITLES = {"pt": "(PyTorch)", "tf": "(TensorFlow)"}
_QUOTE_LINE = re.compile(r"^\s*(\"\"\"|''')\s*$", re.MULTILINE)
_INSTALL = re.compile(r"^!\s*(?:python3?\s+-m\s+)?pip3?\s+install\s+(?P<args>.+)$", re.MULTILINE)


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value or "")


def _output_texts(cell: dict[str, Any]) -> list[str]:
    texts = []
    for output in cell.get("outputs", []):
        if "text" in output:
            texts.append(_text(output["text"]))
        elif "data" in output:
            texts.append(_text(output["data"].get("text/plain", "")))
        elif output.get("output_type") == "error":
            texts.append("\n".join(output.get("traceback", [])))
    return texts


def _shows(notebook: dict[str, Any], text: str) -> int:
    """How many code cells of ``notebook`` show ``text`` as (part of) an output."""
    wanted = text.strip()
    return sum(
        any(wanted and wanted == shown.strip() for shown in _output_texts(cell))
        for cell in notebook["cells"] if cell["cell_type"] == "code"
    )


def _cell_metadata_bytes(notebook: dict[str, Any]) -> int:
    bare = copy.deepcopy(notebook)
    for cell in bare["cells"]:
        cell.get("metadata", {}).pop("coursekit", None)
    return len(dumps(notebook).encode()) - len(dumps(bare).encode())


def _install_names(notebook: dict[str, Any]) -> list[str]:
    names = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        for match in _INSTALL.finditer(_text(cell["source"])):
            names.extend(a for a in match["args"].split() if not a.startswith("-"))
    return names


def _lessons(course: Course, notebooks: list[dict[str, Any]]) -> dict[str, Lesson]:
    paths = {nb["metadata"].get("coursekit", {}).get("lesson") for nb in notebooks}
    return {p: load_lesson(course, course.root / p) for p in sorted(filter(None, paths))}


def count(course: Course, folder: Path) -> Counter[str]:
    """The counts of every class for the notebooks under ``folder``."""
    found: Counter[str] = Counter(dict.fromkeys([
        "shared outputs", "shared outputs shown in cells", "explanations",
        "explanations shown as outputs", "notebooks of quiz pages"], 0))
    notebooks = [json.loads(p.read_bytes()) for p in sorted(folder.rglob("*.ipynb"))]
    lessons = _lessons(course, notebooks)
    by_lesson: dict[str, list[dict[str, Any]]] = {}
    for notebook in notebooks:
        lesson = notebook["metadata"].get("coursekit", {}).get("lesson", "")
        by_lesson.setdefault(lesson, []).append(notebook)
    found["notebooks"] = len(notebooks)
    for path, lesson in lessons.items():
        owners: Counter[int] = Counter(
            o.line for b in lesson.blocks if isinstance(b, Code) for o in b.outputs)
        explanations = {d.line for d in lesson.diagnostics
                        if d.rule == lesson_rules.EXPLANATION_OUTPUT.code}
        built = by_lesson.get(path, [])
        for block in lesson.blocks:
            if not isinstance(block, Output):
                continue
            if owners[block.line] >= 2:
                found["shared outputs"] += 1
                found["shared outputs shown in cells"] += sum(
                    _shows(nb, block.text) for nb in built)
            if block.line in explanations:
                found["explanations"] += 1
                found["explanations shown as outputs"] += sum(
                    _shows(nb, block.text) for nb in built)
        if is_quiz_page(lesson):
            found["notebooks of quiz pages"] += len(built)
    total_bytes = meta_bytes = 0
    for notebook in notebooks:
        meta = notebook["metadata"].get("coursekit", {})
        first = _text(notebook["cells"][0]["source"]) if notebook["cells"] else ""
        title = first.splitlines()[0] if first else ""
        if meta.get("framework") in _FRAMEWORK_TITLES:
            found["framework notebooks"] += 1
            found["framework notebooks titled so"] += title.endswith(
                _FRAMEWORK_TITLES[meta["framework"]])
        found["first cells with a repository path"] += "Source: `" in first
        found["notebooks with Colab metadata"] += "colab" in notebook["metadata"]
        found["stray quotes in error outputs"] += sum(
            bool(_QUOTE_LINE.search("\n".join([o.get("evalue", ""), *o.get("traceback", [])])))
            for cell in notebook["cells"] for o in cell.get("outputs", [])
            if o.get("output_type") == "error")
        names = _install_names(notebook)
        found["install names"] += len(names)
        total_bytes += len(dumps(notebook).encode())
        meta_bytes += _cell_metadata_bytes(notebook)
    found["cell metadata per mille of bytes"] = round(1000 * meta_bytes / max(1, total_bytes))
    return found


def build_twice(course: Course, tmp: Path) -> tuple[Path, Counter[str]]:
    """Build twice into two folders; count invalid, non-python3 and unstable notebooks."""
    checks: Counter[str] = Counter(dict.fromkeys(
        ["invalid notebooks", "kernelspec not python3", "built twice, bytes differ"], 0))
    first, second = tmp / "first", tmp / "second"
    build_course(course, out=first)
    build_course(course, out=second)
    for path in sorted((first / "notebooks").rglob("*.ipynb")):
        data = path.read_bytes()
        twin = second / "notebooks" / path.relative_to(first / "notebooks")
        checks["built twice, bytes differ"] += not twin.is_file() or twin.read_bytes() != data
        node = nbformat.reads(data.decode(), as_version=4)  # type: ignore[no-untyped-call]
        try:
            nbformat.validate(node)  # type: ignore[no-untyped-call]
        except nbformat.ValidationError:
            checks["invalid notebooks"] += 1
        checks["kernelspec not python3"] += node.metadata["kernelspec"]["name"] != "python3"
    return first / "notebooks", checks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path("."))
    parser.add_argument("--notebooks", type=Path, help="a folder of built notebooks")
    parser.add_argument("--build", action="store_true", help="build twice here, then count")
    args = parser.parse_args()
    course = Course.open(args.root)
    with tempfile.TemporaryDirectory(prefix="coursekit-classes-") as tmp:
        checks: Counter[str] = Counter()
        folder = args.notebooks
        if args.build:
            folder, checks = build_twice(course, Path(tmp))
        if folder is None:
            parser.error("give --notebooks DIR or --build")
        found = count(course, folder)
    for name, value in [*found.items(), *checks.items()]:
        print(f"{name:40} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
