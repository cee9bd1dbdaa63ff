"""Reading JSX-style tags: where a (possibly multi-line) tag ends, and its attributes.

A tag's end is found one special character at a time. A faster search (plain text and
quotes closed on the line passed in one match) made the whole ``check`` of a
real-shaped course 0.97x as fast (``bench/speed_paths.py --only tag-end`` at 8442fab,
before it went): no gain, so the plain search is the one kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown_it.rules_block import StateBlock

from coursekit.lessons.dialect_block.lines import line_text

TAG_START = re.compile(r"<(?P<close>/?)(?P<name>[A-Za-z][\w.:-]*)")
_SPECIAL = re.compile(r"""[\\"'`{}>]""")
"""The characters that open or close a quote, a brace or the tag, and the escape."""
_ATTR_NAME = re.compile(r"[A-Za-z_:][\w.:-]*")
_BARE_VALUE = re.compile(r"[^\s/>]*")
"""An unquoted attribute value (``width=300``)."""
_FENCE = re.compile(r"[ \t]{0,3}(?:`{3,}|~{3,})")
_SCAN_LIMIT = 60
"""Lines one tag may span (real components span up to about 20); a longer one counts as
unclosed. It bounds the cost of a tag missing its `>`."""


@dataclass(slots=True)
class Tag:
    """A tag as :func:`read_tag` reads it (not frozen: the parser makes thousands per
    course, and a frozen dataclass sets each field through ``object.__setattr__``)."""

    name: str
    closing: bool
    """``</Name>``."""
    self_closing: bool
    """``<Name ... />``."""
    raw: str
    """The tag as written, its lines joined with newlines."""
    attrs: dict[str, str]
    last_line: int
    """0-based line where the tag ends."""
    tail: str
    """Text after the tag on its last line."""


def _find_end(
    text: str, pos: int, quote: str, depth: int, braces_only: bool = False,
) -> tuple[int | None, str, int]:
    """Index after the ``>`` closing the tag (with ``braces_only``, after the ``}`` that
    brings the braces back to depth 0), or None with the quote and brace state.

    A backslash escapes the next character; braces and ``>`` inside quotes or braces do
    not count."""
    escaped_until = -1
    for match in _SPECIAL.finditer(text, pos):
        at = match.start()
        if at < escaped_until:
            continue
        char = match.group()
        if char == "\\":
            escaped_until = at + 2
        elif quote:
            if char == quote:
                quote = ""
        elif char in "\"'`":
            quote = char
        elif char == "{":
            depth += 1
        elif char == "}":
            depth = max(0, depth - 1)
            if braces_only and depth == 0:
                return at + 1, quote, depth
        elif depth == 0 and not braces_only:  # ``>``, the only other character left
            return at + 1, quote, depth
    return None, quote, depth


def _skip_braces(text: str, pos: int) -> int:
    """Index after the ``}`` matching the ``{`` at ``pos`` (or the end of ``text``)."""
    end, _, _ = _find_end(text, pos, "", 0, braces_only=True)
    return len(text) if end is None else end


def parse_attributes(text: str) -> dict[str, str]:
    """Attributes of a tag body: strings unquoted, ``{...}`` kept with braces.

    A bare attribute (``<Tip warning>``) has the value ``""``; a shorthand
    ``{fw}`` gives ``fw: "{fw}"``.
    """
    attrs: dict[str, str] = {}
    at, size = 0, len(text)
    while at < size:
        char = text[at]
        if char == "{":
            end = _skip_braces(text, at)
            inner = text[at + 1 : end - 1].strip().removeprefix("...")
            attrs[inner.strip() or text[at:end]] = text[at:end]
            at = end
            continue
        name = _ATTR_NAME.match(text, at)
        if name is None:
            at += 1
            continue
        at = name.end()
        while at < size and text[at].isspace():
            at += 1
        value = ""
        if at < size and text[at] == "=":
            at += 1
            while at < size and text[at].isspace():
                at += 1
            if at < size and text[at] in "\"'":
                close = text.find(text[at], at + 1)
                close = size if close < 0 else close
                value, at = text[at + 1 : close], close + 1
            elif at < size and text[at] == "{":
                end = _skip_braces(text, at)
                value, at = text[at:end], end
            else:
                bare = _BARE_VALUE.match(text, at)  # read in place: no copy per value
                value = bare.group() if bare is not None else ""
                at += len(value)
        attrs[name.group()] = value
    return attrs


def read_tag(state: StateBlock, start: int, end: int) -> Tag | None:
    """The tag that starts line ``start``, or None if the line holds no complete tag."""
    first = line_text(state, start)
    match = TAG_START.match(first)
    if match is None:
        return None
    lines = [first]
    quote, depth = "", 0
    pos = match.end()
    line = start
    limit = min(end, start + _SCAN_LIMIT)
    while True:
        close, quote, depth = _find_end(lines[-1], pos, quote, depth)
        if close is not None:
            break
        line += 1
        if line >= limit:
            return None
        text = line_text(state, line)
        if not text and not (quote or depth):
            # A blank line between attributes ends the tag, as in MDX: a tag missing its
            # `>` must not swallow the paragraphs after it. Inside an attribute's value
            # (a string or a `{...}` expression) MDX reads a blank line as part of it.
            return None
        if not quote and _FENCE.match(text):
            return None  # nor a code fence right after it (inside a string, it may be text)
        lines.append(text)
        pos = 0
    raw_last = lines[-1][:close]
    tail = lines[-1][close:].strip()
    raw = "\n".join([*lines[:-1], raw_last])
    body = raw[match.end() : -1]
    self_closing = body.rstrip().endswith("/")
    if self_closing:
        body = body.rstrip()[:-1]
    return Tag(
        name=match["name"],
        closing=bool(match["close"]),
        self_closing=self_closing,
        raw=raw,
        attrs={} if match["close"] else parse_attributes(body),
        last_line=line,
        tail=tail,
    )
