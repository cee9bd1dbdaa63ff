"""A small generated course of built notebooks that run on the environment's ``python3``
kernel in well under a second each: clean cells, a documented error with its fix, and
in two lessons an error the lesson does not document."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat

COURSE_TOML = """\
source-language = "en"
kernels = { pt = "python3", tf = "python3" }

[verify]
timeout = 60
"""
LANGUAGES = ("en", "fr")
COMMENTS = {"en": "the values", "fr": "les valeurs"}


def _cell(code: str, lesson: str, line: int, errors: list[dict[str, Any]] | None = None) -> Any:
    node = nbformat.v4.new_code_cell(code)
    node.metadata["coursekit"] = {"source": f"{lesson}:{line}", "expect_errors": errors or [],
                                  "skip": None, "timeout": None, "outputs": []}
    return node


def _cells(n: int, lang: str, lesson: str) -> list[Any]:
    zero = [{"name": "ZeroDivisionError", "message": "division by zero", "device": None,
             "origin": "output", "line": 25}]
    cells = [
        _cell(f"values = list(range({n * 10}))  # {COMMENTS[lang]}", lesson, 10),
        _cell("mean = sum(values) / 0", lesson, 20, zero),
        _cell("mean = sum(values) / len(values)\nprint(mean)", lesson, 30),
    ]
    if n in (2, 4):
        cells.append(_cell("values.push(1)", lesson, 40))
    return cells


def generate(root: Path, lessons: int = 6) -> Path:
    """Write the course under ``root`` (the same course for the same arguments)."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "coursekit.toml").write_text(COURSE_TOML, encoding="utf-8")
    for lang in LANGUAGES:
        for n in range(1, lessons + 1):
            lesson = f"content/{lang}/chapter1/{n}.mdx"
            title = nbformat.v4.new_markdown_cell(f"# Lesson {n}")
            node = nbformat.v4.new_notebook(
                cells=[title, *_cells(n, lang, lesson)])
            node.metadata["coursekit"] = {
                "lesson": lesson, "language": lang, "framework": "pt", "chapter": 1,
                "section": str(n), "title": f"Lesson {n}", "source_hash": "",
            }
            node.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                           "language": "python"}
            path = root / "build" / "notebooks" / lang / "chapter1" / f"{n}.ipynb"
            path.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(node, path)
    return root
