"""Comments: ``<!-- ... -->`` and MDX ``{/* ... */}``, possibly spanning lines.

A comment becomes a ``comment`` token whose content is the text between the
delimiters; :mod:`coursekit.lessons.directives` reads the ``coursekit:`` ones.
Taking comments here (before markdown-it's HTML block) keeps a fence that
follows a comment line from being absorbed into it. A comment of any length is
one token; finding its end is linear in the lesson, since a search that found no
closing delimiter from some point on is not repeated from a later point.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from markdown_it.rules_block import StateBlock

from coursekit.lessons import rules
from coursekit.lessons.context import context_of
from coursekit.lessons.dialect_block.lines import first_char, line_text

_DELIMITERS = (("<!--", "-->", "html"), ("{/*", "*/}", "mdx"))
_MEMO_KEY = "coursekit.comment_misses"


def _closing_line(state: StateBlock, start: int, end: int, opener: str, closer: str) -> int | None:
    """The line holding the end of the comment opened on ``start``, inside the container."""
    misses: Any = state.env.setdefault(_MEMO_KEY, {})
    begin = state.bMarks[start] + state.tShift[start] + len(opener)
    if begin >= misses.get(closer, len(state.src) + 1):
        return None
    found = state.src.find(closer, begin)
    if found < 0:
        misses[closer] = min(begin, misses.get(closer, begin))
        return None
    line = bisect_left(state.eMarks, found + len(closer), lo=start, hi=end)
    return line if line < end else None


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
    last = _closing_line(state, start, end, opener, closer)
    if last is None:
        context_of(state.env).report(
            rules.UNCLOSED_COMPONENT, start,
            f"comment `{opener}` is never closed by `{closer}`",
            hint=f"end the comment with `{closer}`",
        )
        last = start
    parts = [text[len(opener):], *(line_text(state, n) for n in range(start + 1, last + 1))]
    body, _, tail = "\n".join(parts).partition(closer)
    token = state.push("comment", "", 0)
    token.content = body.strip()
    token.meta = {"syntax": syntax, "tail": tail.strip()}
    token.map = [start, last + 1]
    state.line = last + 1
    return True
