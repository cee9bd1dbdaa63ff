"""Where a line of a source lesson's prose stands in its translation.

The words differ, so the two lessons are paired by their shape: headings by level
and anchor, paragraphs, tables, HTML by its first tag, lists by their number of items,
admonitions by kind, code blocks by their kind and framework (not their code) and
components by name, aligned as sequences (a block one of them lacks leaves the others
paired). Where the shapes part, a run of the source's blocks goes to the translation's
run in its place, spread evenly over it, or, where the translation has none there
(paragraphs it merged, or dropped), to its paragraph before (else after) that place.

A line of the source's paragraph is the first line of the translation's paragraph in
its place, and a line of a list item the line of the item of the same number, where
both lists have as many items. Shapes cannot tell apart two sections of paragraphs
alone, one of which the translation lacks: there the line named may be in the other.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Hashable

from coursekit.lessons.model import Admonition, Block, Code, Component, Heading, Lesson, Prose
from coursekit.translations.digest import text_line

_ITEM = re.compile(r"[ \t]{0,3}(?:[*+-]|\d{1,9}[.)])(?:[ \t]|$)")
"""The marker of a list item of the outer list, with the space after it."""
_TAG = re.compile(r"\s*(</?[A-Za-z][\w-]*)")
"""The first tag of a paragraph of HTML (``<div``, ``</div``, ``<img``)."""


def _items(block: Prose | Admonition) -> list[int]:
    """The lines of the block's text (0 for its first) that start an item of its outer
    list; none where the text does not start with a list."""
    lines = block.text.split("\n")
    if not lines or _ITEM.match(lines[0]) is None:
        return []
    return [n for n, line in enumerate(lines) if _ITEM.match(line)]


def _shape(block: Block) -> Hashable | None:
    """What two lessons' blocks in the same place share, whatever their language; None
    for what is not paired (framework markers, directives, outputs)."""
    if isinstance(block, Heading):
        return "heading", block.level, block.anchor
    if isinstance(block, Admonition):
        return "admonition", block.kind
    if isinstance(block, Prose):
        items, tag = _items(block), _TAG.match(block.text)
        if items:
            return "list", len(items)
        if tag is not None:
            return "html", tag[1]
        return ("table",) if block.text.startswith("|") else ("paragraph",)
    if isinstance(block, Code):  # by kind: its code read as tokens would cost the most
        return "code", block.role, block.framework
    if isinstance(block, Component):
        return "component", block.name
    return None


def _shaped(lesson: Lesson) -> list[tuple[Block, Hashable]]:
    """The lesson's blocks that have a shape, each with it."""
    found = ((block, _shape(block)) for block in lesson.blocks)
    return [(block, shape) for block, shape in found if shape is not None]


class ProsePlaces:
    """The translation's lines for lines of the source's prose, one alignment of the two
    lessons read for all of them."""

    def __init__(self, source: Lesson, translation: Lesson) -> None:
        """Align the two lessons' blocks by their shapes."""
        ours, theirs = _shaped(source), _shaped(translation)
        matcher = difflib.SequenceMatcher(None, [s for _, s in ours], [s for _, s in theirs],
                                          autojunk=False)
        self._places: dict[int, Block] = {}  # the translation's block, by source block id
        for _, i1, i2, j1, j2 in matcher.get_opcodes():
            run = [b for b, _ in theirs[j1:j2]] or [
                b for b, _ in theirs[max(j1 - 1, 0):j1 + 1] if isinstance(b, Prose | Admonition)
            ][:1]
            for k, (block, _) in enumerate(ours[i1:i2] if run else ()):
                self._places[id(block)] = run[k * len(run) // (i2 - i1)]
        self._prose = [b for b, _ in ours if isinstance(b, Prose | Admonition)]

    def _pair(self, line: int) -> tuple[Prose | Admonition, Prose | Admonition] | None:
        """The source's block of prose that holds ``line``, and the translation's in its
        place; None where the translation has none."""
        block = next((b for b in reversed(self._prose) if text_line(b) <= line), None)
        there = None if block is None else self._places.get(id(block))
        if block is None or not isinstance(there, Prose | Admonition):
            return None
        return block, there

    def lines_of(self, line: int) -> range:
        """The translation's lines of the block of prose in place of the source's that
        holds ``line`` (empty where it has none)."""
        pair = self._pair(line)
        if pair is None:
            return range(0)
        there = pair[1]
        return range(text_line(there), text_line(there) + there.text.count("\n") + 1)

    def line_of(self, line: int) -> int | None:
        """The translation's line for the source's ``line`` of prose: its list item's,
        else its paragraph's first line; None where the translation has no block in its
        place."""
        pair = self._pair(line)
        if pair is None:
            return None
        block, there = pair
        ours, theirs = _items(block), _items(there)
        if len(ours) != len(theirs) or not ours:
            return text_line(there)
        item = sum(1 for start in ours if start <= line - text_line(block)) - 1
        return text_line(there) + theirs[item]
