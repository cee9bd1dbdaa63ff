"""The lesson text between two code cells, gathered into one markdown cell laid out
as the lesson lays it out.

MDX has no indented code; a notebook's Markdown has: a paragraph after a blank line,
indented four spaces, is a code block there. So lines the lesson wrote one under the
other stay one under the other (``<div>``, an indented ``<img>``, ``</div>`` is one
HTML block, not a tag shown as code), and text that follows no text of its own cell,
such as a list item's paragraph after a fence that a code cell took out of the list,
loses its indentation.
"""

from __future__ import annotations

import textwrap

from coursekit.lessons.model import Block, Prose
from coursekit.notebooks.cells import JsonDict, markdown_cell


class MarkdownRun:
    """Text blocks waiting to become one markdown cell."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.ident = ""
        self._last: Block | None = None
        """The block of the last part."""

    def add(self, block: Block, text: str, ident: str) -> None:
        """Add ``text``, the Markdown of ``block``; ``ident``: the cell's id, if it is
        the first part."""
        last = self._last
        self._last = block
        if not self.parts:
            self.ident = ident
        if isinstance(block, Prose) and isinstance(last, Prose):
            if block.line == last.line + last.text.count("\n") + 1:
                self.parts[-1] += "\n" + text  # written on the next line of the lesson
                return
        elif isinstance(block, Prose):
            text = textwrap.dedent(text)
        self.parts.append(text)

    def take(self) -> JsonDict | None:
        """The markdown cell of the blocks added, ``None`` if none; the run is empty after."""
        if not self.parts:
            return None
        cell = markdown_cell("\n\n".join(self.parts), self.ident)
        self.parts = []
        self._last = None
        return cell
