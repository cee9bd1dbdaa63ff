"""Which block of a translation is which block of its source: blocks of one kind in the
same place, the same code in another fence or place, and blocks a broken fence took in."""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Sequence

from coursekit.lessons.ipython_lines import dedented
from coursekit.lessons.model import Code, CodeRole
from coursekit.lessons.python import code_facts
from coursekit.lessons.rules import UNCLOSED_FENCE
from coursekit.translations.digest import Digest

_PLAIN = frozenset({"", "text", "txt", "plain", "plaintext"})


def _same_kind(src: Code, tgt: Code) -> bool:
    """Fences of one kind: the same info string, or both plain text (```` ```text ````
    and a bare ```` ``` ```` show text alike)."""
    return src.role is tgt.role and (
        src.info == tgt.info or (src.role is CodeRole.OTHER
        and src.language in _PLAIN and tgt.language in _PLAIN))


def unclosed(lesson: Digest, block: Code) -> bool:
    """The block opens at a fence that LES103 reports as left open (its closing line
    probably missing) and took in the next fence's opening line, and the prose before it:
    which blocks the lesson has there is that finding's to say."""
    return any(line.lstrip().startswith(("```", "~~~")) for line in block.source.splitlines()) \
        and any(d.rule == UNCLOSED_FENCE.code and d.line == block.line
                for d in lesson.lesson.diagnostics)


def twins(missing: Sequence[Code], extra: Sequence[Code]) -> dict[int, Code]:
    """Which block of ``extra`` is which block of ``missing`` translated (by ``id`` of the
    source block): blocks of one kind, the closest in text first (a translated prompt
    keeps its markup, an older version of a block most of its code), in order among
    equals. Blocks with no other of their kind on either side are paired whatever their
    likeness, which is measured only where a block has a choice (a ratio of two texts
    is the costly part)."""
    kin = [(i, j) for i, src in enumerate(missing) for j, tgt in enumerate(extra)
           if _same_kind(src, tgt)]
    if not kin:
        return {}
    choices = Counter(("s", i) for i, _ in kin) + Counter(("t", j) for _, j in kin)
    scored = sorted(
        (0.0 if choices["s", i] == choices["t", j] == 1 else -_likeness(missing[i], extra[j]),
         i, j) for i, j in kin
    )
    found: dict[int, Code] = {}
    taken: set[int] = set()
    for _, i, j in scored:
        if id(missing[i]) not in found and j not in taken:
            found[id(missing[i])] = extra[j]
            taken.add(j)
    return found


def _likeness(src: Code, tgt: Code) -> float:
    if src.source == tgt.source:
        return 2.0
    return difflib.SequenceMatcher(None, src.source[:2000], tgt.source[:2000]).ratio()


def same_block(src: Code, tgt: Code) -> bool:
    """The same code, whatever the fence and its indentation (in a list item or not),
    the comments and the strings say."""
    if src.framework is not tgt.framework:
        return False
    if src.role is not CodeRole.PYTHON and tgt.role is not CodeRole.PYTHON:
        return src.source.split() == tgt.source.split()
    skeleton = _skeleton(src)
    return skeleton is not None and skeleton == _skeleton(tgt)


def _skeleton(code: Code) -> tuple[object, ...] | None:
    """The block's skeleton, whatever its indentation (taken off as IPython takes it off
    a cell): its own facts' (read once for the run) unless the block is indented as a
    whole."""
    text = dedented(code.source)
    return (code.facts if text == code.source else code_facts(text)).skeleton


def copy_beside(block: Code, translation: Digest, paired: Sequence[tuple[Code, Code]]) -> bool:
    """``block``, which the source lacks, is a block next to it that the source has (by
    ``paired``: each source block with the translation's) shown a second time, its
    comments and strings translated: a translation that shows a block both as the source
    has it and translated (the one folded in a ``<details>``) adds no code."""
    at = next(i for i, code in enumerate(translation.code) if code is block)
    beside = {id(code) for code in translation.code[max(at - 1, 0):at + 2] if code is not block}
    return any(id(tgt) in beside and src.role is CodeRole.PYTHON and same_block(src, block)
               for src, tgt in paired)
