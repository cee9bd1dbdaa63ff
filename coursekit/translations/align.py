"""Pairing the code blocks of a translation with those of its source lesson.

Blocks are aligned as sequences, not by index: a block missing from (or added to)
the translation leaves every later pair intact. Blocks with the same code
(comments and strings aside) are anchored first; what lies between two anchors is
aligned by similarity, so that a block whose code drifted still finds its partner.
That costs a comparison of every block of the run with every other: a run of more
than :data:`CHUNK` blocks on a side is aligned :data:`CHUNK` blocks at a time (linear
time, where a lesson with 1,600 differing blocks once took 87 s), and reported.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from coursekit.lessons.model import Code
from coursekit.translations.code_changes import key, similarity

MATCH_THRESHOLD = 0.5
"""Least similarity for two different blocks to count as one block that drifted."""
CHUNK = 48
"""Blocks of a run, on either side, aligned whole; a longer run is aligned in chunks."""


@dataclass(frozen=True, slots=True)
class CappedRun:
    """A run of differing blocks aligned in chunks, not as a whole."""

    source: tuple[Code, ...]
    translation: tuple[Code, ...]


@dataclass(frozen=True, slots=True)
class Pair:
    """A source block and its translation; one side is ``None`` when unmatched."""

    source: Code | None
    translation: Code | None


def align(
    source: Sequence[Code], translation: Sequence[Code], threshold: float = MATCH_THRESHOLD,
    capped: list[CappedRun] | None = None,
) -> list[Pair]:
    """Align two block sequences; every block appears in exactly one pair, in order.
    Each run aligned in chunks is added to ``capped``, when given."""
    return _align(source, translation, _KEYS, threshold, capped if capped is not None else [])


def _text(code: Code) -> Hashable:
    return (code.framework, code.language, code.source)


def _lines(code: Code) -> Hashable:
    lines = code.facts.code_lines
    return (code.framework, code.language, code.source if lines is None else lines)


_KEYS: tuple[Callable[[Code], Hashable], ...] = (_text, _lines, key)
"""Ever finer notions of "the same block", cheapest first: byte-identical blocks are most
of a translation, and blocks that only gained comment lines need no tokenizing."""


def _align(
    source: Sequence[Code], translation: Sequence[Code],
    keys: Sequence[Callable[[Code], Hashable]], threshold: float, capped: list[CappedRun],
) -> list[Pair]:
    if not keys:
        if len(source) <= CHUNK and len(translation) <= CHUNK:
            return _align_region(source, translation, threshold)
        capped.append(CappedRun(tuple(source), tuple(translation)))
        return _align_chunks(source, translation, threshold)
    pairs: list[Pair] = []
    for tag, i1, i2, j1, j2 in _opcodes(source, translation, keys[0]):
        if tag == "equal":
            pairs.extend(Pair(s, t) for s, t in zip(source[i1:i2], translation[j1:j2], strict=True))
        else:
            pairs.extend(_align(source[i1:i2], translation[j1:j2], keys[1:], threshold, capped))
    return pairs


def _align_chunks(
    source: Sequence[Code], translation: Sequence[Code], threshold: float
) -> list[Pair]:
    """A long run aligned :data:`CHUNK` source blocks at a time, each against the
    translation blocks at the same proportion of the run."""
    pairs: list[Pair] = []
    n, m = len(source), len(translation)
    chunks = -(-max(n, m) // CHUNK)
    for k in range(chunks):
        i1, i2 = n * k // chunks, n * (k + 1) // chunks
        j1, j2 = m * k // chunks, m * (k + 1) // chunks
        pairs.extend(_align_region(source[i1:i2], translation[j1:j2], threshold))
    return pairs


def _opcodes(
    source: Sequence[Code], translation: Sequence[Code], key_of: Callable[[Code], Hashable]
) -> Sequence[tuple[str, int, int, int, int]]:
    if not source or not translation:
        return [("replace", 0, len(source), 0, len(translation))] if source or translation else []
    a, b = [key_of(c) for c in source], [key_of(c) for c in translation]
    if a == b:  # the translation kept every block: what difflib answers, without its tables
        return [("equal", 0, len(a), 0, len(b))]
    return difflib.SequenceMatcher(None, *_anchors(a, b), autojunk=False).get_opcodes()


def _anchors(a: list[Hashable], b: list[Hashable]) -> tuple[list[Hashable], list[Hashable]]:
    """``a`` and ``b`` with each key that is not once on each side made unmatchable: a
    block the source repeats (the same call shown twice) anchors nothing, since which of
    its copies a translation's copy stands for is a question of order, answered by the
    finer keys and the similarity alignment of the run around it. Anchoring on it could
    pair the translation's last copy with the source's first and leave every block
    between them unmatched on both sides."""
    once = _counted_once(a) & _counted_once(b)
    if len(once) == len(set(a) | set(b)):
        return a, b
    return ([k if k in once else (_SOURCE_ONLY, i) for i, k in enumerate(a)],
            [k if k in once else (_TRANSLATION_ONLY, j) for j, k in enumerate(b)])


def _counted_once(keys: list[Hashable]) -> set[Hashable]:
    seen: set[Hashable] = set()
    repeated: set[Hashable] = set()
    for k in keys:
        (repeated if k in seen else seen).add(k)
    return seen - repeated


_SOURCE_ONLY, _TRANSLATION_ONLY = object(), object()
"""Markers that make a repeated key of either side equal to nothing."""


def _align_region(
    source: Sequence[Code], translation: Sequence[Code], threshold: float
) -> list[Pair]:
    """Best-scoring monotone matching of two short runs of blocks (Needleman-Wunsch, free gaps)."""
    n, m = len(source), len(translation)
    if n == 0 or m == 0:
        return [Pair(s, None) for s in source] + [Pair(None, t) for t in translation]
    sim = [[similarity(s, t, threshold) for t in translation] for s in source]
    score = [[0.0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            best = max(score[i + 1][j], score[i][j + 1])
            if sim[i][j] >= threshold:
                best = max(best, sim[i][j] + score[i + 1][j + 1])
            score[i][j] = best
    pairs: list[Pair] = []
    i = j = 0
    while i < n and j < m:
        if sim[i][j] >= threshold and score[i][j] == sim[i][j] + score[i + 1][j + 1]:
            pairs.append(Pair(source[i], translation[j]))
            i, j = i + 1, j + 1
        elif score[i][j] == score[i + 1][j]:
            pairs.append(Pair(source[i], None))
            i += 1
        else:
            pairs.append(Pair(None, translation[j]))
            j += 1
    pairs.extend(Pair(s, None) for s in source[i:])
    pairs.extend(Pair(None, t) for t in translation[j:])
    return pairs
