"""Code blocks in ordered list items: a block new in item 2 of the source goes into
item 2 of the translation, after its paragraph (and as many of the item's further
paragraphs as come before the block in the source), not after the block of item 1."""

from __future__ import annotations

import re
from dataclasses import dataclass

from coursekit.lessons.model import Admonition, Code, Component, Heading, Lesson, Prose

ITEM = re.compile(r"[ \t]*(\d{1,9})[.)](?:[ \t]+|$)")
"""The marker of an ordered list item, with the spaces after it."""
_PROSE = (Prose, Admonition, Component, Heading)


@dataclass(frozen=True, slots=True)
class Bounds:
    """The lines (both excluded) of the source and of the translation between which a
    new block goes: its neighbours, or its section."""

    source_low: int
    source_high: int
    translation_low: int
    translation_high: int


def end_line(code: Code) -> int:
    """The line of the block's last fence: its last output's, or its own."""
    return code.outputs[-1].line if code.outputs else code.line


def prose_between(lesson: Lesson, first: int, last: int) -> bool:
    """Whether a paragraph, heading, admonition or component lies between the lines."""
    return any(isinstance(block, _PROSE) and first < block.line < last
               for block in lesson.blocks)


def _number(block: object) -> str | None:
    """The number of the list item a paragraph starts; None for other text."""
    if not isinstance(block, Prose):
        return None
    found = ITEM.match(block.text)
    return found[1] if found else None


def in_list_item(line: int, source: Lesson, translation: Lesson, bounds: Bounds
                 ) -> tuple[Prose, Prose, Prose] | None:
    """The source's list item paragraph that what starts at ``line`` follows, the
    translation's of the same number (the only one within ``bounds``, in the same
    framework), and the translation's paragraph of that item it goes after; None where
    it follows no list item, or the translation has no one item of its number."""
    ours = [b for b in source.blocks
            if isinstance(b, _PROSE) and bounds.source_low < b.line < line]
    marks = [n for n, b in enumerate(ours) if _number(b) is not None]
    if not marks:
        return None
    mark = ours[marks[-1]]
    assert isinstance(mark, Prose)
    further = len(ours) - marks[-1] - 1  # the item's paragraphs between it and the block
    theirs = [b for b in translation.blocks if isinstance(b, _PROSE)
              and bounds.translation_low < b.line < bounds.translation_high]
    same = [n for n, b in enumerate(theirs)
            if _number(b) == _number(mark) and b.framework is mark.framework]
    if len(same) != 1:
        return None
    item = theirs[same[0]]
    assert isinstance(item, Prose)
    last = item
    for other in theirs[same[0] + 1:same[0] + 1 + further]:
        if not isinstance(other, Prose) or _number(other) is not None:
            break
        last = other
    return mark, item, last
