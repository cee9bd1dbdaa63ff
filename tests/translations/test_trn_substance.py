"""The runs of tokens by which a change of code is judged: every run of three tokens of
each block, never one that spans two blocks."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from coursekit.translations.substance import Block, Substance

_EDGE = ("block",)

blocks = st.lists(st.lists(st.sampled_from("abcd"), max_size=6).map(tuple), max_size=4)


def _substance(code: list[tuple[str, ...]]) -> Substance:
    return Substance(code=tuple(Block(tokens, tokens) for tokens in code), headings=(),
                     frameworks=(), videos=())


def _runs(code: list[tuple[str, ...]]) -> Counter[tuple[object, ...]]:
    """Each block's runs of three, its edges marked, counted one by one."""
    found: Counter[tuple[object, ...]] = Counter()
    for tokens in code:
        marked: list[object] = [_EDGE, *tokens, _EDGE]
        for start in range(len(marked) - 2):
            found[tuple(marked[start:start + 3])] += 1
    return found


@given(blocks)
def test_the_runs_are_every_three_tokens_of_each_block(code: list[tuple[str, ...]]) -> None:
    substance = _substance(code)
    assert substance.grams == _runs(code)
    assert substance.skeleton_grams == _runs(code)


def test_a_run_never_spans_two_blocks() -> None:
    grams = _substance([("a", "b"), ("c", "d")]).grams
    assert grams == Counter({(_EDGE, "a", "b"): 1, ("a", "b", _EDGE): 1,
                             (_EDGE, "c", "d"): 1, ("c", "d", _EDGE): 1})
    # Its counterpart: one block of the same tokens has the runs across.
    assert ("a", "b", "c") in _substance([("a", "b", "c", "d")]).grams


def _lesson(code: str) -> Substance:
    from coursekit.lessons.parse import parse_lesson
    from coursekit.translations.digest import digest

    return Substance.of(digest(parse_lesson(f"# T\n\n```py\n{code}\n```\n", path="a.mdx",
                                            language="en")))


def test_a_block_of_the_same_text_is_equal_without_being_tokenized() -> None:
    before, after = _lesson("x = f(1)"), _lesson("x = f(1)")
    assert before == after
    assert before.code[0]._read is None and after.code[0]._read is None


def test_blocks_of_other_text_are_compared_by_their_tokens() -> None:
    plain = _lesson("x = f(1)")
    assert plain == _lesson("x = f(1)  # a comment")  # comments are no substance
    assert plain != _lesson("x = f(2)")
    assert plain.code[0].tokens == _lesson("x  =  f( 1 )").code[0].tokens
    assert hash(plain.code[0]) == hash(_lesson("x = f(1)  # note").code[0])
