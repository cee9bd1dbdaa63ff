"""Why a block new in the source has no place in a translation, and what a person can
change so that ``coursekit fix translations`` adds it: the words of the line that lists
it. The reasons are those :func:`~coursekit.translations.placement.place` decides by,
looked up again for the one block: a blockquote, a section the translation lacks, a
framework block with no neighbour of its own group in the translation."""

from __future__ import annotations

from collections.abc import Iterable

from coursekit.lessons.model import Code, Framework
from coursekit.translations.digest import Digest
from coursekit.translations.placement import counterpart, framework_group, section_of

_THEN = "and `coursekit fix translations` adds {it} then"


def no_place(blocks: Iterable[Code], source: Digest, translation: Digest,
             source_path: str) -> list[str]:
    """The lines that say ``blocks`` of ``source`` are not added to ``translation``: the
    blocks, why they have no place, and what to change; one line for the blocks of one
    reason (the nine blocks of a section the translation lacks), in their order."""
    by_reason: dict[str, list[Code]] = {}
    for block in blocks:
        by_reason.setdefault(_why(block, source, translation), []).append(block)
    lines = []
    for why, group in by_reason.items():
        numbers = [block.line for block in group]
        if len(group) == 1:
            which = f"block {source_path}:{numbers[0]} not added, it has"
        else:
            why = _why(group[0], source, translation, many=True)
            which = (f"{len(numbers)} blocks {source_path}:"
                     + ", ".join(str(number) for number in numbers)
                     + " not added, they have")
        lines.append(f"{translation.path}: the source's {which} no place in the "
                     f"translation: {why}")
    return lines


def _why(block: Code, source: Digest, translation: Digest, *, many: bool = False) -> str:
    """Why ``block`` has no place, and what to change; ``many``: said of several blocks
    that have it for one reason."""
    it, they_are, then = ("them", "they are", _THEN.format(it="them")) if many else \
        ("it", "it is", _THEN.format(it="it"))
    if block.in_blockquote:
        return (f"{they_are} in a blockquote, where a block cannot be set in exactly: copy "
                f"{it} into the translation's blockquote by hand")
    heading = section_of(source.headings, block.line)
    if heading is not None and counterpart(heading, source.headings,
                                           translation.headings) is None:
        where = f"{'their' if many else 'its'} section `{heading.text}` (line {heading.line})"
        if heading.anchor:
            return (f"no heading of the translation has the anchor `[[{heading.anchor}]]` of "
                    f"{where}: translate the section, or add the anchor to its heading "
                    f"there, {then}")
        return (f"{where} has no anchor, and the translation's headings are not the "
                "source's one for one (a section missing or added): translate the section "
                "where it is missing, and give its heading the same `[[anchor]]` in both "
                f"files, {then}")
    if block.framework is not Framework.BOTH:
        group = framework_group(source.markers, block.line)
        return (f"{they_are} `{block.framework.value}` block{'s' if many else ''} of the "
                f"framework group at line {group}, and no block of that group beside "
                f"{it} is in the translation: add {it} to the translation's "
                f"`{{#if fw === '{block.framework.value}'}}` branch by hand")
    return (f"no block of {'their' if many else 'its'} section beside {it} is in the "
            f"translation, and {'their' if many else 'its'} section cannot be told there: "
            f"add {it} by hand")
