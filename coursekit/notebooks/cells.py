"""Notebook cells as plain JSON dicts, with ids that do not change between builds."""

from __future__ import annotations

import hashlib
from typing import Any

from coursekit.lessons.model import Admonition, Block, Code, Component, Heading, Output, Prose

JsonDict = dict[str, Any]


def cell_id(lesson_path: str, key: str) -> str:
    """A valid nbformat cell id derived from the lesson path and a per-block key."""
    # an undecodable file name hashes as the bytes it was
    text = f"{lesson_path}\0{key}".encode("utf-8", "surrogateescape")
    return hashlib.sha1(text, usedforsecurity=False).hexdigest()[:16]


def markdown_cell(source: str, ident: str) -> JsonDict:
    return {"cell_type": "markdown", "id": ident, "metadata": {}, "source": source}


def code_cell(
    source: str,
    ident: str,
    *,
    metadata: JsonDict | None = None,
    outputs: list[JsonDict] | None = None,
) -> JsonDict:
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": ident,
        "metadata": metadata or {},
        "outputs": outputs or [],
        "source": source,
    }


def _quoted(text: str) -> str:
    return "\n".join(f"> {line}" if line else ">" for line in text.splitlines())


def block_markdown(block: Block) -> str | None:
    """The Markdown a prose-like block shows as in a notebook, ``None`` if none."""
    if isinstance(block, Heading):
        return "#" * max(1, min(block.level, 6)) + " " + block.text
    if isinstance(block, Prose):
        return block.text.strip("\n") or None
    if isinstance(block, Admonition):
        title = f"**{block.kind.capitalize()}**"
        return _quoted(f"{title}\n\n{block.text.strip()}" if block.text.strip() else title)
    if isinstance(block, Component) and block.name == "Youtube" and block.attrs.get("id"):
        return f"[Video](https://youtu.be/{block.attrs['id']})"
    if isinstance(block, Output) and block.text.strip():
        # An output fence of no code in this notebook: the lesson shows it as text.
        return f"```\n{block.text.rstrip()}\n```"
    if isinstance(block, Code) and block.source.strip():
        # A fence that is shown, not run (text, diff, terminal commands).
        return f"```{block.info}\n{block.source.rstrip()}\n```"
    return None
