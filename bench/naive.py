"""The baseline a course without coursekit would use: a line scanner that copies
Python fences into notebooks with nbformat, the way hand-made course scripts do.

It knows nothing of framework blocks, outputs, errors or directives; it is only the
floor that a real build is measured against.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat import v4

_PYTHON_INFOS = {"py", "python", "py no-format", "python no-format"}


def python_fences(text: str) -> list[str]:
    """The bodies of the Python fences of ``text``, in order."""
    fences: list[str] = []
    body: list[str] | None = None
    keep = False
    for line in text.splitlines():
        stripped = line.strip()
        if body is None:
            if stripped.startswith("```"):
                body, keep = [], stripped[3:].strip() in _PYTHON_INFOS
        elif stripped.startswith("```"):
            if keep:
                fences.append("\n".join(body))
            body = None
        else:
            body.append(line)
    return fences


def build(content: Path, out: Path) -> int:
    """Write one notebook per lesson with Python code; return how many were written."""
    written = 0
    for lesson in sorted(content.rglob("*.mdx")):
        fences = python_fences(lesson.read_text(encoding="utf-8"))
        if not fences:
            continue
        cells = [v4.new_code_cell(source) for source in fences]  # type: ignore[no-untyped-call]
        notebook = v4.new_notebook(cells=cells)  # type: ignore[no-untyped-call]
        target = out / lesson.relative_to(content).with_suffix(".ipynb")
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(notebook, target)  # type: ignore[no-untyped-call]
        written += 1
    return written
