"""What a translation's code needs to catch up with its source: a three-way merge of
its code blocks.

The base is the source lesson as the translation last followed it (by history: the
source at the translation's last commit, or at the commit a ``code-synced`` directive
names). Blocks are paired base-to-source and base-to-translation (:func:`align`); then

- a block of all three is merged (:func:`~coursekit.translations.merge.merge_block`):
  the source's new code and strings, the translation's comments and strings kept;
  where both sides changed the code, or the same string, it is a :class:`Conflict`, and
  nothing of it is carried;
- a block new in the source goes in at the matching place: after the translation's
  counterpart of the source block before it in the same section (the heading of the
  same anchor), or before that of the one after it, or at the end of the section;
- a block the source removed goes, unless the translation changed its code (a conflict);
- a block the source moved is a removal and an addition of the translation's block;
- output fences follow the source: an output the translation kept as in the base takes
  the source's (whether or not the source changed its code), and one the source added
  or removed is added or removed.

This module decides on blocks; :mod:`coursekit.fixes.translations` writes the file.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable
from dataclasses import dataclass, field

from coursekit.lessons.directives import CODE_SYNCED
from coursekit.lessons.model import Code, CodeRole, Directive, Heading, Lesson
from coursekit.translations.align import Pair, align
from coursekit.translations.code_changes import Change, classify, key
from coursekit.translations.digest import Digest
from coursekit.translations.freshness import Freshness
from coursekit.translations.merge import Merge, merge_block
from coursekit.translations.placement import by_section, place


class Action(enum.StrEnum):
    UPDATE = "update"
    ADD = "add"
    REMOVE = "remove"


@dataclass(frozen=True, slots=True)
class Carry:
    """One change to the translation's code."""

    action: Action
    source: Code | None
    """The source block it brings (update, add); for a removal, None."""
    translation: Code | None = None
    """The translation's block it changes (update, remove)."""
    text: str | None = None
    """The new code (update, add); None where an update changes only outputs."""
    outputs: tuple[str | None, ...] = ()
    """Update: for each output fence of the source block, its new text for the
    translation's fence at that index (None: left as it is); an index past the
    translation's outputs adds that source output fence."""
    drop_outputs: int = 0
    """Update: how many of the translation's last output fences go."""
    after: Code | None = None
    """Add: the translation's block it goes after (after its output fences)."""
    before: Code | None = None
    """Add: the translation's block it goes before, when there is none to go after."""
    section: Heading | None = None
    """Add: the translation's heading at the end of whose section it goes, when it has
    no neighbour in the section."""
    order: int = 0
    """Add: its place among the source's blocks, for blocks added at one place."""


@dataclass(frozen=True, slots=True)
class Conflict:
    """A block both sides changed: the three versions, for a person to merge."""

    base: Code
    source: Code | None
    """None: the source removed the block the translation changed."""
    translation: Code


@dataclass(frozen=True, slots=True)
class SyncPlan:
    carries: tuple[Carry, ...] = ()
    conflicts: tuple[Conflict, ...] = ()
    unplaced: tuple[Code, ...] = field(default=())
    """Source blocks new to the translation with no place to go (another framework
    branch, a blockquote, a section the translation lacks)."""

    @property
    def blocks(self) -> int:
        """How many code blocks the plan carries over."""
        return len(self.carries)


def plan_sync(base: Digest, source: Digest, translation: Digest,
              aligned: list[Pair] | None = None) -> SyncPlan:
    """The changes that bring ``translation``'s code from ``base`` to ``source``;
    ``aligned``: the blocks of ``base`` and ``translation`` aligned already."""
    if aligned is None:
        aligned = align(base.code, translation.code)
    to_translation = {id(p.source): p.translation for p in aligned if p.source is not None}
    to_source: dict[int, Code | None] = {}
    new: list[Code] = []  # source blocks with no base block
    for pair in by_section(base, source, align(base.code, source.code)):
        if pair.source is None:
            assert pair.translation is not None
            new.append(pair.translation)
        else:
            to_source[id(pair.source)] = pair.translation
    in_translation: dict[int, Code] = {}  # source block -> the translation's block
    carries: list[Carry] = []
    conflicts: list[Conflict] = []
    removed: dict[Hashable, list[tuple[Code, Code]]] = {}
    for block in base.code:
        src, tgt = to_source.get(id(block)), to_translation.get(id(block))
        if tgt is None:
            continue  # the translation had dropped it: its own choice
        if src is None:
            if same_code(block, tgt):
                removed.setdefault(key(block), []).append((block, tgt))
            else:
                conflicts.append(Conflict(block, None, tgt))
            continue
        in_translation[id(src)] = tgt
        carry = _update(block, src, tgt)
        if isinstance(carry, Conflict):
            conflicts.append(carry)
        elif carry is not None:
            carries.append(carry)
    paired = {id(t) for t in to_translation.values() if t is not None}
    extras = [t for t in translation.code if id(t) not in paired]
    unplaced = _add_new(new, source, translation, extras, removed, in_translation,
                        carries, conflicts)
    for entries in removed.values():
        carries.extend(Carry(Action.REMOVE, None, tgt) for _, tgt in entries)
    return SyncPlan(tuple(carries), tuple(conflicts), tuple(unplaced))


def _add_new(new: list[Code], source: Digest, translation: Digest, extras: list[Code],
             removed: dict[Hashable, list[tuple[Code, Code]]], in_translation: dict[int, Code],
             carries: list[Carry], conflicts: list[Conflict]) -> list[Code]:
    """The source's new blocks placed (a block the source moved goes with the
    translation's block, which leaves its old place); those with no place, returned."""
    unplaced: list[Code] = []
    fresh = {id(block) for block in new}
    for order, block in enumerate(source.code):
        if id(block) not in fresh:
            continue
        twin = next((t for t in extras if key(t) == key(block)), None)
        if twin is not None:  # the translation has it already
            extras.remove(twin)
            in_translation[id(block)] = twin
            continue
        text, moved = block.source, removed.get(key(block))
        if moved:
            old, tgt = moved[0]
            merged = merge_block(old, block, tgt)
            if merged.outcome is Merge.CONFLICT:
                moved.pop(0)
                conflicts.append(Conflict(old, block, tgt))
                continue
            text = merged.text if merged.text is not None else tgt.source
        add = _placed(block, text, source, translation, in_translation, order)
        if add is None:
            if moved:
                moved.pop(0)  # with no place to move to, the translation's block stays
            unplaced.append(block)
            continue
        if moved:
            moved.pop(0)
            carries.append(Carry(Action.REMOVE, None, tgt))
        carries.append(add)
    return unplaced


def same_code(one: Code, other: Code) -> bool:
    """The same code, comments and strings aside."""
    return classify(one.facts, other.facts, one.role is CodeRole.PYTHON) is not Change.CODE


def _update(base: Code, source: Code, translation: Code) -> Carry | Conflict | None:
    merged = merge_block(base, source, translation)
    if merged.outcome is Merge.CONFLICT:
        return Conflict(base, source, translation)
    outputs, drop = _outputs(base, source, translation)
    if merged.outcome is Merge.KEPT and not any(o is not None for o in outputs) and not drop:
        return None
    return Carry(Action.UPDATE, source, translation, merged.text, outputs, drop)


def _outputs(base: Code, source: Code, translation: Code) -> tuple[tuple[str | None, ...], int]:
    """The translation's outputs as the source's, where it kept the base's."""
    old = [o.text for o in base.outputs]
    have = [o.text for o in translation.outputs]
    new = [o.text for o in source.outputs]
    if have != old[:len(have)]:
        return tuple(None for _ in new), 0  # the translation's own outputs: left as they are
    texts = tuple(text if n >= len(have) or text != have[n] else None
                  for n, text in enumerate(new))
    return texts, max(0, len(have) - len(new))


def _placed(block: Code, text: str, source: Digest, translation: Digest,
            in_translation: dict[int, Code], order: int) -> Carry | None:
    """The addition of a block new in the source, where it goes in the translation."""
    where = place(block, source, translation, in_translation)
    if where is None:
        return None
    return Carry(Action.ADD, block, None, text, after=where.after, before=where.before,
                 section=where.section, order=order)


def synced(lesson: Lesson) -> Directive | None:
    """The lesson's ``code-synced`` directive: its code follows a later source than its
    prose."""
    return next((block for block in lesson.blocks
                 if isinstance(block, Directive) and block.kind == CODE_SYNCED), None)


def base_version(freshness: Freshness, source: Digest, translation: Digest) -> Digest | None:
    """The source as a ``code-synced`` directive says the translation's code follows it."""
    directive = synced(translation.lesson)
    if directive is None:
        return None
    commit = freshness.history.find(directive.args["source"], source.path)
    return None if commit is None else freshness.version(commit, source)
