"""Notebook cells as plain JSON dicts, with ids that do not change between builds."""

from __future__ import annotations

import hashlib
import re
from typing import Any

from coursekit.lessons.dialect_block.framework import parse_marker
from coursekit.lessons.markdown import lesson_markdown
from coursekit.lessons.model import (
    Admonition,
    Block,
    Code,
    Component,
    Framework,
    Heading,
    Output,
    Prose,
)

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


def _in_framework(text: str, framework: Framework) -> str:
    """``text`` as the notebook of ``framework`` shows it: the framework blocks written
    inside it (in a ``<Tip>``) keep only that framework's branch, without their markers."""
    if "{" not in text or framework is Framework.BOTH:
        return text
    kept: list[str] = []
    branch: str | None = None  # the framework of the open branch
    for line in text.splitlines():
        marker = parse_marker(line.strip().removeprefix(">").strip())
        if marker is not None and marker["marker"] == "if" and marker["framework"]:
            branch = marker["framework"]
        elif marker is not None and marker["marker"] == "else" and branch is not None:
            branch = marker["framework"] or ("tf" if branch == "pt" else "pt")
        elif marker is not None and marker["marker"] == "end" and branch is not None:
            branch = None
        elif branch is None or branch == framework.value:
            kept.append(line)
    return "\n".join(kept)


def _without_fences(text: str) -> str:
    """``text`` of a tip without its fences: each is a block of the lesson too, shown
    after the tip as its own cell (Python), its code's output or a shown fence, so the
    tip's Markdown would show them twice."""
    if "```" not in text and "~~~" not in text:
        return text
    dropped: set[int] = set()
    for token in lesson_markdown().parse(text):
        if token.type == "fence" and token.map:
            dropped.update(range(*token.map))
    if not dropped:
        return text
    lines = [line for number, line in enumerate(text.splitlines()) if number not in dropped]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines))


def fenced(text: str, info: str = "") -> str:
    """``text`` in a fence of more backticks than any run of them inside it, so that a
    fence the text holds (an output showing a Markdown fence) does not close it early."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{info}\n{text}\n{fence}"


def block_markdown(block: Block, framework: Framework = Framework.BOTH) -> str | None:
    """The Markdown a prose-like block shows as in a notebook of ``framework``, ``None``
    if none."""
    if isinstance(block, Heading):
        return "#" * max(1, min(block.level, 6)) + " " + block.text
    if isinstance(block, Prose):
        return block.text.strip("\n") or None
    if isinstance(block, Admonition):
        title = f"**{block.kind.capitalize()}**"
        text = _without_fences(_in_framework(block.text, framework)).strip()
        return _quoted(f"{title}\n\n{text}" if text else title)
    if isinstance(block, Component) and block.name == "Youtube" and block.attrs.get("id"):
        return f"[Video](https://youtu.be/{block.attrs['id']})"
    if isinstance(block, Component) and block.name == "hfoption" and block.attrs.get("id"):
        # A tab of alternatives (one per agents framework): its code cells follow its name.
        return f"**{block.attrs['id']}**"
    if isinstance(block, Output) and block.text.strip():
        # An output fence of no code in this notebook: the lesson shows it as text.
        return fenced(block.text.rstrip())
    if isinstance(block, Code) and block.source.strip():
        # A fence that is shown, not run (text, diff, terminal commands).
        return fenced(block.source.rstrip(), block.info)
    return None
