"""``<Tip>`` ... ``</Tip>`` (and ``<Tip warning={true}>``): an admonition.

A tip whose closing tag is on a later line is parsed as Markdown between
``admonition_open`` and ``admonition_close`` tokens, so fences and framework
markers inside it are read, also when text shares a line with a tag
(``<Tip>Note:`` or ``Last words.</Tip>``). A tip on one line
(``<Tip>Short.</Tip>``) becomes one ``admonition_inline`` token.

Finding the closing tag is linear in the lesson: one scan pairs every opening
and closing tag it meets, and later tips reuse those pairs.
"""

from __future__ import annotations

import re
from typing import Any

from markdown_it.rules_block import StateBlock

from coursekit.lessons import rules
from coursekit.lessons.context import context_of
from coursekit.lessons.dialect_block.lines import first_char, line_text
from coursekit.lessons.dialect_block.tags import Tag, read_tag

_OPEN = "<Tip"
_CLOSE = re.compile(r"</Tip\s*>")
_MEMO_KEY = "coursekit.tip_pairs"


def _kind(tag: Tag) -> str:
    warning = tag.attrs.get("warning")
    if warning is None:
        return "TIP"
    return "WARNING" if warning.strip("{} ").lower() in ("", "true") else "TIP"


def _opens(text: str) -> bool:
    return text.startswith(_OPEN) and text[len(_OPEN) : len(_OPEN) + 1] in (" ", ">", "\t", "")


def _pairs(state: StateBlock) -> dict[tuple[int, int, int], int | None]:
    memo: Any = state.env.setdefault(_MEMO_KEY, {})
    assert isinstance(memo, dict)
    return memo


def _closing_line(state: StateBlock, first: int, end: int) -> int | None:
    """The line of the ``</Tip>`` closing a tip whose body starts on ``first``."""
    memo = _pairs(state)
    key = (first, end, state.bMarks[first] if first < len(state.bMarks) else -1)
    if key in memo:
        return memo[key]
    stack = [first]
    for line in range(first, end):
        text = line_text(state, line)
        if _opens(text):
            stack.append(line + 1)
        if "</Tip" in text and _CLOSE.search(text):
            body = stack.pop()
            memo[(body, end, state.bMarks[body] if body < len(state.bMarks) else -1)] = line
            if not stack:
                return line
    for body in stack:
        memo[(body, end, state.bMarks[body] if body < len(state.bMarks) else -1)] = None
    return None


def tip(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    if first_char(state, start) != "<":
        return False
    text = line_text(state, start)
    if not text.startswith(_OPEN) or text[len(_OPEN) : len(_OPEN) + 1] not in (" ", ">", "\t", "/"):
        return False
    tag = read_tag(state, start, end)
    if tag is None or tag.closing:
        return False
    if silent:
        return True
    kind = _kind(tag)
    inline_close = _CLOSE.search(tag.tail)
    if tag.self_closing or inline_close:
        inside = tag.tail[: inline_close.start()] if inline_close is not None else ""
        _push_inline(state, start, tag.last_line + 1, kind, inside.strip())
        return True
    close = _closing_line(state, tag.last_line + 1, end)
    if close is None:
        context_of(state.env).report(
            rules.UNCLOSED_COMPONENT, start, f"`{tag.raw[:40]}` is never closed by `</Tip>`",
            hint="add a `</Tip>` line where the tip ends",
        )
        _push_inline(state, start, tag.last_line + 1, kind, tag.tail)
        return True
    _push_block(state, start, tag, close, kind)
    return True


def _push_block(state: StateBlock, start: int, tag: Tag, close: int, kind: str) -> None:
    """Tokenize the tip's lines, less its tags, as Markdown of their own."""
    first = tag.last_line + 1
    saved: list[tuple[int, int, int, int, int]] = []

    def narrow(line: int, begin: int, stop: int) -> None:
        saved.append((line, state.bMarks[line], state.eMarks[line], state.tShift[line],
                      state.sCount[line]))
        state.bMarks[line], state.eMarks[line] = begin, stop
        state.tShift[line], state.sCount[line] = 0, state.blkIndent

    if tag.tail:
        line_start = state.bMarks[tag.last_line] + state.tShift[tag.last_line]
        own = line_text(state, tag.last_line).rstrip()
        narrow(tag.last_line, line_start + len(own) - len(tag.tail), line_start + len(own))
        first = tag.last_line
    closing_text = line_text(state, close)
    match = _CLOSE.search(closing_text)
    assert match is not None
    stop = close
    if closing_text[: match.start()].strip():
        begin = state.bMarks[close] + state.tShift[close]
        narrow(close, begin, begin + len(closing_text[: match.start()].rstrip()))
        stop = close + 1
    body = "\n".join(line_text(state, n) for n in range(first, stop))

    opening = state.push("admonition_open", "div", 1)
    text = body.lstrip("\n")
    opening.meta = {"kind": kind, "text": text.rstrip("\n"),
                    "text_line": first + 1 + len(body) - len(text)}
    opening.map = [start, close + 1]
    old_parent, old_max = state.parentType, state.lineMax
    state.parentType = "tip"
    state.lineMax = stop
    state.md.block.tokenize(state, first, stop)
    state.parentType, state.lineMax = old_parent, old_max
    for line, begin, end, shift, count in saved:
        state.bMarks[line], state.eMarks[line] = begin, end
        state.tShift[line], state.sCount[line] = shift, count
    state.push("admonition_close", "div", -1)
    state.line = close + 1


def _push_inline(state: StateBlock, start: int, stop: int, kind: str, text: str) -> None:
    token = state.push("admonition_inline", "", 0)
    token.meta = {"kind": kind, "text": text, "text_line": stop}  # the tag's last line
    token.map = [start, stop]
    state.line = stop
