"""Paragraphs, as CommonMark reads them, except that an indented fence ends one.

CommonMark reads a line indented four columns or more after a paragraph line as
a lazy continuation of the paragraph (it cannot start indented code there). MDX
has no indented code, and lessons indent fences under a sentence ("Output:" then
an indented fence), so here such a line is also tried as a fence.

:func:`paragraph_or_setext_heading` stands for markdown-it's setext heading rule
followed by :func:`paragraph`: both read the same lines, the heading rule to find an
underline (``===``, ``---``), the paragraph to find where it ends; it reads them once
and makes the same heading (one token, see ``heading.py``) or paragraph.
"""

from __future__ import annotations

from markdown_it.common.utils import mdTrim
from markdown_it.parser_block import RuleFuncBlockType
from markdown_it.rules_block import StateBlock

from coursekit.lessons.dialect_block.fence import fence
from coursekit.lessons.dialect_block.heading import push_heading


def _terminators(state: StateBlock) -> list[RuleFuncBlockType]:
    return state.md.block.ruler.getRules("paragraph")


def _terminates(
    state: StateBlock, line: int, end: int, terminators: list[RuleFuncBlockType],
) -> bool:
    """Whether a rule that ends a paragraph starts at ``line``."""
    return any(rule(state, line, end, True) for rule in terminators)


def _underline(state: StateBlock, line: int) -> str | None:
    """The marker of a setext underline (a line of ``=`` or of ``-``), if ``line`` is one."""
    pos = state.bMarks[line] + state.tShift[line]
    maximum = state.eMarks[line]
    if pos >= maximum:
        return None
    marker = state.src[pos]
    if marker not in ("-", "="):
        return None
    pos = state.skipSpaces(state.skipCharsStr(pos, marker))
    return marker if pos >= maximum else None


def _heading(
    state: StateBlock, start: int, underline: int, marker: str, old_parent: str,
) -> bool:
    """The heading markdown-it's setext heading rule reads, as one token."""
    level = 1 if marker == "=" else 2
    content = mdTrim(state.getLines(start, underline, state.blkIndent, False))
    state.line = underline + 1
    push_heading(state, level, marker, content, [start, state.line])
    state.parentType = old_parent
    return True


def _scan(
    state: StateBlock, start: int, end: int, terminators: list[RuleFuncBlockType], fences: bool,
) -> tuple[int, str | None, int | None]:
    """The lines after ``start`` read as markdown-it's setext heading rule reads them:
    ``(line, marker, fence_at)``, the underline's line and marker when one comes, else
    the line the search stopped at and no marker; with ``fences``, also the first
    indented fence, which ends a paragraph but not the search for an underline."""
    line = start + 1
    fence_at: int | None = None
    while line < end and not state.isEmpty(line):
        if state.sCount[line] - state.blkIndent > 3:  # a lazy continuation line
            if fences and fence_at is None and fence(state, line, end, True):
                fence_at = line
            line += 1
            continue
        if state.sCount[line] >= state.blkIndent:
            marker = _underline(state, line)
            if marker is not None:
                return line, marker, fence_at
        if state.sCount[line] < 0:
            line += 1
            continue
        if _terminates(state, line, end, terminators):
            break
        line += 1
    return line, None, fence_at


def setext_heading(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it's setext heading rule (``lheading``), with the paragraph terminators
    tried as the block loop tries rules. Like it, on no underline it returns ``False``
    with the parent type left as ``paragraph``."""
    terminators = _terminators(state)
    old_parent = state.parentType
    state.parentType = "paragraph"
    line, marker, _ = _scan(state, start, end, terminators, fences=False)
    return marker is not None and _heading(state, start, line, marker, old_parent)


def paragraph_or_setext_heading(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """:func:`setext_heading`, then :func:`paragraph` if it found no underline, in one
    reading of the lines when the two would read the same ones (``end`` is the end of
    the text, which the paragraph always reads to)."""
    if end != state.lineMax:
        return setext_heading(state, start, end, silent) or paragraph(state, start, end, silent)
    terminators = _terminators(state)
    old_parent = state.parentType
    state.parentType = "paragraph"
    line, marker, fence_at = _scan(state, start, end, terminators, fences=True)
    if marker is not None:
        return _heading(state, start, line, marker, old_parent)
    # No underline: the heading rule has left the parent type as ``paragraph``.
    return _paragraph_tokens(state, start, line if fence_at is None else fence_at)


def paragraph(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    line = start + 1
    terminators = _terminators(state)
    end = state.lineMax
    old_parent = state.parentType
    state.parentType = "paragraph"
    while line < end:
        if state.isEmpty(line):
            break
        if state.sCount[line] - state.blkIndent > 3:
            if fence(state, line, end, True):
                break
            line += 1
            continue
        if state.sCount[line] < 0:  # a blockquote's lazy line, already checked by it
            line += 1
            continue
        if _terminates(state, line, end, terminators):
            break
        line += 1
    _paragraph_tokens(state, start, line)
    state.parentType = old_parent
    return True


def _paragraph_tokens(state: StateBlock, start: int, line: int) -> bool:
    """One ``paragraph`` token with the paragraph's lines as its map, where markdown-it
    pushes three (open, inline, close): the lesson model keeps a paragraph's source,
    which the map gives. Its text is read only for the first paragraph of a quote,
    where a GitHub alert marker (``[!NOTE]``) is looked for."""
    token = state.push("paragraph", "p", 0)
    token.map = [start, line]
    tokens = state.tokens
    if len(tokens) > 1 and tokens[-2].type == "blockquote_open":
        token.content = mdTrim(state.getLines(start, line, state.blkIndent, False))
    state.line = line
    return True
