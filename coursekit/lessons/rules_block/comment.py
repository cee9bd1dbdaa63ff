"""Comments: ``<!-- ... -->`` and MDX ``{/* ... */}``, possibly spanning lines.

A comment becomes a ``comment`` token whose content is the text between the
delimiters; :mod:`coursekit.lessons.directives` reads the ``coursekit:`` ones.
Taking comments here (before markdown-it's HTML block) keeps a fence that
follows a comment line from being absorbed into it.
"""

from __future__ import annotations

from markdown_it.rules_block import StateBlock

from coursekit.lessons import rules
from coursekit.lessons.context import context_of
from coursekit.lessons.rules_block.lines import first_char, line_text

_DELIMITERS = (("<!--", "-->", "html"), ("{/*", "*/}", "mdx"))
_SCAN_LIMIT = 200


def comment(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    if first_char(state, start) not in ("<", "{"):
        return False
    text = line_text(state, start)
    found = next((d for d in _DELIMITERS if text.startswith(d[0])), None)
    if found is None:
        return False
    opener, closer, syntax = found
    if silent:
        return True
    parts = [text[len(opener):]]
    line = start
    limit = min(end, start + _SCAN_LIMIT)
    while closer not in parts[-1]:
        line += 1
        if line >= limit:
            context_of(state.env).report(
                rules.UNCLOSED_COMPONENT, start,
                f"comment `{opener}` is never closed by `{closer}`",
                hint=f"end the comment with `{closer}`",
            )
            line = start
            parts = [text[len(opener):]]
            break
        parts.append(line_text(state, line))
    body = "\n".join(parts)
    body, _, tail = body.partition(closer)
    token = state.push("comment", "", 0)
    token.content = body.strip()
    token.meta = {"syntax": syntax, "tail": tail.strip()}
    token.map = [start, line + 1]
    state.line = line + 1
    return True
