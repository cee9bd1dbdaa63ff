"""The substance of a lesson, and whether a translation lacks a change of it.

Substance is what a translation must follow and a translator cannot reword: the code of
the lesson (Python tokens without comments and whitespace; string literals count, since
they hold model and dataset names), how many headings it has and at which levels, its
framework blocks and its videos. Prose, heading text and anchors (``[[anchor]]``), link
targets, comments, whitespace and outputs are not substance.

A change of substance is judged by content (:class:`Change`): the translation carries it
when its code has the change's new side rather than its old one, compared by short runs
of tokens with strings blanked unless the change is only in strings, or when its
headings, framework blocks and videos match the new side.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from coursekit.lessons.model import Code, CodeRole
from coursekit.translations.digest import Digest

Gram = tuple[object, ...]
_BLOCK = ("block",)
"""Between two code blocks in a run of tokens: a gram never spans blocks."""


class Block:
    """One code block as substance: its tokens, and the same with strings blanked.

    Read from a lesson (:meth:`of`), a block is tokenized on first use: two blocks of one
    text are equal unread, and most blocks of two versions of a lesson are."""

    __slots__ = ("_code", "_read", "_text")

    def __init__(self, tokens: tuple[object, ...], skeleton: tuple[object, ...]) -> None:
        self._code: Code | None = None
        self._text: tuple[bool, str, str] | None = None
        self._read: tuple[tuple[object, ...], tuple[object, ...]] | None = (tokens, skeleton)

    @classmethod
    def of(cls, code: Code) -> Block:
        block = cls.__new__(cls)
        block._code = code
        # All that its tokens are made from: what is Python, and how else it is read.
        block._text = (code.role is CodeRole.PYTHON, code.language, code.source)
        block._read = None
        return block

    @property
    def key(self) -> object:
        """What two blocks of one text share (their text, or their tokens when they were
        made from tokens): equal keys, equal tokens."""
        return self._text if self._text is not None else self._tokens()

    @property
    def tokens(self) -> tuple[object, ...]:
        return self._tokens()[0]

    @property
    def skeleton(self) -> tuple[object, ...]:
        return self._tokens()[1]

    def _tokens(self) -> tuple[tuple[object, ...], tuple[object, ...]]:
        if self._read is None:
            assert self._code is not None
            self._read = _tokens(self._code)
        return self._read

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Block):
            return NotImplemented
        if self._text is not None and self._text == other._text:
            return True
        return self._tokens() == other._tokens()

    def __hash__(self) -> int:
        return hash(self._tokens())

    def __repr__(self) -> str:
        return f"Block(tokens={self.tokens!r}, skeleton={self.skeleton!r})"


@dataclass(frozen=True, eq=False)
class Substance:
    """The parts of a lesson a translation must follow. Two are compared by their
    headings, framework blocks and videos first: the code, whose blocks of other texts
    are tokenized to be compared, last."""

    code: tuple[Block, ...]
    headings: tuple[int, ...]
    """The level of each heading: how the lesson is cut, not what the headings say."""
    frameworks: tuple[tuple[str, str], ...]
    videos: tuple[str, ...]

    @classmethod
    def of(cls, lesson: Digest) -> Substance:
        return cls(
            code=tuple(Block.of(block) for block in lesson.code),
            headings=tuple(h.level for h in lesson.headings),
            frameworks=tuple((m.marker, m.framework.value) for m in lesson.markers),
            videos=tuple(v.value for v in lesson.videos),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Substance):
            return NotImplemented
        return (self.headings == other.headings and self.frameworks == other.frameworks
                and self.videos == other.videos and self.code == other.code)

    def __hash__(self) -> int:
        return hash((self.headings, self.frameworks, self.videos, self.code))

    def changes(self, now: Substance) -> tuple[str, ...]:
        """What differs from ``self`` in ``now``, in words."""
        found: list[str] = []
        if self.code != now.code:
            changed, removed = _missing(now.code, self.code), _missing(self.code, now.code)
            found.append(f"code ({_count(changed, 'block')} new or changed, {removed} removed)")
        if self.headings != now.headings:
            found.append(f"headings ({len(self.headings)} then, {len(now.headings)} now)")
        if self.frameworks != now.frameworks:
            found.append("framework blocks")
        if self.videos != now.videos:
            found.append("videos")
        return tuple(found)


def _unshared(ours: tuple[Block, ...], theirs: tuple[Block, ...]
              ) -> tuple[list[Block], list[Block]]:
    """The blocks of each side that the other side lacks, matched by text, each block the
    match of one block at most: read by nothing but their texts."""
    keys = Counter(block.key for block in ours)
    keys.subtract(block.key for block in theirs)
    found: tuple[list[Block], list[Block]] = ([], [])
    for blocks, side, step in ((ours, found[0], 1), (theirs, found[1], -1)):
        for block in blocks:
            if keys[block.key] * step > 0:
                keys[block.key] -= step
                side.append(block)
    return found


def _missing(blocks: tuple[Block, ...], others: tuple[Block, ...]) -> int:
    """How many of ``blocks`` have no counterpart among ``others``, each of the others the
    counterpart of one block at most: by text first, then by tokens, so that only the
    blocks no text matches are tokenized."""
    unmatched, left = _unshared(blocks, others)
    if not unmatched:
        return 0
    tokens = Counter(block._tokens() for block in left)
    missing = 0
    for block in unmatched:
        if tokens[block._tokens()] > 0:
            tokens[block._tokens()] -= 1
        else:
            missing += 1
    return missing


def _tokens(block: Code) -> tuple[tuple[object, ...], tuple[object, ...]]:
    facts = block.facts
    if block.role is CodeRole.PYTHON and facts.tokens_without_comments is not None \
            and facts.skeleton is not None:
        return tuple(facts.tokens_without_comments), tuple(facts.skeleton)
    words = (block.language, *block.source.split())
    return words, words


def runs(blocks: Iterable[tuple[object, ...]]) -> Counter[Gram]:
    """Every run of three tokens of each block, counted: what a change adds or removes
    shows as the runs it adds or removes, wherever the block moved."""
    found: Counter[Gram] = Counter()
    for tokens in blocks:
        run = (_BLOCK, *tokens, _BLOCK)
        found.update(zip(run, run[1:], run[2:], strict=False))  # the runs of three
    return found


def _beyond(ours: tuple[Block, ...], theirs: tuple[Block, ...], blanked: bool) -> Counter[Gram]:
    """The runs ``ours`` has more of than ``theirs`` (negative: fewer), none at zero. The
    runs of a lesson are its blocks' runs added up, so a block both have (by its text)
    adds the same to each side: only the blocks one side lacks are read."""
    more, fewer = _unshared(ours, theirs)
    found = runs(block.skeleton if blanked else block.tokens for block in more)
    lost = runs(block.skeleton if blanked else block.tokens for block in fewer)
    difference = {gram: count - lost[gram] for gram, count in found.items()}
    difference.update((gram, -count) for gram, count in lost.items() if gram not in found)
    return Counter({gram: count for gram, count in difference.items() if count})


class Change:
    """A change of substance from ``before`` to ``after``, as far as it lasted until
    ``now`` (a part a later commit undid is owed no more). What the change added and
    removed is counted once; each translation of the source is then weighed against it
    (:meth:`owed_by`)."""

    __slots__ = ("_code", "_parts")

    def __init__(self, before: Substance, after: Substance, now: Substance) -> None:
        self._code: _CodeChange | bool | None = (
            _code_change(before, after, now) if before.code != after.code else None)
        self._parts = tuple(
            (part, then, changed, changed == current)
            for part, then, changed, current in (
                ("headings", before.headings, after.headings, now.headings),
                ("frameworks", before.frameworks, after.frameworks, now.frameworks),
                ("videos", before.videos, after.videos, now.videos),
            ) if then != changed)

    @property
    def size(self) -> int:
        """How much lasted of the change: the runs of tokens its code added and removed,
        and one for each other part it changed."""
        code = self._code
        runs_changed = (sum(code.added.values()) + sum(code.removed.values())
                        if isinstance(code, _CodeChange) else int(bool(code)))
        return runs_changed + sum(lasted for *_, lasted in self._parts)

    def owed_by(self, translation: Substance) -> bool | None:
        """Whether ``translation`` lacks the change: False when it has the new side or
        nothing of the change lasted, True when it keeps the old side (or lacks what was
        added), None when its content cannot tell."""
        votes: list[bool | None] = []
        if isinstance(self._code, _CodeChange):
            votes.append(self._code.owed_by(translation))
        elif self._code is not None:
            votes.append(self._code)
        for part, then, changed, lasted in self._parts:
            own = getattr(translation, part)
            votes.append(False if own == changed or not lasted else True if own == then
                         else None)
        if True in votes:
            return True
        return None if None in votes else False


@dataclass(frozen=True, slots=True)
class _CodeChange:
    """The runs of tokens a code change added and removed, and that are still added and
    removed now, at the first level where the change shows: with strings blanked (a
    translation translates strings), or with them where the change is only in strings."""

    blanked: bool
    added: Counter[Gram]
    removed: Counter[Gram]
    old: tuple[Block, ...]
    """The code before the change."""
    current: tuple[Block, ...]
    """The code now."""

    def owed_by(self, translation: Substance) -> bool | None:
        has_new = _share(_beyond(translation.code, self.old, self.blanked), self.added)
        has_old = _share(_beyond(translation.code, self.current, self.blanked), self.removed)
        if has_new is not None and has_old is not None:
            return False if has_new > has_old else True if has_new < has_old else None
        if has_new is not None:
            return has_new < 0.5
        assert has_old is not None
        return has_old >= 0.5


def _code_change(before: Substance, after: Substance, now: Substance) -> _CodeChange | bool:
    """The change of the code, or False where none of it shows or lasted."""
    for blanked in (True, False):
        changed = _beyond(after.code, before.code, blanked)  # the new side's runs beyond the old
        if not changed:
            continue
        lasting = _beyond(now.code, before.code, blanked)  # the code now beyond the old
        added = _positive((g, min(n, lasting.get(g, 0))) for g, n in changed.items())
        removed = _positive((g, min(-n, -lasting.get(g, 0))) for g, n in changed.items())
        if not (added or removed):  # what the change did, a later commit undid
            return False
        return _CodeChange(blanked, added, removed, before.code, now.code)
    return False


def _positive(counts: Iterable[tuple[Gram, int]]) -> Counter[Gram]:
    """The runs counted more than zero times, in their order."""
    return Counter({gram: count for gram, count in counts if count > 0})


def _share(beyond: Counter[Gram], delta: Counter[Gram]) -> float | None:
    """How much of ``delta`` (runs one side has beyond another) a translation has too,
    ``beyond`` being the runs it has beyond that other side."""
    total = sum(delta.values())
    if not total:
        return None
    found = sum(max(0, min(beyond.get(gram, 0), extra)) for gram, extra in delta.items())
    return found / total


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'s' * (number != 1)}"
