"""Small helpers on markdown-it's block state shared by the dialect rules.

A block's text is markdown-it's ``StateBlock.getLines``. A faster copy (lines that
follow each other in the source taken as one slice) made the whole ``check`` of a
real-shaped course 1.02x faster (``bench/speed_paths.py`` of 44664d8, the plain form
being the copy's callers calling ``getLines``; 3 rounds), short of the 1.3x a speed path
must bring to stay.
"""

from __future__ import annotations

from markdown_it.rules_block import StateBlock


def line_text(state: StateBlock, line: int) -> str:
    """The line's text after its indentation (and after ``>`` inside a blockquote)."""
    return state.src[state.bMarks[line] + state.tShift[line] : state.eMarks[line]]


def is_outdented(state: StateBlock, line: int) -> bool:
    """A non-blank line indented less than its container, which ends the container."""
    start = state.bMarks[line] + state.tShift[line]
    return start < state.eMarks[line] and state.sCount[line] < state.blkIndent


def first_char(state: StateBlock, line: int) -> str:
    """The first character after the indentation, or ``""`` on a blank line (cheap pre-check)."""
    pos = state.bMarks[line] + state.tShift[line]
    return state.src[pos] if pos < state.eMarks[line] else ""
