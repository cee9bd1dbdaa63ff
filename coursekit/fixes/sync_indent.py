"""Where a block copied into a translation's list goes, and how far it is indented: a
list the translation indents otherwise (``1.  `` for ``1. ``) takes its blocks at its
own indentation."""

from __future__ import annotations

from collections.abc import Sequence

from coursekit.lessons.model import Code, Prose
from coursekit.translations.list_items import ITEM


def _indent(line: str) -> int | None:
    """The spaces a line starts with; None where its indentation holds a tab."""
    text = line.lstrip(" ")
    return None if text.startswith("\t") else len(line) - len(text)


def _column(lines: Sequence[str], anchor: Code | Prose) -> int | None:
    """Where the content of a fence's line, or of a list item, starts."""
    if not 0 < anchor.line <= len(lines):
        return None
    line = lines[anchor.line - 1]
    found = ITEM.match(line) if isinstance(anchor, Prose) else None
    if found is not None and "\t" not in found[0]:
        return len(found[0])
    return _indent(line)


def shift(source_lines: Sequence[str], lines: Sequence[str], block: Code,
          indent: tuple[Code | Prose, Code | Prose] | None) -> int:
    """How many spaces the source's ``block`` gains (or loses) in the translation: as
    many as its anchor's indentation differs between the two (``indent``: the source's
    block or list item and the translation's), where the block is in that list."""
    if indent is None:
        return 0
    ours, theirs = _column(source_lines, indent[0]), _column(lines, indent[1])
    own = _indent(source_lines[block.line - 1]) if 0 < block.line <= len(source_lines) \
        else None
    if ours is None or theirs is None or own is None or not 0 < ours <= own:
        return 0
    return theirs - ours


def shifted(lines: Sequence[str], by: int) -> tuple[str, ...]:
    """``lines`` indented ``by`` more spaces (fewer, where ``by`` is negative)."""
    if by >= 0:
        return tuple(" " * by + line if line.strip() else line for line in lines)
    return tuple(line[min(-by, len(line) - len(line.lstrip(" "))):] for line in lines)


def paragraph_end(lines: Sequence[str], prose: Prose) -> int:
    """The index of the line after a paragraph that starts at ``prose``: the first blank
    one, or the next list item's marker (a tight list)."""
    at = prose.line
    while at < len(lines) and lines[at].strip() and not ITEM.match(lines[at]):
        at += 1
    return at
