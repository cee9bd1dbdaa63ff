"""What a formatter adds to a block's tokens or takes away, which Python reads alike:
the tokens of two blocks compared without it are the same code laid out otherwise."""

from __future__ import annotations

import keyword
import tokenize

from coursekit.lessons.python_tokens import Token

_AFTER_A_VALUE = frozenset({tokenize.NAME, tokenize.NUMBER, tokenize.STRING})
_OPENERS = frozenset({"(", "[", "{"})
_CLOSERS = frozenset({")", "]", "}"})
_TAKEN = frozenset({"(", ")", ","})
"""The only tokens :func:`without_layout` may take away."""


def same_without_layout(ours: tuple[Token, ...], theirs: tuple[Token, ...]) -> bool:
    """Whether ``without_layout(ours) == without_layout(theirs)``; read only where the two
    have the same tokens besides those it may take away (two blocks that differ in
    other tokens, most of those compared, differ without their layout too)."""
    if ours == theirs:
        return True
    if [t for t in ours if t[1] not in _TAKEN] != [t for t in theirs if t[1] not in _TAKEN]:
        return False
    return without_layout(ours) == without_layout(theirs)


def without_layout(tokens: tuple[Token, ...]) -> tuple[Token, ...]:
    """``tokens`` without what a formatter adds or takes away and Python reads alike:
    the parentheses that hold a lone string literal and nothing else (``x = (\n
    "a long message"\n)``, as a formatter wraps a string that a translation made
    longer), and a comma before the bracket that closes a call's arguments, a list, a
    set or a dict (``f(a, b,)``, a "magic trailing comma"). Parentheses after a name, a
    value or a closing bracket are a call or a subscript and stay; so does the comma of
    a one-item tuple, ``(a,)``, and of a subscript, ``x[a,]``."""
    out: list[Token] = []
    loose: list[bool] = []  # for each bracket open: whether a comma before its close goes
    at = 0
    while at < len(tokens):
        token = tokens[at]
        before = out[-1] if out else None
        called = before is not None and (
            (before[0] in _AFTER_A_VALUE and not keyword.iskeyword(before[1]))
            or before[1] in _CLOSERS)
        if token == (tokenize.OP, "(") and not called and at + 2 < len(tokens) and \
                tokens[at + 1][0] == tokenize.STRING and tokens[at + 2] == (tokenize.OP, ")"):
            out.append(tokens[at + 1])
            at += 3
            continue
        if token[0] == tokenize.OP and token[1] in _OPENERS:
            loose.append(token[1] == "{" or called == (token[1] == "("))
        elif token[0] == tokenize.OP and token[1] in _CLOSERS and loose:
            drops = loose.pop()
            if drops and before == (tokenize.OP, ","):
                out.pop()
        out.append(token)
        at += 1
    return tuple(out)
