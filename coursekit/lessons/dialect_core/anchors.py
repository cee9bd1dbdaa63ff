"""Heading anchors: ``## Check your data[[check-your-data]]``.

Sets ``meta["text"]`` (the heading without its anchor) and ``meta["anchor"]``
(or None) on every ``heading_open`` token.
"""

from __future__ import annotations

from markdown_it.rules_core import StateCore


def split_anchor(text: str) -> tuple[str, str | None]:
    """``"Title[[anchor]]"`` -> ``("Title", "anchor")``; text without an anchor is kept whole."""
    stripped = text.rstrip()
    if stripped.endswith("]]"):
        start = stripped.rfind("[[")
        if start >= 0:
            anchor = stripped[start + 2 : -2].strip()
            if anchor and "[" not in anchor and "]" not in anchor:
                return stripped[:start].rstrip(), anchor
    return text.strip(), None


def heading_anchors(state: StateCore) -> None:
    tokens = state.tokens
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and index + 1 < len(tokens):
            text, anchor = split_anchor(tokens[index + 1].content)
            token.meta = {"text": text, "anchor": anchor}
