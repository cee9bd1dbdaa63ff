"""Framework-block markers: ``{#if fw === 'pt'}``, ``{:else}``, ``{/if}``.

The rule reads one marker line into a ``framework_marker`` token; whether the
markers balance is decided later, in order, by :mod:`coursekit.lessons.frameworks`.
Variants seen in real lessons are read too: the ``{#else}`` typo and text after
the closing brace (kept in ``meta["junk"]``).
"""

from __future__ import annotations

import re

from markdown_it.rules_block import StateBlock

from coursekit.lessons.dialect_block.lines import first_char, line_text

_MARKER = re.compile(
    r"""\{\s*(?:
        (?P<if>\#if\b(?P<test>[^}]*))
      | (?P<else>[:\#]else\b(?P<elsetest>[^}]*))
      | (?P<end>/if\s*)
    )\}(?P<junk>.*)""",
    re.VERBOSE,
)
_FW_TEST = re.compile(r"""^\s*(?:if\s+)?fw\s*===?\s*(['"])(?P<fw>[^'"]*)\1\s*$""")


def parse_marker(text: str) -> dict[str, str] | None:
    """Read a marker line: ``marker`` (if/else/end), ``framework``, ``typo``, ``junk``.

    ``framework`` is the tested value as written (``pt``, ``tf``, or anything else,
    which the caller reports); empty for a plain ``{:else}`` and ``{/if}``.
    """
    match = _MARKER.match(text)
    if match is None:
        return None
    meta = {"junk": match["junk"].strip(), "typo": "", "framework": "", "test": ""}
    if match["if"] is not None:
        meta["marker"] = "if"
        meta["test"] = match["test"].strip()
        test = _FW_TEST.match(match["test"])
        meta["framework"] = test["fw"] if test else ""
    elif match["else"] is not None:
        meta["marker"] = "else"
        meta["typo"] = "yes" if match["else"].startswith("#") else ""
        meta["test"] = match["elsetest"].strip()
        if meta["test"]:
            test = _FW_TEST.match(match["elsetest"])
            meta["framework"] = test["fw"] if test else ""
    else:
        meta["marker"] = "end"
    return meta


def framework_marker(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    if first_char(state, start) != "{":
        return False
    text = line_text(state, start)
    if not text.startswith("{"):
        return False
    meta = parse_marker(text)
    if meta is None:
        return False
    if silent:
        return True
    token = state.push("framework_marker", "", 0)
    token.meta = meta
    token.content = text
    token.map = [start, start + 1]
    state.line = start + 1
    return True
