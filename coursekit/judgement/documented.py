"""What the built notebooks document: the scenarios of lessons checked but not run, and
the documented errors the scenarios of a stored verification report open with.

A lesson converts to its notebooks as the build converts it; every code cell that
documents an error opens a scenario, whose fix is the code cells after it up to the
next documented error (as ``verify`` proves them). ``check`` shows these, with the
status ``documented``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coursekit.config import LESSON_SUFFIXES
from coursekit.judgement.model import (
    CellResult,
    NotebookJudgement,
    NotebookStatus,
    Scenario,
    Verdict,
)
from coursekit.notebooks.metadata import NAMESPACE, cell_source

if TYPE_CHECKING:
    from coursekit.corpus import Corpus
    from coursekit.lessons.model import Lesson


def _errors(cell: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The ``expect_errors`` entries of a built notebook cell."""
    info = cell.get("metadata", {}).get(NAMESPACE)
    found = info.get("expect_errors") if isinstance(info, Mapping) else None
    return [e for e in found or () if isinstance(e, Mapping)]


def describe(errors: Iterable[Mapping[str, Any]]) -> str:
    """``Name: message (on cuda) / Name: message``: every error a cell documents."""
    return " / ".join(
        f"{e.get('name', '')}: {e.get('message', '')}".rstrip(": ")
        + (f" (on {e['device']})" if e.get("device") else "")
        for e in errors
    )


def lesson_notebook(lesson: Lesson, framework: str, path: str,
                    document: Mapping[str, Any]) -> NotebookJudgement:
    """One notebook of a lesson, documented and not run."""
    cells: list[CellResult] = []
    opened: list[tuple[int, list[int]]] = []
    for index, cell in enumerate(document.get("cells", [])):
        info = cell.get("metadata", {}).get(NAMESPACE)
        if cell.get("cell_type") != "code" or not isinstance(info, dict):
            continue
        source = cell_source(lesson.path, info)
        if source is None:
            continue
        errors = _errors(cell)
        cells.append(CellResult(index=index, source=source, verdict=Verdict.DOCUMENTED,
                                expected=describe(errors)))
        if errors:
            opened.append((index, []))
        elif opened:
            opened[-1][1].append(index)
    return NotebookJudgement(
        notebook=path, lesson=lesson.path, language=lesson.language, framework=framework,
        status=NotebookStatus.DOCUMENTED, verdict=NotebookStatus.DOCUMENTED.value,
        severity=None, cells=tuple(cells),
        scenarios=tuple(Scenario(error, tuple(fixes), proven=False, judged=False)
                        for error, fixes in opened),
    )


def documented_notebooks(corpus: Corpus, paths: Iterable[str]) -> list[NotebookJudgement]:
    """The notebooks of the lessons among ``paths`` (relative to the course root), from
    the lessons the run loaded into ``corpus``: documented, not run."""
    from coursekit.notebooks.convert import convert_lesson

    course = corpus.course
    found: list[NotebookJudgement] = []
    for relative in paths:
        file = course.root / relative
        if not relative.endswith(LESSON_SUFFIXES) or not file.is_file():
            continue
        lesson = corpus.lesson(file)
        for framework, path, document in convert_lesson(lesson, course, source_hash="").notebooks:
            found.append(lesson_notebook(lesson, framework.value, path, document))
    return found


def with_built_errors(notebooks: Sequence[NotebookJudgement],
                      folders: Sequence[Path]) -> list[NotebookJudgement]:
    """The judgements with each cell's documented errors (``expected``), read from the
    built notebooks under ``folders``; a notebook not found is left as it is.

    A verification's own judgement carries them (its plan knows each cell's errors);
    a stored JSON report does not, as ``verify --format json`` never wrote them, so the
    page of merged reports reads them here."""
    return [nb.with_expected(_built_errors(nb.notebook, folders)) for nb in notebooks]


def _built_errors(notebook: str, folders: Sequence[Path]) -> dict[int, str]:
    path = next((f / notebook for f in folders if (f / notebook).is_file()), None)
    if path is None:
        return {}
    try:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        return {index: describe(_errors(cell)) for index, cell in enumerate(cells)}
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError, AttributeError):
        return {}
