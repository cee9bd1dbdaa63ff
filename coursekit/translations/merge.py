"""A three-way merge of one code block: the source's new code into a translation.

The base is the source block as it was when the translation was last brought up to
date; the translation changed it (at most) in comments and strings, the source in
code or strings. Lines are merged as ``diff3`` merges them: a region only the source
changed takes the source's lines, one only the translation changed keeps the
translation's (its translated comments and strings), and a region both changed takes
the source's lines, except the lines whose code the source left as it was, which keep
their translation. A string the translation translated and the source changed is a
conflict. The merge is checked: its code must be the source's code, or the source's
block is taken whole.

Where the translation changed the code too, only a clean ``diff3`` (no region both
sides changed, but in the same way) whose code is the source's is taken: a change both
made alike is no conflict.
"""

from __future__ import annotations

import difflib
import enum
import io
import tokenize
from collections.abc import Sequence
from dataclasses import dataclass

from coursekit.lessons.model import Code, CodeRole
from coursekit.lessons.python import CodeFacts
from coursekit.lessons.python_tokens import Token, literals
from coursekit.translations.code_changes import Change, classify


class Merge(enum.StrEnum):
    KEPT = "kept"
    """Nothing to carry: the translation has the source's code already, or the source
    did not change the block's code."""
    TAKEN = "taken"
    """The source's new code, with the translation's comments and strings where the
    code around them did not change."""
    CONFLICT = "conflict"
    """The source and the translation both changed the block's code, or the same
    string."""


@dataclass(frozen=True, slots=True)
class BlockMerge:
    outcome: Merge
    text: str | None = None
    """The block's new code (:attr:`Merge.TAKEN`)."""
    kept_translation: bool = False
    """Whether some of the translation's own comments or strings survived the merge."""


_SAME_CODE = frozenset({Change.IDENTICAL, Change.WHITESPACE, Change.COMMENTS})
"""The changes that leave a block's code and strings as they were."""


def _change(old: Code, new: Code) -> Change:
    return classify(old.facts, new.facts, old.role is CodeRole.PYTHON)


def merge_block(base: Code, source: Code, translation: Code) -> BlockMerge:
    """The translation's block with the source's new code and strings, or why not."""
    if _change(source, translation) in _SAME_CODE:
        return BlockMerge(Merge.KEPT)
    if _change(base, source) in _SAME_CODE:
        return BlockMerge(Merge.KEPT)  # the translation's own change: not the source's
    own = _change(base, translation)
    if own is Change.IDENTICAL:
        return BlockMerge(Merge.TAKEN, source.source)
    merged, clean = merge_lines(base.source, translation.source, source.source)
    if own is Change.CODE:
        # Only a merge with nothing both sides changed apart, whose code is the source's.
        if clean and _checked(source, merged):
            return _taken(source, merged)
        return BlockMerge(Merge.CONFLICT)
    if _string_conflict(base, source, translation):
        return BlockMerge(Merge.CONFLICT)
    merged = _restored(base, source, translation, merged)
    return _taken(source, merged) if _checked(source, merged) else \
        BlockMerge(Merge.TAKEN, source.source)


def _taken(source: Code, merged: str) -> BlockMerge:
    if merged == source.source:
        return BlockMerge(Merge.TAKEN, source.source)
    return BlockMerge(Merge.TAKEN, merged, kept_translation=True)


def _checked(source: Code, merged: str) -> bool:
    """Whether the merge has the source's code, and parses where the source does."""
    facts = CodeFacts(merged)
    python = source.role is CodeRole.PYTHON
    parses = not python or source.facts.error is not None or facts.error is None
    return parses and classify(source.facts, facts, python) is not Change.CODE


def _string_conflict(base: Code, source: Code, translation: Code) -> bool:
    """Whether the translation translated a string that the source changed (to another
    text than the translation's)."""
    found = _string_pairs(base, source, translation)
    if found is None:
        return False
    ours, theirs, mine, pairs = found
    return any(ours[i] != mine[i] and ours[i] != theirs[k] and theirs[k] != mine[i]
               for i, k, _ in pairs)


def _string_pairs(base: Code, source: Code, translation: Code
                  ) -> tuple[list[str], list[str], list[str], list[tuple[int, int, bool]]] | None:
    """The strings of the base, the source and the translation, and which string of the
    base (by index) is which of the source, wherever the source moved them, with whether
    the code either side of it is the same too (the tokens next to it). The
    translation's strings are the base's, one for one; None where they are not, or a
    block does not read as Python."""
    ours, theirs = _literals(base.facts), _literals(source.facts)
    mine = _literals(translation.facts)
    b_sk, s_sk = base.facts.skeleton, source.facts.skeleton
    if ours is None or theirs is None or mine is None or b_sk is None or s_sk is None:
        return None
    at_b, at_s = _string_places(b_sk), _string_places(s_sk)
    if not len(mine) == len(ours) == len(at_b) or len(theirs) != len(at_s):
        return None
    matcher = difflib.SequenceMatcher(None, b_sk, s_sk, autojunk=False)
    pairs = [(at_b[block.a + offset], at_s[block.b + offset], 0 < offset < block.size - 1)
             for block in matcher.get_matching_blocks() for offset in range(block.size)
             if block.a + offset in at_b]
    return ours, theirs, mine, pairs


def _restored(base: Code, source: Code, translation: Code, merged: str) -> str:
    """``merged`` with each string the translation translated in its translation, where
    the source kept the string and the code either side of it but changed its line (a
    call split over lines, a later argument changed): the diff3 of lines took the
    source's line, the string's place in the code is as it was."""
    found = _string_pairs(base, source, translation)
    spans_t, spans_m = _literal_spans(translation.source), _literal_spans(merged)
    if found is None or spans_t is None or spans_m is None:
        return merged
    ours, theirs, mine, pairs = found
    now = _literals(CodeFacts(merged))
    if [translation.source[a:b] for a, b in spans_t] != mine or now is None or \
            [merged[a:b] for a, b in spans_m] != now or len(now) != len(theirs):
        return merged  # the literals read by tokens are not their texts (f-strings)
    swaps = sorted(((spans_m[k], translation.source[slice(*spans_t[i])])
                    for i, k, framed in pairs
                    if framed and ours[i] == theirs[k] == now[k] != mine[i]),
                   reverse=True)
    for (start, end), text in swaps:
        merged = merged[:start] + text + merged[end:]
    return merged


def _literal_spans(text: str) -> list[tuple[int, int]] | None:
    """Where each string literal of ``text`` lies (start and end offsets), adjacent
    literals counted as one as :func:`~coursekit.lessons.python_tokens.literals` counts
    them; None where :mod:`tokenize` cannot read it."""
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    spans: list[tuple[int, int]] = []
    before = False
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type in (tokenize.COMMENT, tokenize.NL):
                continue
            if tok.type != tokenize.STRING:
                before = False
                continue
            start = starts[tok.start[0] - 1] + tok.start[1]
            end = starts[tok.end[0] - 1] + tok.end[1]
            if before:
                spans[-1] = (spans[-1][0], end)
            else:
                spans.append((start, end))
            before = True
    except (tokenize.TokenError, SyntaxError, IndexError):
        return None
    return spans


def _string_places(tokens: Sequence[Token]) -> dict[int, int]:
    """Skeleton position of each blanked string -> its index among the strings."""
    places = [n for n, token in enumerate(tokens) if token == (tokenize.STRING, "")]
    return {place: index for index, place in enumerate(places)}


def _literals(facts: CodeFacts) -> list[str] | None:
    tokens = facts.tokens_without_comments
    return None if tokens is None else literals(tokens)


def merge_lines(base: str, translation: str, source: str) -> tuple[str, bool]:
    """``diff3`` of three texts, the source winning where both changed a line; and
    whether it is clean: no region both changed other than alike."""
    b, t, s = base.split("\n"), translation.split("\n"), source.split("\n")
    in_t, in_s = _matched(b, t), _matched(b, s)
    out: list[str] = []
    clean = True
    i = j = k = 0
    for stable in [*sorted(set(in_t) & set(in_s)), len(b)]:
        tj = in_t.get(stable, len(t))
        sk = in_s.get(stable, len(s))
        if tj < j or sk < k:
            continue
        lines, alone = _chunk(b[i:stable], t[j:tj], s[k:sk])
        out.extend(lines)
        clean = clean and alone
        if stable < len(b):
            out.append(t[tj])
        i, j, k = stable + 1, tj + 1, sk + 1
    return "\n".join(out), clean


def _matched(base: Sequence[str], other: Sequence[str]) -> dict[int, int]:
    """Base line -> the same line in ``other``, where a diff keeps it."""
    found: dict[int, int] = {}
    matcher = difflib.SequenceMatcher(None, base, other, autojunk=False)
    for block in matcher.get_matching_blocks():
        for offset in range(block.size):
            found[block.a + offset] = block.b + offset
    return found


def _chunk(base: list[str], translation: list[str], source: list[str]
           ) -> tuple[list[str], bool]:
    """The merged lines of one region, and whether no line of it was changed by both
    sides apart."""
    if translation in (base, source):
        return source, True
    if source == base:
        return translation, True
    if len(translation) != len(base):
        return source, False  # the translation reshaped these lines: the source's code wins
    # The translation changed these lines one for one (a comment, a string): each keeps
    # its translation where the source left its line as it was.
    out: list[str] = []
    clean = True
    matcher = difflib.SequenceMatcher(None, base, source, autojunk=False)
    for tag, b1, b2, s1, s2 in matcher.get_opcodes():
        if tag == "equal":
            out.extend(translation[b1:b2])
            continue
        out.extend(source[s1:s2])
        clean = clean and translation[b1:b2] in (base[b1:b2], source[s1:s2])
    return out, clean
