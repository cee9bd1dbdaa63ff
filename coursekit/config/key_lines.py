"""Line numbers of TOML keys, which the TOML reader does not keep.

A light scan of table headers and ``key =`` lines is enough to point a
configuration finding at the line that sets the key (or at the header of the
table that holds it): the file has already been parsed by the TOML reader, and
:mod:`coursekit.config.reading` keeps what this scan finds beside its values.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_HEADER = re.compile(r"^\s*\[\[?(?P<keys>[^\]]*)\]\]?\s*(#.*)?$")


def _dotted(text: str) -> tuple[str, ...] | None:
    """The parts of a dotted TOML key (``a."b.c".d``), or ``None`` if it is not one."""
    parts: list[str] = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        while pos < len(text) and text[pos] in " \t":
            pos += 1
        if pos < len(text) and text[pos] in "\"'":
            quote = text[pos]
            end = text.find(quote, pos + 1)
            if end < 0:
                return None
            parts.append(text[pos + 1:end])
            pos = end + 1
        else:
            match = _BARE.match(text, pos)
            if match is None:
                return None
            parts.append(match.group())
            pos = match.end()
        while pos < len(text) and text[pos] in " \t":
            pos += 1
        if pos < len(text):
            if text[pos] != ".":
                return None
            pos += 1
    return tuple(parts) if parts else None


def _assignment(line: str) -> tuple[str, ...] | None:
    stripped = line.lstrip()
    if not stripped or stripped[0] in "#[":
        return None
    depth_quote = ""
    for index, char in enumerate(stripped):
        if depth_quote:
            if char == depth_quote:
                depth_quote = ""
        elif char in "\"'":
            depth_quote = char
        elif char == "=":
            return _dotted(stripped[:index])
    return None


def key_lines(text: str) -> dict[tuple[str, ...], int]:
    """Every table header and key of ``text`` with the 1-based line that defines it."""
    found: dict[tuple[str, ...], int] = {}
    table: tuple[str, ...] = ()
    for number, line in enumerate(text.splitlines(), 1):
        header = _HEADER.match(line)
        if header is not None:
            keys = _dotted(header.group("keys"))
            if keys is not None:
                table = keys
                found.setdefault(table, number)
            continue
        keys = _assignment(line)
        if keys is not None:
            full = table + keys
            for end in range(len(table) + 1, len(full) + 1):
                found.setdefault(full[:end], number)
    return found


def line_of(
    lines: Mapping[tuple[str, ...], int], keys: Sequence[str],
    prefixes: Sequence[Sequence[str]] = ((),),
) -> int | None:
    """The line that sets ``keys`` (under one of ``prefixes``) in ``lines`` (as
    :func:`key_lines` found them), or of its nearest enclosing table; ``None`` when
    neither appears."""
    for length in range(len(keys), -1, -1):
        for prefix in prefixes:
            path = (*prefix, *keys[:length])
            if path and path in lines:
                return lines[path]
    return None
