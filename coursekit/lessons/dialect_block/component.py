"""JSX components and HTML tags on lines of their own, possibly spanning lines.

``<Youtube id="..."/>``, ``<CourseFloatingBanner ... />`` over several lines,
``<hfoptions id="...">``: a capitalised name (or a known lower-case component)
becomes a ``component`` token, any other tag an ``html_tag`` token (prose).
Only the tag's own lines are taken, so a fence right after it stays a fence,
which markdown-it's HTML block would swallow.
"""

from __future__ import annotations

from markdown_it.rules_block import StateBlock

from coursekit.lessons import rules
from coursekit.lessons.context import context_of
from coursekit.lessons.dialect_block.lines import first_char, line_text
from coursekit.lessons.dialect_block.tags import TAG_START, read_tag

LOWER_CASE_COMPONENTS = frozenset({"hfoptions", "hfoption"})


def is_component_name(name: str) -> bool:
    return name[:1].isupper() or name in LOWER_CASE_COMPONENTS


def component(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    if first_char(state, start) != "<":
        return False
    text = line_text(state, start)
    match = TAG_START.match(text)
    if match is None:
        return False
    name = match["name"]
    tag = read_tag(state, start, end)
    if tag is None:
        if not is_component_name(name):
            return False
        if silent:
            return True
        context_of(state.env).report(
            rules.UNCLOSED_COMPONENT, start, f"component `<{name}` is never closed by `>`",
            hint="check the quotes and braces of its attributes",
        )
        token = state.push("component", "", 0)
        token.meta = {"name": name, "attrs": {}, "closing": False, "self_closing": True,
                      "tail": ""}
        token.content = text
        token.map = [start, start + 1]
        state.line = start + 1
        return True
    if silent:
        return True
    kind = "component" if is_component_name(name) else "html_tag"
    token = state.push(kind, "", 0)
    token.meta = {"name": tag.name, "attrs": tag.attrs, "closing": tag.closing,
                  "self_closing": tag.self_closing, "tail": tag.tail}
    token.content = tag.raw if not tag.tail else f"{tag.raw}{tag.tail}"
    token.map = [start, tag.last_line + 1]
    state.line = tag.last_line + 1
    return True
