"""How a translated code block differs from its source block."""

from __future__ import annotations

import difflib
import enum
from collections.abc import Hashable, Sequence
from functools import lru_cache

from coursekit.lessons.model import Code, CodeRole
from coursekit.translations import pysource

_CACHE = 1 << 15


class Change(enum.StrEnum):
    """The smallest kind of change that explains the difference, from none to code."""

    IDENTICAL = "identical"
    WHITESPACE = "whitespace"
    COMMENTS = "comments"
    STRINGS = "strings"
    """String literals changed (comments and whitespace may have changed too)."""
    CODE = "code"


IGNORABLE = frozenset({Change.WHITESPACE, Change.COMMENTS, Change.STRINGS})


@lru_cache(maxsize=_CACHE)
def classify(source: str, translation: str, python: bool = True) -> Change:
    """Classify the change from ``source`` to ``translation``.

    Python blocks are compared token by token; other blocks (and Python that cannot
    be tokenized) word by word, where only whitespace changes are recognised.
    """
    if source == translation:
        return Change.IDENTICAL
    cheap = _cheap(source, translation) if python else None
    if cheap is not None:
        return cheap
    if python:
        src_tokens, tgt_tokens = pysource.tokens(source), pysource.tokens(translation)
        if src_tokens is not None and tgt_tokens is not None:
            if src_tokens == tgt_tokens:
                return Change.WHITESPACE
            if pysource.without_comments(source) == pysource.without_comments(translation):
                return Change.COMMENTS
            if pysource.skeleton(source) == pysource.skeleton(translation):
                return Change.STRINGS
            return Change.CODE
    if pysource.words(source) == pysource.words(translation):
        return Change.WHITESPACE
    return Change.CODE


@lru_cache(maxsize=_CACHE)
def lines_without_comments(source: str) -> tuple[str, ...] | None:
    """Each code line with its indentation and single-spaced words, comment lines dropped:
    a cheap stand-in for tokens when a translation only adds or rewords comment lines.

    ``None`` when only the tokenizer can tell: a ``#`` line may sit inside a string
    literal (triple quotes), or a line has a ``#`` after code.
    """
    if '"""' in source or "'''" in source:
        return None
    kept: list[str] = []
    for line in source.split("\n"):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if "#" in stripped:
            return None
        indent = line[: len(line) - len(line.lstrip())]
        kept.append(indent + " ".join(stripped.split()))
    return tuple(kept)


def _comment_lines(source: str) -> list[str]:
    return [line.strip() for line in source.split("\n") if line.strip().startswith("#")]


def _cheap(source: str, translation: str) -> Change | None:
    """The change, when comparing lines is enough to know it."""
    src, tgt = lines_without_comments(source), lines_without_comments(translation)
    if src is None or src != tgt:
        return None
    same_comments = _comment_lines(source) == _comment_lines(translation)
    return Change.WHITESPACE if same_comments else Change.COMMENTS


def _is_python(code: Code) -> bool:
    return code.role is CodeRole.PYTHON


def key(code: Code) -> Hashable:
    """What must be equal for two blocks to be the same code (comments and strings aside)."""
    if _is_python(code):
        skeleton = pysource.skeleton(code.source)
        if skeleton is not None:
            return (code.framework, skeleton)
    return (code.framework, pysource.words(code.source))


@lru_cache(maxsize=_CACHE)
def _ratio(source: str, translation: str, python: bool, floor: float) -> float:
    a = pysource.skeleton(source) if python else None
    b = pysource.skeleton(translation) if python else None
    seq_a: tuple[Hashable, ...]
    seq_b: tuple[Hashable, ...]
    if a is not None and b is not None:
        seq_a, seq_b = a, b
    else:  # compare like with like when one side cannot be tokenized
        seq_a, seq_b = pysource.words(source), pysource.words(translation)
    if not seq_a and not seq_b:
        return 1.0
    return _sequence_ratio(seq_a, seq_b, floor)


_EXACT_LIMIT = 1 << 20
"""Above this product of lengths, the matcher skips the most frequent tokens (autojunk)."""


def _sequence_ratio(a: Sequence[Hashable], b: Sequence[Hashable], floor: float) -> float:
    """``SequenceMatcher.ratio`` with the common head and tail counted directly: the
    matcher costs up to ``len(a) * len(b)``, and translated blocks mostly differ in a
    few places. A ratio below ``floor`` may come back as a cheaper upper bound."""
    total = len(a) + len(b)
    head = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        head += 1
    tail = 0
    for x, y in zip(reversed(a[head:]), reversed(b[head:]), strict=False):
        if x != y:
            break
        tail += 1
    a, b = a[head:len(a) - tail], b[head:len(b) - tail]
    if not a or not b:
        return 2.0 * (head + tail) / total
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=len(a) * len(b) > _EXACT_LIMIT)
    bound = 2.0 * (head + tail + min(len(a), len(b))) / total
    if bound < floor:
        return bound
    bound = 2.0 * (head + tail) / total + matcher.quick_ratio() * (len(a) + len(b)) / total
    if bound < floor:
        return bound
    matches = sum(block.size for block in matcher.get_matching_blocks())
    return 2.0 * (head + tail + matches) / total


def similarity(source: Code, translation: Code, floor: float = 0.0) -> float:
    """0.0 (unrelated) to 1.0 (same code); blocks of other frameworks or roles score 0.

    A score below ``floor`` may be returned as any value below ``floor`` (an upper
    bound of the score, which is cheaper to compute)."""
    if source.framework is not translation.framework or source.role is not translation.role:
        return 0.0
    return _ratio(source.source, translation.source, _is_python(source), floor)


def short_diff(source: str, translation: str, limit: int = 6) -> str:
    """The first changed lines, ``-`` from the source and ``+`` from the translation."""
    lines = [
        line
        for line in difflib.unified_diff(
            source.splitlines(), translation.splitlines(), lineterm="", n=0
        )
        if line[:1] in "+-" and not line.startswith(("---", "+++"))
    ]
    shown = [f"{line[0]} {line[1:].strip()}" for line in lines[:limit]]
    if len(lines) > limit:
        shown.append(f"... {len(lines) - limit} more changed lines")
    return "\n".join(shown)
