"""Headings, as CommonMark reads them, each one ``heading`` token with its anchor.

``## Check your data[[check-your-data]]`` is a level-2 heading whose text is
``Check your data`` and whose anchor is ``check-your-data``. markdown-it makes three
tokens of a heading (open, inline, close); the lesson model needs the level, the text,
the anchor and the lines, so here a heading is one token: its tag (``h2``), map and
markup as markdown-it's opening token has them, its text as content, and
``meta["text"]`` and ``meta["anchor"]`` (or None).

:func:`atx_heading` is CommonMark's ``#`` heading (markdown-it's ``heading`` rule);
setext headings (text underlined with ``===`` or ``---``) are read with paragraphs
(``paragraph.py``) and made by :func:`push_heading`.
"""

from __future__ import annotations

import re

from markdown_it.common.utils import mdTrim
from markdown_it.rules_block import StateBlock

_OPENING = re.compile(r"#{1,6}(?=[ \t]|\Z)")
"""One to six ``#`` followed by a space, a tab or the end of the line."""


def split_anchor(text: str) -> tuple[str, str | None]:
    """``"Title[[anchor]]"`` -> ``("Title", "anchor")``; text without an anchor is kept whole."""
    stripped = text.rstrip()
    if stripped.endswith("]]"):
        start = stripped.rfind("[[")
        if start >= 0:
            anchor = stripped[start + 2 : -2].strip()
            if anchor and "[" not in anchor and "]" not in anchor:
                return stripped[:start].rstrip(), anchor
    return text.strip(), None


def push_heading(
    state: StateBlock, level: int, markup: str, content: str, lines: list[int],
) -> None:
    """Push the ``heading`` token of a heading over ``lines`` (a map)."""
    token = state.push("heading", "h" + str(level), 0)
    token.markup = markup
    token.map = lines
    token.content = content
    text, anchor = split_anchor(content)
    token.meta = {"text": text, "anchor": anchor}


def atx_heading(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    if state.is_code_block(start):  # never, with indented code off as in the dialect
        return False
    pos = state.bMarks[start] + state.tShift[start]
    maximum = state.eMarks[start]
    opening = _OPENING.match(state.src, pos, maximum)
    if opening is None:
        return False
    if silent:
        return True
    text = state.src[opening.end():maximum].rstrip(" \t")
    closing = len(text) - len(text.rstrip("#"))
    if closing and len(text) > closing and text[-closing - 1] in " \t":
        text = text[:-closing]  # a closing sequence: ``## Title ##``
    state.line = start + 1
    level = opening.end() - pos
    push_heading(state, level, "#" * level, mdTrim(text), [start, start + 1])
    return True
