"""Why a block new in the source has no place in a translation, and what a person can
change so that ``coursekit fix translations`` adds it: the words of the line that lists
it. The reasons are those :func:`~coursekit.translations.placement.place` decides by,
looked up again for the one block: a blockquote, a section the translation lacks, a
framework block with no neighbour of its own group in the translation."""

from __future__ import annotations

from coursekit.lessons.model import Code, Framework
from coursekit.translations.digest import Digest
from coursekit.translations.placement import counterpart, framework_group, section_of

_THEN = "and `coursekit fix translations` adds it then"


def no_place(block: Code, source: Digest, translation: Digest, source_path: str) -> str:
    """The line that says ``block`` of ``source`` is not added to ``translation``: the
    block, why it has no place, and what to change."""
    return (f"{translation.path}: the source's block {source_path}:{block.line} not added, "
            f"it has no place in the translation: {_why(block, source, translation)}")


def _why(block: Code, source: Digest, translation: Digest) -> str:
    if block.in_blockquote:
        return ("it is in a blockquote, where a block cannot be set in exactly: copy it "
                "into the translation's blockquote by hand")
    heading = section_of(source.headings, block.line)
    if heading is not None and counterpart(heading, source.headings,
                                           translation.headings) is None:
        where = f"its section `{heading.text}` (line {heading.line})"
        if heading.anchor:
            return (f"no heading of the translation has the anchor `[[{heading.anchor}]]` of "
                    f"{where}: translate the section, or add the anchor to its heading "
                    f"there, {_THEN}")
        return (f"{where} has no anchor, and the translation's headings are not the "
                "source's one for one (a section missing or added): translate the section "
                "where it is missing, and give its heading the same `[[anchor]]` in both "
                f"files, {_THEN}")
    if block.framework is not Framework.BOTH:
        group = framework_group(source.markers, block.line)
        return (f"it is a `{block.framework.value}` block of the framework group at line "
                f"{group}, and no block of that group beside it is in the translation: add "
                f"it to the translation's `{{#if fw === '{block.framework.value}'}}` branch "
                "by hand")
    return ("no block of its section beside it is in the translation, and its section "
            "cannot be told there: add it by hand")
