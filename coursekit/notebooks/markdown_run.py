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

import re
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
        text = unfolded("\n\n".join(self.parts))
        self.parts = []
        self._last = None
        return markdown_cell(text, self.ident) if text.strip() else None


_DETAILS = re.compile(r"<details\b[^>]*>|</details\s*>", re.IGNORECASE)
_SUMMARY = re.compile(r"<summary\b[^>]*>(.*?)</summary\s*>", re.IGNORECASE | re.DOTALL)


def unfolded(text: str) -> str:
    """The text of a markdown cell with each ``<details>`` that a code cell splits
    unfolded: an opening tag the cell does not close, or a closing tag of one it did not
    open, is taken out, and the ``<summary>`` of the opening becomes a bold line, a
    paragraph of its own. A
    cell cannot hold the next cells, so the disclosure would open onto nothing and hide
    the text before the code; a ``<details>`` within the cell stays as it is."""
    opened: list[re.Match[str]] = []
    unmatched: list[re.Match[str]] = []
    for tag in _DETAILS.finditer(text):
        if not tag.group().startswith("</"):
            opened.append(tag)
        elif opened:
            opened.pop()
        else:
            unmatched.append(tag)
    if not opened and not unmatched:
        return text
    edits: list[tuple[int, int, str]] = [(t.start(), t.end(), "") for t in unmatched]
    for tag in opened:
        edits.append((tag.start(), tag.end(), ""))
        summary = _SUMMARY.search(text, tag.end())
        if summary is not None and not text[tag.end():summary.start()].strip():
            # a paragraph of its own: text on the next line would read as its sequel
            edits.append((summary.start(), summary.end(), f"**{summary[1].strip()}**\n\n"))
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return re.sub(r"\n{3,}", "\n\n", text).strip("\n")
