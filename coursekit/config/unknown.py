"""The message of an unknown configuration key, with the key it likely misspells."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

_CLOSE = 0.75
"""How alike two keys must be for one to be offered for the other: a letter missing,
added or swapped in a word (``timout``, ``langauges``, ``max-chars-per-lines``), not a
different word of the same length."""

_INSTEAD = {
    "extend-ignore": ("ignore", "write `ignore`: it already removes rules from the default "
                                "selection and the command line's `--ignore` adds to it"),
}
"""A key ruff has and coursekit has not, with what to write instead where the table knows
that key: coursekit's ``ignore`` does what ruff's ``extend-ignore`` does."""


def unknown_key(raw_key: str, known: Iterable[str]) -> str:
    """``unknown key `raw_key```, and ``(did you mean `key`?)`` where one of ``known``
    (written with dashes) is a near miss of it in either spelling, or what to write instead
    of a ruff key coursekit has not (``extend-ignore``)."""
    message = f"unknown key `{raw_key}`"
    keys = sorted({key.replace("_", "-") for key in known})
    dashed = raw_key.replace("_", "-").lower()
    instead = _INSTEAD.get(dashed)
    if instead is not None and instead[0] in keys:
        return f"{message} ({instead[1]})"
    near = difflib.get_close_matches(dashed, keys, n=1, cutoff=_CLOSE)
    return f"{message} (did you mean `{near[0]}`?)" if near else message
