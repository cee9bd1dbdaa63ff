"""A three-way merge of one code block: the source's new code into a translation.

The base is the source block as it was when the translation was last brought up to
date; the translation changed it (at most) in comments and strings, the source in
code. Lines are merged as ``diff3`` merges them: a region only the source changed
takes the source's lines, one only the translation changed keeps the translation's
(its translated comments and strings), and a region both changed takes the source's
lines, except the lines whose code the source left as it was, which keep their
translation. The merge is checked: its code must be the source's code, or the
source's block is taken whole.
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Sequence
from dataclasses import dataclass

from coursekit.lessons.model import Code, CodeRole
from coursekit.lessons.python import CodeFacts
from coursekit.translations.code_changes import Change, classify


class Merge(enum.StrEnum):
    KEPT = "kept"
    """Nothing to carry: the translation has the source's code already, or the source
    did not change the block's code."""
    TAKEN = "taken"
    """The source's new code, with the translation's comments and strings where the
    code around them did not change."""
    CONFLICT = "conflict"
    """The source and the translation both changed the block's code."""


@dataclass(frozen=True, slots=True)
class BlockMerge:
    outcome: Merge
    text: str | None = None
    """The block's new code (:attr:`Merge.TAKEN`)."""
    kept_translation: bool = False
    """Whether some of the translation's own comments or strings survived the merge."""


def _change(old: Code, new: Code) -> Change:
    return classify(old.facts, new.facts, old.role is CodeRole.PYTHON)


def merge_block(base: Code, source: Code, translation: Code) -> BlockMerge:
    """The translation's block with the source's new code, or why not."""
    if _change(source, translation) is not Change.CODE:
        return BlockMerge(Merge.KEPT)
    if _change(base, source) is not Change.CODE:
        return BlockMerge(Merge.KEPT)  # the translation's own change: not the source's
    own = _change(base, translation)
    if own is Change.CODE:
        return BlockMerge(Merge.CONFLICT)
    if own is Change.IDENTICAL:
        return BlockMerge(Merge.TAKEN, source.source)
    merged = merge_lines(base.source, translation.source, source.source)
    facts = CodeFacts(merged)
    python = source.role is CodeRole.PYTHON
    parses = not python or source.facts.error is not None or facts.error is None
    if merged != source.source and parses and \
            classify(source.facts, facts, python) is not Change.CODE:
        return BlockMerge(Merge.TAKEN, merged, kept_translation=True)
    return BlockMerge(Merge.TAKEN, source.source)


def merge_lines(base: str, translation: str, source: str) -> str:
    """``diff3`` of three texts, the source winning where both changed a line."""
    b, t, s = base.split("\n"), translation.split("\n"), source.split("\n")
    in_t, in_s = _matched(b, t), _matched(b, s)
    out: list[str] = []
    i = j = k = 0
    for stable in [*sorted(set(in_t) & set(in_s)), len(b)]:
        tj = in_t.get(stable, len(t))
        sk = in_s.get(stable, len(s))
        if tj < j or sk < k:
            continue
        out.extend(_chunk(b[i:stable], t[j:tj], s[k:sk]))
        if stable < len(b):
            out.append(t[tj])
        i, j, k = stable + 1, tj + 1, sk + 1
    return "\n".join(out)


def _matched(base: Sequence[str], other: Sequence[str]) -> dict[int, int]:
    """Base line -> the same line in ``other``, where a diff keeps it."""
    found: dict[int, int] = {}
    matcher = difflib.SequenceMatcher(None, base, other, autojunk=False)
    for block in matcher.get_matching_blocks():
        for offset in range(block.size):
            found[block.a + offset] = block.b + offset
    return found


def _chunk(base: list[str], translation: list[str], source: list[str]) -> list[str]:
    if translation in (base, source):
        return source
    if source == base:
        return translation
    if len(translation) != len(base):
        return source  # the translation reshaped these lines: the source's code wins
    # The translation changed these lines one for one (a comment, a string): each keeps
    # its translation where the source left its line as it was.
    out: list[str] = []
    matcher = difflib.SequenceMatcher(None, base, source, autojunk=False)
    for tag, b1, b2, s1, s2 in matcher.get_opcodes():
        out.extend(translation[b1:b2] if tag == "equal" else source[s1:s2])
    return out
