"""Small helpers on markdown-it's block state shared by the dialect rules."""

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


def lines_text(state: StateBlock, begin: int, end: int, indent: int, keep_last_break: bool) -> str:
    """``state.getLines(begin, end, indent, keep_last_break)``. With no indentation to
    remove (most fences), each line is its slice of the source with the line break after
    it, read without markdown-it's column-by-column loop; lines that follow each other
    in the source are one slice."""
    if indent or begin >= end:
        return state.getLines(begin, end, indent, keep_last_break)
    src, begins, ends = state.src, state.bMarks, state.eMarks
    last = end - 1
    if begins[last] - begins[begin] == sum(ends[begin:last]) + last - begin - sum(
            begins[begin:last]):
        # Each line ends where the next begins (nothing cut off by a quote's ``>`` or a
        # narrowed line between them): the lines are one slice of the source.
        return src[begins[begin]:ends[last] + 1 if keep_last_break else ends[last]]
    tail = src[begins[last]:ends[last] + 1 if keep_last_break else ends[last]]
    if begin == last:
        return tail
    parts = [src[begins[line]:ends[line] + 1] for line in range(begin, last)]
    parts.append(tail)
    return "".join(parts)
