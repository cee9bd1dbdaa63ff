"""Output fences that belong to no code block (LES106: a heading or a framework marker
between them and the code before them; LES125: an explanation after an earlier
output), carried as the outputs of code are: a fence the translation kept as in the
base takes the source's text, one it translated stays. Which fence of the translation
is which of the source is sure only where the base, the source and the translation
have as many of them: they pair in order. Elsewhere what the source changed among them
is reported, not carried over."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from coursekit.lessons.model import Code, Lesson, Output
from coursekit.lessons.rules import EXPLANATION_OUTPUT, ORPHAN_OUTPUT

_RULES = frozenset({ORPHAN_OUTPUT.code, EXPLANATION_OUTPUT.code})


@dataclass(frozen=True, slots=True)
class Stranded:
    """An output fence attached to no code whose change is not carried over: one of the
    source that the source changed or added, or one of the translation that the source
    removed."""

    output: Output
    rule: str
    """The lesson's finding about the fence (``LES106``, ``LES125``)."""
    removed: bool = False
    """The translation's fence, which the source removed (else the source's fence)."""


def unattached(lesson: Lesson) -> list[Output]:
    """The lesson's output fences that belong to no code block, in order."""
    attached = {o.line for block in lesson.blocks if isinstance(block, Code)
                for o in block.outputs}
    return [block for block in lesson.blocks
            if isinstance(block, Output) and block.line not in attached]


def carry_unattached(base: Lesson, source: Lesson, translation: Lesson
                     ) -> tuple[list[tuple[Output, str]], list[Stranded]]:
    """The translation's unattached output fences with their new text, and the source's
    that changed and have no sure counterpart in the translation."""
    old, new, have = unattached(base), unattached(source), unattached(translation)
    if [o.text for o in old] == [o.text for o in new]:
        return [], []
    if len(old) == len(new) == len(have):
        return [(mine, now.text) for then, now, mine in zip(old, new, have, strict=True)
                if mine.text == then.text != now.text], []
    known, kept = {o.text for o in old}, {o.text for o in new}
    return [], [*(Stranded(o, _rule(source, o)) for o in new if o.text not in known),
                *(Stranded(o, _rule(translation, o), removed=True) for o in have
                  if o.text in known - kept)]


def _rule(lesson: Lesson, output: Output) -> str:
    """What the lesson's reader said of the fence: why it belongs to no code."""
    found: Sequence[str] = [d.rule for d in lesson.diagnostics
                            if d.line == output.line and d.rule in _RULES]
    return found[0] if found else ORPHAN_OUTPUT.code
