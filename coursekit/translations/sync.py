"""What a translation's code needs to catch up with its source: a three-way merge of
its code blocks.

The base is the source lesson as the translation last followed it (by history: the
source at the translation's last commit, or at the commit a ``code-synced`` directive
names). Blocks are paired base-to-source and base-to-translation (:func:`align`); then

- a block of all three is merged (:func:`~coursekit.translations.merge.merge_block`):
  the source's new code and strings, the translation's comments and strings kept;
  where both sides changed the code, or the same string, it is a :class:`Conflict`, and
  nothing of it is carried;
- a block new in the source goes in at the matching place (:func:`~coursekit.
  translations.placement.place`): next to the translation's counterpart of a source
  block of its section (the heading of the same anchor), the one it has no prose
  between first, or in the list item of its number, or at the end of the section; a
  framework group new in the source goes in whole, its markers with its fences
  (:mod:`~coursekit.translations.new_groups`), unless prose lies inside it;
- a block the source removed goes, unless the translation changed its code (a conflict);
- a block the source moved (its code as it was, or alike enough to be the same block
  that drifted, as :func:`align` pairs blocks) is a removal of the translation's block
  and an addition of it merged with the source's, its translated outputs kept;
- output fences follow the source: an output the translation kept as in the base takes
  the source's (whether or not the source changed its code), and one the source added
  or removed is added or removed; so do output fences attached to no code, where which
  is which is sure (:mod:`~coursekit.translations.orphans`), and are listed where not.

This module decides on blocks; :mod:`coursekit.fixes.translations` writes the file.
"""

from __future__ import annotations

from coursekit.lessons.directives import CODE_SYNCED
from coursekit.lessons.model import Code, CodeRole, Directive, Lesson
from coursekit.translations.align import Pair, align
from coursekit.translations.carries import Action, Carry, Conflict, SyncPlan
from coursekit.translations.code_changes import Change, classify, key
from coursekit.translations.digest import Digest
from coursekit.translations.freshness import Freshness
from coursekit.translations.history import Commit
from coursekit.translations.merge import Merge, merge_block
from coursekit.translations.moves import kept_outputs, moves
from coursekit.translations.new_groups import NewGroup, new_groups, placed_groups
from coursekit.translations.orphans import carry_unattached
from coursekit.translations.placement import by_section, place


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
    gone: list[tuple[Code, Code]] = []  # base blocks the source lacks, and the translation's
    for block in base.code:
        src, tgt = to_source.get(id(block)), to_translation.get(id(block))
        if tgt is None:
            continue  # the translation had dropped it: its own choice
        if src is None:
            gone.append((block, tgt))
            continue
        in_translation[id(src)] = tgt
        carry = _update(block, src, tgt)
        if isinstance(carry, Conflict):
            conflicts.append(carry)
        elif carry is not None:
            carries.append(carry)
    paired = {id(t) for t in to_translation.values() if t is not None}
    extras = [t for t in translation.code if id(t) not in paired]
    ids = {id(block) for block in new}
    fresh = [block for block in source.code if id(block) in ids]
    untwinned = _untwinned(fresh, extras, in_translation)
    moved = moves(untwinned, gone)
    groups = new_groups(source, {id(b) for b in untwinned if id(b) not in moved})
    grouped = {id(code) for group in groups for code in group.code}
    unplaced = _add_new([b for b in fresh if id(b) not in grouped], moved, source,
                        translation, in_translation, carries, conflicts)
    unplaced.extend(_add_groups(groups, source, translation, in_translation, carries))
    _remove(gone, {id(tgt) for _, tgt in moved.values()}, carries, conflicts)
    updates, stranded = carry_unattached(base.lesson, source.lesson, translation.lesson)
    carries.extend(Carry(Action.OUTPUT, None, text=text, output=output)
                   for output, text in updates)
    return SyncPlan(tuple(carries), tuple(conflicts), tuple(unplaced), tuple(stranded),
                    tuple(group for group in groups if group.prose is not None))


def _add_groups(groups: list[NewGroup], source: Digest, translation: Digest,
                in_translation: dict[int, Code], carries: list[Carry]) -> list[Code]:
    """The framework groups new in the source placed whole; the blocks of those with no
    place, returned (those with prose inside are held, not placed)."""
    unplaced: list[Code] = []
    for group, where in placed_groups(groups, source, translation, in_translation):
        if where is None:
            unplaced.extend(group.code)
            continue
        carries.append(Carry(Action.GROUP, None, after=where.after, before=where.before,
                             section=where.section, group=group,
                             order=source.code.index(group.code[0])))
    return unplaced


def _remove(gone: list[tuple[Code, Code]], moved: set[int], carries: list[Carry],
            conflicts: list[Conflict]) -> None:
    """The removal of the translation's blocks the source removed (not moved), or a
    conflict where the translation changed their code."""
    for block, tgt in gone:
        if id(tgt) in moved:
            continue
        if same_code(block, tgt):
            carries.append(Carry(Action.REMOVE, None, tgt))
        else:
            conflicts.append(Conflict(block, None, tgt))


def _untwinned(fresh: list[Code], extras: list[Code], in_translation: dict[int, Code]
               ) -> list[Code]:
    """The source's new blocks the translation does not have already among its own
    blocks (``extras``); those it has are noted in ``in_translation``."""
    left: list[Code] = []
    for block in fresh:
        twin = next((t for t in extras if key(t) == key(block)), None)
        if twin is None:
            left.append(block)
            continue
        extras.remove(twin)
        in_translation[id(block)] = twin
    return left


def _add_new(fresh: list[Code], moved: dict[int, tuple[Code, Code]], source: Digest,
             translation: Digest, in_translation: dict[int, Code], carries: list[Carry],
             conflicts: list[Conflict]) -> list[Code]:
    """The source's new blocks placed (a block the source moved goes with the
    translation's block merged into it, which leaves its old place); those with no
    place, returned. A moved block with no place, or a conflict, stays where it was."""
    unplaced: list[Code] = []
    for block in fresh:
        if id(block) in in_translation:
            continue  # the translation has it already
        text, outputs = block.source, tuple[str | None, ...]()
        was = moved.get(id(block))
        if was is not None:
            old, tgt = was
            merged = merge_block(old, block, tgt)
            if merged.outcome is Merge.CONFLICT:
                conflicts.append(Conflict(old, block, tgt))
                continue
            text = merged.text if merged.text is not None else tgt.source
            outputs = kept_outputs(old, block, tgt)
        add = _placed(block, text, outputs, source, translation, in_translation,
                      source.code.index(block))
        if add is None:
            unplaced.append(block)
            continue
        if was is not None:
            carries.append(Carry(Action.REMOVE, None, was[1]))
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


def _placed(block: Code, text: str, outputs: tuple[str | None, ...], source: Digest,
            translation: Digest, in_translation: dict[int, Code], order: int) -> Carry | None:
    """The addition of a block new in the source, where it goes in the translation."""
    where = place(block, source, translation, in_translation)
    if where is None:
        return None
    return Carry(Action.ADD, block, None, text, outputs, after=where.after,
                 before=where.before, section=where.section, order=order,
                 indent=where.indent)


def synced(lesson: Lesson) -> Directive | None:
    """The lesson's ``code-synced`` directive: its code follows a later source than its
    prose."""
    return next((block for block in lesson.blocks
                 if isinstance(block, Directive) and block.kind == CODE_SYNCED), None)


def base_commit(freshness: Freshness, source: Digest, translation: Digest) -> Commit | None:
    """The commit whose source a ``code-synced`` translation's code follows: the one
    its ``base`` names where a sync left code to a person (it merged from there, and
    the next merges from there again), else its ``source``."""
    directive = synced(translation.lesson)
    if directive is None:
        return None
    name = directive.args.get("base") or directive.args["source"]
    return freshness.history.find(name, source.path, translation.path)


def base_version(freshness: Freshness, source: Digest, translation: Digest) -> Digest | None:
    """The source as a ``code-synced`` directive says the translation's code follows it."""
    commit = base_commit(freshness, source, translation)
    return None if commit is None else freshness.version(commit, source)
