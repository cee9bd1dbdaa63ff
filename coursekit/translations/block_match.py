"""Which block of a translation is which block of its source: blocks of one kind in the
same place, the same code in another fence or place, and blocks a broken fence took in."""

from __future__ import annotations

import difflib

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


def twin(src: Code, extra: list[Code]) -> Code | None:
    """The block of ``extra`` that is ``src`` translated: of its kind, the closest in text
    (a translated prompt keeps its markup), the first of equals."""
    kind = [t for t in extra if _same_kind(src, t)]
    if len(kind) < 2:
        return kind[0] if kind else None
    return max(kind, key=lambda t: difflib.SequenceMatcher(
        None, src.source[:2000], t.source[:2000]).ratio())


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
