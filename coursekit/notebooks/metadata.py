"""The ``coursekit`` metadata that built notebooks carry, read back by ``verify``.

Notebook level, ``nb.metadata["coursekit"]``::

    {"lesson": "content/en/chapter8/4.mdx", "language": "en", "framework": "pt",
     "chapter": 8, "section": "4", "title": "...", "source_hash": "<sha256 of the .mdx>",
     "environment": "pt"}

and ``"option": "smolagents"`` in a notebook for one option of the lesson's tabs
(:mod:`coursekit.notebooks.options`).

The notebook's kernelspec is the standard ``python3`` (configurable), so that a
published notebook opens anywhere; ``verify`` chooses the lesson kernel from
``environment`` (or ``framework``) instead.

Cell level, ``cell.metadata["coursekit"]`` on every code cell made from a lesson
code block (the computed install cell and the title cell have none; a lesson's own
``pip install`` fence carries ``skip`` and the ``INSTALL_TAG``)::

    {"line": 120,                                # line of the opening fence in the lesson
     "expect_errors": [ExpectedError, ...],       # when the cell should raise
     "skip": "reason",
     "timeout": seconds,
     "outputs": [120, 131]}                       # lines of the documented outputs

The lesson file is the notebook's ``lesson``; the older form named it in every cell,
``"source": "content/en/chapter8/4.mdx:120"``, which :func:`cell_source` still reads.
Only ``line`` is always there: a key at its default (no error, no skip, no time
limit, no output) is left out, so that a learner's notebook is mostly the lesson.
The documented (non-error) outputs are the cell's own outputs as built, so the
metadata gives only the lesson line of each, in order; ``verify`` reads their text
back from the cell (see :func:`documented_outputs`), and still reads the older
form, ``[{"kind": "result", "text": ..., "line": ...}]``.

A cell with an ``expect_errors`` entry that applies to every device also has the
standard ``raises-exception`` tag.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NotRequired, TypedDict

NAMESPACE = "coursekit"
RAISES_TAG = "raises-exception"


class ExpectedError(TypedDict):
    name: str
    """Exception name as documented, qualified or not."""
    message: str
    """Message as documented (matching normalises it)."""
    device: str | None
    """``cpu`` or ``cuda`` when the expectation holds on that device only."""
    origin: str
    """``output`` (from a documented error output), ``directive``, or ``code`` (a comment
    or string block of the code itself)."""
    line: int
    """Lesson line the expectation comes from."""


class DocumentedOutput(TypedDict):
    kind: str
    """``result`` (a value or printed text)."""
    text: str
    line: int


class CellMeta(TypedDict):
    source: str
    expect_errors: list[ExpectedError]
    skip: str | None
    timeout: float | None
    outputs: list[DocumentedOutput]


def compact(meta: CellMeta) -> dict[str, object]:
    """``meta`` as a notebook stores it: without the keys at their defaults."""
    stored: dict[str, object] = {"line": int(meta["source"].rpartition(":")[2])}
    if meta["expect_errors"]:
        stored["expect_errors"] = meta["expect_errors"]
    if meta["skip"] is not None:
        stored["skip"] = meta["skip"]
    if meta["timeout"] is not None:
        stored["timeout"] = meta["timeout"]
    if meta["outputs"]:
        stored["outputs"] = [o["line"] for o in meta["outputs"]]
    return stored


def cell_source(lesson: object, meta: Mapping[str, Any]) -> str | None:
    """``path:line`` of the code block a cell comes from, from the cell's ``coursekit``
    metadata (``meta``) and the notebook's ``lesson``; ``None`` when it says none."""
    source = meta.get("source")
    if isinstance(source, str) and source:
        return source
    line = meta.get("line")
    if isinstance(line, int) and not isinstance(line, bool) and isinstance(lesson, str) and lesson:
        return f"{lesson}:{line}"
    return None


def _shown_text(output: Mapping[str, Any]) -> str | None:
    """The text of a cell output that shows a documented result; ``None`` for an error."""
    kind = output.get("output_type")
    if kind == "stream" and output.get("name", "stdout") == "stdout":
        text, suffix = output.get("text", ""), "\n"  # the newline a stream output ends with
    elif kind in ("execute_result", "display_data"):
        text, suffix = output.get("data", {}).get("text/plain", ""), ""
    else:
        return None
    joined = "".join(text) if isinstance(text, list) else str(text)
    return joined.removesuffix(suffix) if suffix else joined


def documented_outputs(lines: Sequence[Any], cell: Mapping[str, Any]) -> list[DocumentedOutput]:
    """The documented outputs of a built cell whose metadata lists their ``lines``: its
    own stdout and result outputs, in order. A cell that ran (it has an execution
    count) no longer shows the lesson's outputs, so it documents none."""
    if cell.get("execution_count") is not None:
        return []
    texts = [t for t in map(_shown_text, cell.get("outputs", [])) if t is not None]
    return [
        {"kind": "result", "text": text, "line": line if isinstance(line, int) else 0}
        for line, text in zip(lines, texts, strict=False)
    ]


class NotebookMeta(TypedDict):
    lesson: str
    language: str
    framework: str
    chapter: int | None
    section: str
    title: str | None
    source_hash: str
    environment: str
    """The framework environment that runs it (``pt`` or ``tf``; a notebook for both
    runs on one of them), from which ``verify`` picks its lesson kernel."""
    option: NotRequired[str]
    """The option of the lesson's tabs the notebook holds (``smolagents``); absent for
    a lesson whose tabs hold no code."""

INSTALL_TAG = "coursekit-install"
"""Tag of the install cell (``!pip install ...``), which ``verify`` may skip."""
