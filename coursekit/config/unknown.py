"""The message of an unknown configuration key, with the key it likely misspells."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

_CLOSE = 0.75
"""How alike two keys must be for one to be offered for the other: a letter missing,
added or swapped in a word (``timout``, ``langauges``, ``max-chars-per-lines``), not a
different word of the same length."""


def unknown_key(raw_key: str, known: Iterable[str]) -> str:
    """``unknown key `raw_key```, and ``(did you mean `key`?)`` where one of ``known``
    (written with dashes) is a near miss of it in either spelling."""
    message = f"unknown key `{raw_key}`"
    keys = sorted({key.replace("_", "-") for key in known})
    near = difflib.get_close_matches(raw_key.replace("_", "-").lower(), keys, n=1,
                                     cutoff=_CLOSE)
    return f"{message} (did you mean `{near[0]}`?)" if near else message
