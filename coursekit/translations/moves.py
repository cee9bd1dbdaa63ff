"""Which block the source removed a block new in the source is, moved: the same code,
or code alike enough to be one block that drifted (as :func:`~coursekit.translations.
align.align` pairs blocks in place), so that it moves with its translation."""

from __future__ import annotations

from collections.abc import Sequence

from coursekit.lessons.model import Code
from coursekit.translations.align import MATCH_THRESHOLD
from coursekit.translations.code_changes import key, similarity


def moves(new: Sequence[Code], gone: Sequence[tuple[Code, Code]]
          ) -> dict[int, tuple[Code, Code]]:
    """Which block the source removed (with the translation's block) each new block of
    the source is, moved (by ``id`` of the new block): the same code first, then the
    likeliest of the blocks alike enough to be one block that drifted, as :func:`align`
    pairs them in place."""
    found: dict[int, tuple[Code, Code]] = {}
    left = list(gone)
    for block in new:
        same = next((entry for entry in left if key(entry[0]) == key(block)), None)
        if same is not None:
            left.remove(same)
            found[id(block)] = same
    scored = sorted(((-similarity(old, block, MATCH_THRESHOLD), i, j)
                     for i, block in enumerate(new) if id(block) not in found
                     for j, (old, _) in enumerate(left)), key=lambda s: s[:2])
    taken: set[int] = set()
    for score, i, j in scored:
        if -score >= MATCH_THRESHOLD and id(new[i]) not in found and j not in taken:
            found[id(new[i])] = left[j]
            taken.add(j)
    return found


def kept_outputs(base: Code, source: Code, translation: Code) -> tuple[str | None, ...]:
    """For each output of a moved block, the translation's text where it translated it
    (the source's output otherwise: None)."""
    old = [o.text for o in base.outputs]
    have = [o.text for o in translation.outputs]
    if have == old[:len(have)] or len(have) != len(source.outputs):
        return ()
    return tuple(have)
