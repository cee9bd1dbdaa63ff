"""Fences taken out of a translation, with the blank lines beside them.

A block removed takes its code fence, its output fences and one blank line each; the
lines between them that are not blank (an "Output:" label, a translator's note) stay.
What is left must not join two paragraphs: each run of removed fences and the blank
lines around them keeps as many blank lines as it had, less one per fence, and at
least one between two lines of text: one of its own, or, where it had none, a new one
(not before a list item: a tight list stays tight)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

_ITEM = re.compile(r"[ \t]*(?:\d{1,9}[.)]|[-*+])(?:[ \t]|$)")
"""The marker of a list item, ordered or not."""
_QUOTE = re.compile(r"[ \t]*(?:>[ \t]?)*")
"""The blockquote markers a line starts with."""

Replacement = tuple[int, int, tuple[str, ...]]
"""The lines that take the place of a file's lines ``start`` to ``end`` (0-based, end
excluded)."""


def removals(lines: Sequence[str], spans: Iterable[tuple[int, int]],
             line_break: str) -> list[Replacement]:
    """What takes the place of the fences at ``spans`` (each its first and last line,
    0-based, both included) and of the blank lines around them: the blank lines kept."""
    fences = sorted(set(spans))
    gone = {at for first, last in fences for at in range(first, last + 1)}
    starts = {first for first, _ in fences}
    found: list[Replacement] = []
    at = 0
    while at < len(lines):
        if at not in gone and lines[at].strip():
            at += 1
            continue
        end = at
        while end < len(lines) and (end in gone or not lines[end].strip()):
            end += 1
        if any(line in gone for line in range(at, end)):
            found.append((at, end, _kept(lines, range(at, end), gone, starts, line_break)))
        at = end
    return found


def _kept(lines: Sequence[str], run: range, gone: set[int], starts: set[int],
          line_break: str) -> tuple[str, ...]:
    """The blank lines a run of removed fences and blank lines keeps: one fewer of its
    own per fence, but one between two lines of text (its first, or a new one)."""
    blanks = [lines[at] for at in run if at not in gone]
    keep = max(0, len(blanks) - sum(at in starts for at in run))
    between = run.start > 0 and run.stop < len(lines)
    if keep or not between:
        return tuple(blanks[:keep])
    if blanks:
        return (blanks[0],)
    after = lines[run.stop]
    if _ITEM.match(after):
        return ()
    # Text after it in a blockquote stays in the quote: the blank line is its marker.
    quote = _QUOTE.match(after)
    return ((quote[0].rstrip() if quote else "") + line_break,)
