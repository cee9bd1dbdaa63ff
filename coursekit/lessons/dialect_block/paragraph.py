"""Paragraphs, as CommonMark reads them, except that an indented fence ends one.

CommonMark reads a line indented four columns or more after a paragraph line as
a lazy continuation of the paragraph (it cannot start indented code there). MDX
has no indented code, and lessons indent fences under a sentence ("Output:" then
an indented fence), so here such a line is also tried as a fence.
"""

from __future__ import annotations

from markdown_it.common.utils import mdTrim
from markdown_it.rules_block import StateBlock

from coursekit.lessons.block_tokenizer import DispatchingRuler, terminates
from coursekit.lessons.dialect_block.fence import fence


def paragraph(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    line = start + 1
    ruler = state.md.block.ruler
    assert isinstance(ruler, DispatchingRuler)
    terminators = ruler.dispatch("paragraph")
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
        if terminates(state, line, end, terminators):
            break
        line += 1

    content = mdTrim(state.getLines(start, line, state.blkIndent, False))
    state.line = line
    token = state.push("paragraph_open", "p", 1)
    token.map = [start, line]
    token = state.push("inline", "", 0)
    token.content = content
    token.map = [start, line]
    token.children = []
    state.push("paragraph_close", "p", -1)
    state.parentType = old_parent
    return True
