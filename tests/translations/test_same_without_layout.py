"""``same_without_layout`` answers as comparing both sides ``without_layout`` does,
whatever the tokens: its shortcut only skips the layout where other tokens differ."""

from __future__ import annotations

import tokenize

from hypothesis import given
from hypothesis import strategies as st

from coursekit.lessons.python_tokens import Token
from coursekit.translations.token_layout import same_without_layout, without_layout

_TOKENS: list[Token] = [
    (tokenize.OP, "("), (tokenize.OP, ")"), (tokenize.OP, ","), (tokenize.OP, "["),
    (tokenize.OP, "]"), (tokenize.OP, "{"), (tokenize.OP, "}"), (tokenize.OP, "="),
    (tokenize.NAME, "f"), (tokenize.NAME, "in"), (tokenize.STRING, '"a"'),
    (tokenize.STRING, '"b"'), (tokenize.NUMBER, "1"),
]
_CODE = st.lists(st.sampled_from(_TOKENS), max_size=12).map(tuple)


@st.composite
def _laid_out_again(draw: st.DrawFn) -> tuple[tuple[Token, ...], tuple[Token, ...]]:
    """Code, and the same code with what a formatter may add: parentheses around some
    strings, a comma before some closing brackets (most such pairs are the same code)."""
    ours = draw(_CODE)
    theirs: list[Token] = []
    for token in ours:
        if token[0] == tokenize.STRING and draw(st.booleans()):
            theirs += [(tokenize.OP, "("), token, (tokenize.OP, ")")]
            continue
        if token[1] in (")", "]", "}") and draw(st.booleans()):
            theirs.append((tokenize.OP, ","))
        theirs.append(token)
    return ours, tuple(theirs)


@given(_CODE, _CODE)
def test_it_agrees_with_the_layout_read_whole(ours: tuple[Token, ...],
                                               theirs: tuple[Token, ...]) -> None:
    expected = without_layout(ours) == without_layout(theirs)
    assert same_without_layout(ours, theirs) is expected


@given(_laid_out_again())
def test_it_agrees_on_code_laid_out_again(pair: tuple[tuple[Token, ...], tuple[Token, ...]],
                                          ) -> None:
    ours, theirs = pair
    assert same_without_layout(ours, theirs) is (without_layout(ours) == without_layout(theirs))


def test_a_wrapped_string_and_a_trailing_comma_are_layout_and_a_name_is_not() -> None:
    op, name, string = tokenize.OP, tokenize.NAME, tokenize.STRING
    wrapped = ((name, "x"), (op, "="), (op, "("), (string, '"a"'), (op, ")"))
    bare = ((name, "x"), (op, "="), (string, '"a"'))
    assert same_without_layout(wrapped, bare)
    call = ((name, "f"), (op, "("), (name, "a"), (op, ","), (op, ")"))
    assert same_without_layout(call, ((name, "f"), (op, "("), (name, "a"), (op, ")")))
    assert not same_without_layout(bare, ((name, "y"), (op, "="), (string, '"a"')))
