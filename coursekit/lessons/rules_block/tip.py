"""``<Tip>`` ... ``</Tip>`` (and ``<Tip warning={true}>``): an admonition.

When the tags stand on lines of their own, the inside is parsed as Markdown
between ``admonition_open`` and ``admonition_close`` tokens, so fences and
framework markers inside a tip are read; otherwise (``<Tip>Short.</Tip>``) the
inside becomes the content of one ``admonition_inline`` token.
"""

from __future__ import annotations

from markdown_it.rules_block import StateBlock

from coursekit.lessons import rules
from coursekit.lessons.context import context_of
from coursekit.lessons.rules_block.lines import first_char, line_text
from coursekit.lessons.rules_block.tags import Tag, read_tag

_OPEN = "<Tip"
_CLOSE = "</Tip>"
_SCAN_LIMIT = 2000


def _kind(tag: Tag) -> str:
    warning = tag.attrs.get("warning")
    if warning is None:
        return "TIP"
    return "WARNING" if warning.strip("{} ").lower() in ("", "true") else "TIP"


def _closing_line(state: StateBlock, first: int, end: int) -> int | None:
    depth = 0
    for line in range(first, min(end, first + _SCAN_LIMIT)):
        text = line_text(state, line)
        if text.startswith(_OPEN) and text[len(_OPEN) : len(_OPEN) + 1] in (" ", ">", "\t", ""):
            depth += 1
        if _CLOSE in text:
            if depth == 0:
                return line
            depth -= 1
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
    if tag.self_closing or _CLOSE in tag.tail:
        inside = "" if tag.self_closing else tag.tail.partition(_CLOSE)[0]
        _push_inline(state, start, tag.last_line + 1, kind, inside)
        return True
    close = _closing_line(state, tag.last_line + 1, end)
    if close is None:
        context_of(state.env).report(
            rules.UNCLOSED_COMPONENT, start, f"`{tag.raw[:40]}` is never closed by `</Tip>`",
            hint="add a `</Tip>` line where the tip ends",
        )
        _push_inline(state, start, tag.last_line + 1, kind, tag.tail)
        return True
    closing_text = line_text(state, close)
    if tag.tail or closing_text.strip() != _CLOSE:
        lines = [tag.tail] if tag.tail else []
        lines += [line_text(state, n) for n in range(tag.last_line + 1, close)]
        lines.append(closing_text.partition(_CLOSE)[0])
        _push_inline(state, start, close + 1, kind, "\n".join(lines).strip())
        return True

    body = state.getLines(tag.last_line + 1, close, state.sCount[start], False)
    opening = state.push("admonition_open", "div", 1)
    opening.meta = {"kind": kind, "text": body.strip("\n")}
    opening.map = [start, close + 1]
    old_parent, old_max = state.parentType, state.lineMax
    state.parentType = "tip"
    state.lineMax = close
    state.md.block.tokenize(state, tag.last_line + 1, close)
    state.parentType, state.lineMax = old_parent, old_max
    state.push("admonition_close", "div", -1)
    state.line = close + 1
    return True


def _push_inline(state: StateBlock, start: int, stop: int, kind: str, text: str) -> None:
    token = state.push("admonition_inline", "", 0)
    token.meta = {"kind": kind, "text": text}
    token.map = [start, stop]
    state.line = stop
