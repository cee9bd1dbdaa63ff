"""What a sync plan holds: the changes to a translation's code, the blocks both sides
changed, and what has no place (:func:`~coursekit.translations.sync.plan_sync` makes
it, :mod:`coursekit.fixes.sync_edits` writes it)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from coursekit.lessons.model import Code, Heading, Output, Prose
from coursekit.translations.new_groups import NewGroup
from coursekit.translations.orphans import Stranded


class Action(enum.StrEnum):
    UPDATE = "update"
    ADD = "add"
    REMOVE = "remove"
    OUTPUT = "output"
    """An output fence attached to no code takes the source's text."""
    GROUP = "group"
    """A framework group new in the source goes in whole, as an addition goes."""


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
    translation's outputs adds that source output fence. Add: for each output fence of
    the source block, the text its copy takes (None, or none given: the source's)."""
    drop_outputs: int = 0
    """Update: how many of the translation's last output fences go."""
    after: Code | Prose | None = None
    """Add, group: the translation's block it goes after (after its output fences), or
    the paragraph of a list item."""
    before: Code | None = None
    """Add, group: the translation's block it goes before, when there is none to go
    after."""
    section: Heading | None = None
    """Add, group: the translation's heading at the end of whose section it goes, when
    it has no neighbour in the section."""
    order: int = 0
    """Add: its place among the source's blocks, for blocks added at one place."""
    indent: tuple[Code | Prose, Code | Prose] | None = None
    """Add: the source's block or list item it goes next to, and the translation's
    counterpart, whose indentations say how the block's changes."""
    output: Output | None = None
    """Output: the translation's output fence, attached to no code, that takes ``text``."""
    group: NewGroup | None = None
    """Group: the source's framework group it adds (placed as an addition is)."""


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
    stranded: tuple[Stranded, ...] = field(default=())
    """Output fences attached to no code whose change is not carried over: which of the
    translation's is which of the source's is not sure."""

    held: tuple[NewGroup, ...] = field(default=())
    """Framework groups new in the source with prose inside them: not added."""

    @property
    def blocks(self) -> int:
        """How many code blocks the plan carries over."""
        return len(self.carries)

    @property
    def leaves_code(self) -> bool:
        """Whether code of the source is left for a person to carry: a conflict, a block
        with no place, a new framework group with prose inside."""
        return bool(self.conflicts or self.unplaced or self.held)
