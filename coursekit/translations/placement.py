"""Where a code block new in the source goes in a translation, and which blocks of two
versions of a source stand in one section.

A block goes next to the translation's counterpart of a block of its own section in
the source: the one it has no prose between (before it, else after it); with prose
either side, into the translation's list item of the number of its own
(:mod:`~coursekit.translations.list_items`); else the one before it, else the one after
it. That counterpart must lie in the translation's section of the same anchor and,
for a framework block, both blocks must be in one ``{#if fw === ...}`` group: a block
placed by a neighbour that sits in another section or another group would land in the
wrong one. With no such neighbour, a block for every framework goes at the end of its
section, and a framework block has no place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from coursekit.lessons.model import Code, Framework, FrameworkMarker, Heading, Prose
from coursekit.translations.align import Pair, align
from coursekit.translations.digest import Digest
from coursekit.translations.list_items import Bounds, end_line, in_list_item, prose_between


@dataclass(frozen=True, slots=True)
class Place:
    """Where a new block goes: after a block of the translation (after its output
    fences) or a paragraph of a list item, before a block, or at the end of a section."""

    after: Code | Prose | None = None
    before: Code | None = None
    section: Heading | None = None
    indent: tuple[Code | Prose, Code | Prose] | None = None
    """The source's block or list item it goes next to, and the translation's
    counterpart: how their indentations differ is how the block's do (a list the
    translation indents otherwise)."""


Neighbour = tuple[Code, Code]
"""A block of the source and the translation's block it is."""


@dataclass(frozen=True, slots=True)
class Span:
    """What goes in: a code block of the source, or a framework group of its blocks."""

    line: int
    """Its first line."""
    end: int
    """The line of its last fence."""
    framework: Framework
    first: int
    """The index of its first code block in the source's."""
    last: int
    """The index of its last code block in the source's."""

    @classmethod
    def of(cls, block: Code, source: Digest) -> Span:
        index = source.code.index(block)
        return cls(block.line, end_line(block), block.framework, index, index)


def place(block: Code, source: Digest, translation: Digest,
          in_translation: Mapping[int, Code]) -> Place | None:
    """Where ``block`` of ``source`` goes in ``translation``; ``in_translation`` maps
    (by ``id``) the source's blocks to the translation's blocks they are. None: no place
    (a blockquote, another framework branch, a section the translation lacks)."""
    if block.in_blockquote:
        return None
    return place_span(Span.of(block, source), source, translation, in_translation)


def place_span(span: Span, source: Digest, translation: Digest,
               in_translation: Mapping[int, Code]) -> Place | None:
    """Where ``span`` of ``source`` goes in ``translation``: next to the neighbour it has
    no prose between in the source, before or after it; else, in a list, after the
    translation's paragraph of the list item it is in (the item of the same number);
    else after the neighbour before it, or before the one after it; else at the end of
    its section, for every framework."""
    heading = section_of(source.headings, span.line)
    there = counterpart(heading, source.headings, translation.headings)
    near = [_neighbour(span, others, source, translation, in_translation, heading, there)
            for others in (reversed(source.code[:span.first]), source.code[span.last + 1:])]
    before, after = near
    if before is not None and not prose_between(source.lesson, end_line(before[0]),
                                                 span.line):
        return Place(after=before[1], indent=before)
    if after is not None and not prose_between(source.lesson, span.end, after[0].line):
        return Place(before=after[1], indent=after)
    bounds = _bounds(source, translation, heading, there, before, after)
    item = None if bounds is None else in_list_item(span.line, source.lesson,
                                                    translation.lesson, bounds)
    if item is not None:
        return Place(after=item[2], indent=item[:2])
    if before is not None:
        return Place(after=before[1], indent=before)
    if after is not None:
        return Place(before=after[1], indent=after)
    if there is None or span.framework is not Framework.BOTH:
        return None
    return Place(section=there)


def _neighbour(span: Span, others: Iterable[Code], source: Digest, translation: Digest,
               in_translation: Mapping[int, Code], heading: Heading | None,
               there: Heading | None) -> Neighbour | None:
    """The nearest of ``others`` (the source's blocks before ``span`` or after it) that
    the translation has, where it stands in the span's section and framework group."""
    group = framework_group(source.markers, span.line)
    for other in others:
        if section_of(source.headings, other.line) is not heading or \
                framework_group(source.markers, other.line) != group:
            return None
        found = in_translation.get(id(other))
        if found is not None:
            return (other, found) if _fits(span.framework, found, translation, heading,
                                           there) else None
    return None


def _bounds(source: Digest, translation: Digest, heading: Heading | None,
            there: Heading | None, before: Neighbour | None, after: Neighbour | None
            ) -> Bounds | None:
    """The lines of the source and of the translation between which the block goes: its
    neighbours', else its section's; None where the translation's section is unknown."""
    if before is not None:
        low = (end_line(before[0]), end_line(before[1]))
    elif heading is None or there is not None:
        low = (0 if heading is None else heading.line, 0 if there is None else there.line)
    else:
        return None
    if after is not None:
        return Bounds(low[0], after[0].line, low[1], after[1].line)
    return Bounds(low[0], _next_heading(source, low[0]), low[1],
                  _next_heading(translation, low[1]))


def _next_heading(lesson: Digest, line: int) -> int:
    """The line of the first heading after ``line`` (past the end: none)."""
    return min((h.line for h in lesson.headings if h.line > line), default=1 << 30)


def _fits(framework: Framework, neighbour: Code, translation: Digest,
          heading: Heading | None, there: Heading | None) -> bool:
    """Whether the translation's ``neighbour`` stands where a block of ``framework``
    belongs: in its framework, out of a blockquote, and in the translation's section of
    the block's (where that section is known)."""
    if neighbour.in_blockquote or neighbour.framework is not framework:
        return False
    if there is None and heading is not None:
        return True  # the translation's outline does not say which section it is
    return section_of(translation.headings, neighbour.line) is there


def section_of(headings: Sequence[Heading], line: int) -> Heading | None:
    """The heading whose section holds ``line`` (None: before the first heading)."""
    return next((h for h in reversed(headings) if h.line < line), None)


def framework_group(markers: Sequence[FrameworkMarker], line: int) -> int | None:
    """The line of the ``{#if ...}`` whose group holds ``line`` (the innermost one);
    None outside every group."""
    open_at: list[int] = []
    for marker in markers:
        if marker.line >= line:
            break
        if marker.marker == "if":
            open_at.append(marker.line)
        elif marker.marker == "end" and open_at:
            open_at.pop()
    return open_at[-1] if open_at else None


def counterpart(heading: Heading | None, source: Sequence[Heading],
                translation: Sequence[Heading]) -> Heading | None:
    """The translation's heading for a source heading: the one of the same anchor, or
    of the same place when both lessons have the same outline."""
    if heading is None:
        return None
    if heading.anchor:
        found = next((h for h in translation if h.anchor == heading.anchor), None)
        if found is not None:
            return found
    if len(source) == len(translation) and \
            [h.level for h in source] == [h.level for h in translation]:
        return translation[source.index(heading)]
    return None


def _section_name(lesson: Digest, code: Code) -> str | None:
    """The anchor of the block's section ("" before the first heading; None under a
    heading with no anchor)."""
    heading = section_of(lesson.headings, code.line)
    return "" if heading is None else heading.anchor


def by_section(base: Digest, source: Digest, pairs: Sequence[Pair]) -> list[Pair]:
    """The pairs of ``base`` and ``source`` blocks, where a pair's blocks stand in two
    sections both versions have (by anchor), unpaired: the block moved, and which of
    two blocks that swapped places across a heading moved is what their sections say,
    not their order. The blocks left unpaired are then paired within each section."""
    shared = ({h.anchor for h in base.headings if h.anchor}
              & {h.anchor for h in source.headings if h.anchor}) | {""}

    def crossed(pair: Pair) -> bool:
        if pair.source is None or pair.translation is None:
            return False
        then, now = _section_name(base, pair.source), _section_name(source, pair.translation)
        return then != now and then in shared and now in shared

    if not any(crossed(pair) for pair in pairs):
        return list(pairs)
    kept = [pair for pair in pairs if pair.source is not None and pair.translation is not None
            and not crossed(pair)]
    old = [p.source for p in pairs if p.source is not None and (p.translation is None
                                                               or crossed(p))]
    new = [p.translation for p in pairs if p.translation is not None and (p.source is None
                                                                         or crossed(p))]
    for name in {_section_name(base, code) for code in old}:
        kept.extend(align([c for c in old if _section_name(base, c) == name],
                          [c for c in new if _section_name(source, c) == name]))
    paired = {id(p.translation) for p in kept if p.translation is not None}
    kept.extend(Pair(None, code) for code in new if id(code) not in paired)
    return kept
