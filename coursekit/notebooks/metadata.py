"""The ``coursekit`` metadata that built notebooks carry, read back by ``verify``.

Notebook level, ``nb.metadata["coursekit"]``::

    {"lesson": "content/en/chapter8/4.mdx", "language": "en", "framework": "pt",
     "chapter": 8, "section": "4", "title": "...", "source_hash": "<sha256 of the .mdx>",
     "environment": "pt"}

The notebook's kernelspec is the standard ``python3`` (configurable), so that a
published notebook opens anywhere; ``verify`` chooses the lesson kernel from
``environment`` (or ``framework``) instead.

Cell level, ``cell.metadata["coursekit"]`` on every code cell made from a lesson
code block (the computed install cell and the title cell have none; a lesson's own
``pip install`` fence carries ``skip`` and the ``INSTALL_TAG``)::

    {"source": "content/en/chapter8/4.mdx:120",   # file:line of the opening fence
     "expect_errors": [ExpectedError, ...],       # empty when the cell should run clean
     "skip": "reason" | None,
     "timeout": seconds | None,
     "outputs": [DocumentedOutput, ...]}          # documented non-error outputs

A cell with an ``expect_errors`` entry that applies to every device also has the
standard ``raises-exception`` tag.
"""

from __future__ import annotations

from typing import TypedDict

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

INSTALL_TAG = "coursekit-install"
"""Tag of the install cell (``!pip install ...``), which ``verify`` may skip."""
