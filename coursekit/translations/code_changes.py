"""How a translated code block differs from its source block."""

from __future__ import annotations

import difflib
import enum
from collections.abc import Callable, Hashable, Sequence

from coursekit.lessons.model import Code, CodeRole
from coursekit.lessons.python import CodeFacts
from coursekit.lessons.python_tokens import placed_tokens
from coursekit.translations.token_layout import same_without_layout


class Change(enum.StrEnum):
    """The smallest kind of change that explains the difference, from none to code."""

    IDENTICAL = "identical"
    WHITESPACE = "whitespace"
    COMMENTS = "comments"
    STRINGS = "strings"
    """String literals changed (comments and whitespace may have changed too)."""
    FORMATTING = "formatting"
    """The code differs, but not once both blocks are formatted (a call split over lines,
    a trailing comma, other quotes): the same code, formatted differently."""
    CODE = "code"


IGNORABLE = frozenset({Change.WHITESPACE, Change.COMMENTS, Change.STRINGS})
"""The changes not reported by default."""
CHOOSABLE = IGNORABLE | {Change.FORMATTING}
"""The changes a course may choose not to report."""

Formatted = Callable[[CodeFacts], CodeFacts | None]
"""The facts of a block's code as formatted, ``None`` when it is not formatted: one
object per formatted text, so a source block formatted for each of its translations is
tokenized once."""


def classify(source: CodeFacts, translation: CodeFacts, python: bool = True,
             formatted: Formatted | None = None) -> Change:
    """Classify the change from ``source`` to ``translation`` (the facts of two blocks).

    Python blocks are compared token by token; other blocks (and Python that cannot
    be tokenized) word by word, where only whitespace changes are recognised. With
    ``formatted``, Python whose code differs is compared again as formatted, and is
    :attr:`Change.FORMATTING` when that removes the difference.
    """
    change = _classify(source, translation, python)
    if change is not Change.CODE or not python or formatted is None:
        return change
    ours, theirs = formatted(source), formatted(translation)
    if ours is None or theirs is None:
        return change
    again = _classify(ours, theirs, python)
    return Change.CODE if again is Change.CODE else Change.FORMATTING


def _classify(source: CodeFacts, translation: CodeFacts, python: bool) -> Change:
    if source.source == translation.source:
        return Change.IDENTICAL
    cheap = _cheap(source, translation) if python else None
    if cheap is not None:
        return cheap
    if python and source.tokens is not None and translation.tokens is not None:
        if source.tokens == translation.tokens:
            return Change.WHITESPACE
        if source.tokens_without_comments == translation.tokens_without_comments:
            return Change.COMMENTS
        bare, others = source.tokens_without_comments, translation.tokens_without_comments
        if bare is not None and others is not None and same_without_layout(bare, others):
            return Change.FORMATTING  # the same code, laid out as a formatter may
        ours, theirs = source.skeleton, translation.skeleton
        if ours == theirs or (ours is not None and theirs is not None
                              and same_without_layout(ours, theirs)):
            return Change.STRINGS
        return Change.CODE
    if _words(source.source) == _words(translation.source):
        return Change.WHITESPACE
    return Change.CODE


def _words(source: str) -> tuple[str, ...]:
    """Whitespace-separated words: how non-Python blocks are compared."""
    return tuple(source.split())


def shell_words(source: str) -> tuple[str, ...]:
    """The words of a shell block without its comments: a ``#`` that starts a word,
    outside quotes, to the end of its line (``pkg#egg=name`` is one word)."""
    words: list[str] = []
    for line in source.splitlines():
        quote = ""
        for at, char in enumerate(line):
            if quote:
                quote = "" if char == quote else quote
            elif char in "'\"":
                quote = char
            elif char == "#" and (at == 0 or line[at - 1].isspace()):
                line = line[:at]
                break
        words.extend(line.split())
    return tuple(words)


def _comment_lines(source: str) -> list[str]:
    return [line.strip() for line in source.split("\n") if line.strip().startswith("#")]


def _cheap(source: CodeFacts, translation: CodeFacts) -> Change | None:
    """The change, when comparing lines is enough to know it."""
    lines = source.code_lines
    if lines is None or lines != translation.code_lines:
        return None
    same_comments = _comment_lines(source.source) == _comment_lines(translation.source)
    return Change.WHITESPACE if same_comments else Change.COMMENTS


def _is_python(code: Code) -> bool:
    return code.role is CodeRole.PYTHON


def key(code: Code) -> Hashable:
    """What must be equal for two blocks to be the same code (comments and strings aside)."""
    if _is_python(code):
        skeleton = code.facts.skeleton
        if skeleton is not None:
            return (code.framework, skeleton)
    return (code.framework, _words(code.source))


def _ratio(source: CodeFacts, translation: CodeFacts, python: bool, floor: float) -> float:
    a = source.skeleton if python else None
    b = translation.skeleton if python else None
    seq_a: tuple[Hashable, ...]
    seq_b: tuple[Hashable, ...]
    if a is not None and b is not None:
        seq_a, seq_b = a, b
    else:  # compare like with like when one side cannot be tokenized
        seq_a, seq_b = _words(source.source), _words(translation.source)
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
    return _ratio(source.facts, translation.facts, _is_python(source), floor)


def short_diff(source: str, translation: str, limit: int = 6, near: int | None = None,
               first: Callable[[], Rows] | None = None) -> str:
    """The first changed lines, ``-`` from the source and ``+`` from the translation, with
    the indentation they have beyond the least of them (a line moved out of its loop
    shows it); where more lines changed than are shown, with ``first`` (which gives
    :func:`code_rows`, asked only then), the lines whose code changed (and the other
    side's line most like each) first, then the other lines of their changes, then the
    rest (translated comments): a comment translated above a call that changed, in one
    change with it, comes after the call; with ``near`` (a line of the translation, from 1, that
    changed), that line first, after the source line of its change most like it."""
    old, new = source.splitlines(), translation.splitlines()
    # The changes unified_diff(n=0) shows: a group per change, removed lines first.
    groups: list[list[tuple[str, int]]] = [
        [*(("-", i) for i in range(i1, i2)), *(("+", j) for j in range(j1, j2))]
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new).get_opcodes()
        if tag != "equal"]
    if first is not None and sum(map(len, groups)) > limit:
        rows = first()

        def text(entry: tuple[str, int]) -> str:
            return (old if entry[0] == "-" else new)[entry[1]].strip()

        def code(entry: tuple[str, int], group: list[tuple[str, int]]) -> bool:
            """Its code changed, or it is the other side's line whose code changed."""
            if entry[1] in (rows[0] if entry[0] == "-" else rows[1]):
                return True
            return any(sign != entry[0] and i in (rows[0] if sign == "-" else rows[1])
                       and _alike(text(entry), text((sign, i))) >= 0.5 for sign, i in group)

        ranked = [(not code(entry, group), not any(code(e, group) for e in group), entry)
                  for group in groups for entry in group]
        changed = [entry for *_, entry in sorted(ranked, key=lambda r: r[:2])]
    else:
        changed = [entry for group in groups for entry in group]
    if near is not None and ("+", near - 1) in changed:
        ahead = [*_likeliest_before(old, new, changed, near - 1), ("+", near - 1)]
        changed = ahead + [entry for entry in changed if entry not in ahead]
    lines = [(sign, (old if sign == "-" else new)[i].expandtabs().rstrip())
             for sign, i in changed[:limit]]
    margin = min((len(text) - len(text.lstrip()) for _, text in lines if text), default=0)
    shown = [f"{sign} {text[margin:]}" for sign, text in lines]
    if len(changed) > limit:
        shown.append(f"... {len(changed) - limit} more changed lines")
    return "\n".join(shown)


Rows = tuple[frozenset[int], frozenset[int]]
"""Lines (from 0) of a source block and of its translation."""


def code_rows(source: str, translation: str) -> Rows:
    """The lines of each side whose code changed: tokens other than comments, each
    string literal's text aside, that the other side lacks; none where either side
    cannot be tokenized."""
    ours, theirs = placed_tokens(source), placed_tokens(translation)
    if ours is None or theirs is None:
        return frozenset(), frozenset()
    rows: tuple[set[int], set[int]] = (set(), set())
    matcher = difflib.SequenceMatcher(None, [t for t, _ in ours], [t for t, _ in theirs],
                                      autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            rows[0].update(row for _, span in ours[i1:i2] for row in span)
            rows[1].update(row for _, span in theirs[j1:j2] for row in span)
    return frozenset(rows[0]), frozenset(rows[1])


def _likeliest_before(old: list[str], new: list[str], changed: list[tuple[str, int]],
                      line: int) -> list[tuple[str, int]]:
    """The removed line most like ``line`` (of ``new``), when one is at least half alike:
    what that line was before it broke. One of its own change first, then any other."""
    at = changed.index(("+", line))
    start = at
    while start > 0 and changed[start - 1][0] == "+":
        start -= 1
    own = []
    while start > 0 and changed[start - 1][0] == "-":
        start -= 1
        own.append(changed[start][1])
    elsewhere = [i for sign, i in changed if sign == "-" and i not in own]
    broken = new[line].strip()
    for removed in (own, elsewhere):
        scored = [(_alike(old[i].strip(), broken), -i) for i in removed]
        best = max(scored, default=None)
        if best is not None and best[0] >= 0.5:
            return [("-", -best[1])]
    return []


def _alike(before: str, after: str) -> float:
    """How alike two lines are (0 to 1); a line cut or extended (text pasted after it, a
    comma lost) counts as alike when the shorter side holds some code."""
    shorter, longer = sorted((before, after), key=len)
    if len(shorter) >= 8 and longer.startswith(shorter):
        return 1.0
    return difflib.SequenceMatcher(None, before, after).ratio()
