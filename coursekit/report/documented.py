"""The scenarios lessons document, without running them: for the HTML page of ``check``.

Each lesson is converted to its notebooks as the build would; every code cell that
documents an error opens a scenario, whose fix is the code cells after it up to the
next documented error (as ``verify`` proves them). The result has the shape of the
notebooks of ``verify --format json``, with the status ``documented``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from coursekit.config import Course
from coursekit.notebooks.metadata import cell_source

LESSON_SUFFIXES = (".mdx", ".md")


def _expected(errors: list[dict[str, Any]]) -> str:
    return " / ".join(
        f"{e.get('name', '')}: {e.get('message', '')}".rstrip(": ")
        + (f" (on {e['device']})" if e.get("device") else "")
        for e in errors
    )


def _notebook(path: str, lesson: Any, framework: str, document: dict[str, Any]) -> dict[str, Any]:
    cells: list[dict[str, Any]] = []
    scenarios: list[dict[str, Any]] = []
    for index, cell in enumerate(document.get("cells", [])):
        info = cell.get("metadata", {}).get("coursekit")
        if cell.get("cell_type") != "code" or not isinstance(info, dict):
            continue
        source = cell_source(lesson.path, info)
        if source is None:
            continue
        errors = [e for e in info.get("expect_errors") or [] if isinstance(e, dict)]
        cells.append({"index": index, "source": source, "verdict": "documented",
                      "expected": _expected(errors)})
        if errors:
            scenarios.append({"error_cell": index, "fix_cells": [], "proven": None})
        elif scenarios:
            scenarios[-1]["fix_cells"].append(index)
    return {"notebook": path, "lesson": lesson.path, "language": lesson.language,
            "framework": framework, "status": "documented", "cells": cells,
            "scenarios": scenarios}


def documented_notebooks(course: Course, paths: Iterable[str]) -> list[dict[str, Any]]:
    """The notebooks of the lessons among ``paths`` (relative to the course root)."""
    from coursekit.lessons.load import load_lesson
    from coursekit.notebooks.convert import convert_lesson

    found: list[dict[str, Any]] = []
    for relative in paths:
        file = course.root / relative
        if not relative.endswith(LESSON_SUFFIXES) or not file.is_file():
            continue
        lesson = load_lesson(course, file)
        for framework, path, document in convert_lesson(lesson, course, source_hash="").notebooks:
            found.append(_notebook(path, lesson, framework.value, document))
    return found
