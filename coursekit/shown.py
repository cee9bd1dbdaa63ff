"""A value as a finding quotes it: short, and safe whatever its size or depth."""

from __future__ import annotations

import reprlib
from typing import Any

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlong = 40


def shown(value: Any) -> str:
    """``repr(value)``, cut to a few dozen characters and three levels of nesting (a
    configuration value may be a string of megabytes or a list nested a thousand deep)."""
    return _REPR.repr(value)


def clipped(text: str, most: int) -> str:
    """``text``, or its first ``most - 1`` characters and ``…`` where it is longer than
    ``most``: a line or a command as a finding quotes it."""
    return text if len(text) <= most else text[:most - 1] + "…"


def clipped_between(text: str, most: int) -> str:
    """``text``, or its start and its end joined by ``…`` where it is longer than
    ``most``: a command line, whose end (``&& ls data``) is often the part that failed
    and whose start may be an interpreter's long path."""
    if len(text) <= most:
        return text
    head = (most - 1) // 2
    return text[:head] + "…" + text[len(text) - (most - 1 - head):]
