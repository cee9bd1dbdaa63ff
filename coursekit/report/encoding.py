"""Reports are UTF-8 whatever they quote: a file name that is not UTF-8 reaches them as
lone surrogates (``os.fsdecode``), which no UTF-8 encoder writes."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from coursekit.diagnostics import Diagnostic

_SURROGATE = re.compile("[\ud800-\udfff]")


def escape_surrogates(text: str) -> str:
    """``text`` with each lone surrogate written as its escape (``\\udcff``): in JSON, the
    escape the parser reads back; elsewhere, a visible mark where the odd byte was."""
    return _SURROGATE.sub(lambda m: f"\\u{ord(m[0]):04x}", text)


def utf8_escaping_surrogates(text: str) -> bytes:
    """``text`` in UTF-8, each lone surrogate escaped first (:func:`escape_surrogates`):
    a text without one, almost every text, is encoded without a search for them."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return escape_surrogates(text).encode("utf-8")


def without_nul(text: str) -> str:
    """``text`` with each NUL character written as ``\\x00``: a quoted binary file must not
    put a NUL byte into a text report, which tools then take for a binary file."""
    return text.replace("\x00", "\\x00")


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""A control character other than the tab and the line break (C0, DEL and C1)."""


def printable(text: str) -> str:
    """``text`` with each control character but the tab and the line break written as its
    escape (``\\x1b``, ``\\r``): a line quoted from a course file must not drive the
    terminal or the log that shows the report (clear it, retitle it, hide what follows)."""
    return _CONTROL.sub(lambda m: ascii(m[0])[1:-1], text)


def json_text(document: Any) -> str:
    """``document`` as indented JSON that encodes as UTF-8."""
    return escape_surrogates(json.dumps(document, ensure_ascii=False, indent=2))


def shown(diag: Diagnostic) -> Diagnostic:
    """``diag`` with the text it quotes made :func:`printable`, for a report a terminal
    shows."""
    return replace(diag, path=printable(diag.path), message=printable(diag.message),
                   hint=None if diag.hint is None else printable(diag.hint),
                   diff=None if diag.diff is None else printable(diag.diff))
