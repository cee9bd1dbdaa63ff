"""Reports are UTF-8 whatever they quote: a file name that is not UTF-8 reaches them as
lone surrogates (``os.fsdecode``), which no UTF-8 encoder writes."""

from __future__ import annotations

import json
import re
from typing import Any

_SURROGATE = re.compile("[\ud800-\udfff]")


def escape_surrogates(text: str) -> str:
    """``text`` with each lone surrogate written as its escape (``\\udcff``): in JSON, the
    escape the parser reads back; elsewhere, a visible mark where the odd byte was."""
    return _SURROGATE.sub(lambda m: f"\\u{ord(m[0]):04x}", text)


def without_nul(text: str) -> str:
    """``text`` with each NUL character written as ``\\x00``: a quoted binary file must not
    put a NUL byte into a text report, which tools then take for a binary file."""
    return text.replace("\x00", "\\x00")


def json_text(document: Any) -> str:
    """``document`` as indented JSON that encodes as UTF-8."""
    return escape_surrogates(json.dumps(document, ensure_ascii=False, indent=2))
