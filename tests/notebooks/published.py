"""A folder of 'published' notebooks made from a build, the way a course's own
generator names them (``chapter3/section4_pt.ipynb``), with differences planted on
request: what the fidelity report must count."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any


@dataclass(frozen=True, slots=True)
class Plants:
    edited_cell: bool = False
    """Change the source of the first code cell of the first notebook."""
    added_output: bool = False
    """Give an output to the first code cell without one, in the second notebook."""
    extra_cell: bool = False
    """Add a code cell the build does not have to the first notebook."""
    missing: bool = False
    """Leave out the last notebook."""
    extra_notebook: bool = False
    """Add a notebook of a section the course does not build."""


def published_name(relative: PurePosixPath, framework: str) -> PurePosixPath:
    """``en/chapter3/4_pt.ipynb`` (or a split ``4.ipynb`` of PyTorch) as the course
    publishes it: ``en/chapter3/section4_pt.ipynb``; ``chapter1/quiz.ipynb`` keeps its name."""
    stem = relative.stem.removesuffix("_pt").removesuffix("_tf")
    suffix = f"_{framework}" if framework in ("pt", "tf") else ""
    prefix = "section" if stem.isdigit() else ""  # a section named by a word keeps its name
    return relative.with_name(f"{prefix}{stem}{suffix}.ipynb")


def _code(document: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in document["cells"] if c["cell_type"] == "code"]


@dataclass(frozen=True, slots=True)
class Planted:
    written: list[str]
    """Built paths of the notebooks written."""
    edited_had_output: bool = False


def write_published(built: Path, out: Path, plants: Plants = Plants()) -> Planted:
    """Write the published folder; say what was written and planted."""
    paths = sorted(PurePosixPath(p.relative_to(built).as_posix()) for p in built.rglob("*.ipynb"))
    if plants.missing:
        paths = paths[:-1]
    edited_had_output = False
    for index, relative in enumerate(paths):
        document = json.loads((built / relative).read_bytes())
        framework = document["metadata"].pop("coursekit")["framework"]
        for cell in document["cells"]:
            cell["metadata"].pop("coursekit", None)
        code = _code(document)
        if index == 0 and plants.edited_cell:
            code[0]["source"] = "# edited by hand\n" + "".join(code[0]["source"])
            edited_had_output = bool(code[0]["outputs"])
        if index == 0 and plants.extra_cell:
            document["cells"].append({"cell_type": "code", "execution_count": None, "id": "x1",
                                      "metadata": {}, "outputs": [], "source": "print('extra')"})
        if index == 1 and plants.added_output:
            quiet = next(c for c in code if not c["outputs"])
            quiet["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "42\n"}]
        target = out / published_name(relative, framework)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(document, indent=1), encoding="utf-8")
    if plants.extra_notebook:
        extra = out / "en" / "chapter9" / "section1.ipynb"
        extra.parent.mkdir(parents=True, exist_ok=True)
        extra.write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4,
                                     "nbformat_minor": 5}), encoding="utf-8")
    return Planted([str(p) for p in paths], edited_had_output)
