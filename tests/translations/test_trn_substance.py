"""The runs of tokens by which a change of code is judged: every run of three tokens of
each block, never one that spans two blocks."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from coursekit.translations.substance import Block, Change, Substance, _beyond, runs

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
    assert runs(code) == _runs(code)


def test_a_run_never_spans_two_blocks() -> None:
    grams = runs([("a", "b"), ("c", "d")])
    assert grams == Counter({(_EDGE, "a", "b"): 1, ("a", "b", _EDGE): 1,
                             (_EDGE, "c", "d"): 1, ("c", "d", _EDGE): 1})
    # Its counterpart: one block of the same tokens has the runs across.
    assert ("a", "b", "c") in runs([("a", "b", "c", "d")])


@given(blocks, blocks)
def test_the_runs_one_side_has_beyond_the_other_are_the_difference_of_all_runs(
        ours: list[tuple[str, ...]], theirs: list[tuple[str, ...]]) -> None:
    expected = _runs(ours)
    expected.subtract(_runs(theirs))
    found = _beyond(_substance(ours).code, _substance(theirs).code, blanked=False)
    assert found == Counter({gram: n for gram, n in expected.items() if n})


def _owed(before: Counter[tuple[object, ...]], after: Counter[tuple[object, ...]],
          now: Counter[tuple[object, ...]], own: Counter[tuple[object, ...]]) -> bool | None:
    """Whether a translation with the runs ``own`` lacks a change, from the whole runs of
    each side: the change's runs added and removed, as far as they last until ``now``."""
    added = {g: min(n - before[g], now[g] - before[g]) for g, n in after.items()}
    removed = {g: min(n - after[g], n - now[g]) for g, n in before.items()}
    added = {g: n for g, n in added.items() if n > 0}
    removed = {g: n for g, n in removed.items() if n > 0}
    if before == after or not (added or removed):
        return None if before == after else False

    def share(delta: dict[tuple[object, ...], int],
              other: Counter[tuple[object, ...]]) -> float | None:
        total = sum(delta.values())
        return None if not total else sum(
            max(0, min(own[g], other[g] + n) - other[g]) for g, n in delta.items()) / total

    has_new, has_old = share(added, before), share(removed, now)
    if has_new is not None and has_old is not None:
        return False if has_new > has_old else True if has_new < has_old else None
    return has_new < 0.5 if has_new is not None else has_old is not None and has_old >= 0.5


@given(blocks, blocks, blocks, blocks)
def test_a_change_is_weighed_as_the_whole_runs_of_each_side_weigh_it(
        before: list[tuple[str, ...]], after: list[tuple[str, ...]],
        now: list[tuple[str, ...]], own: list[tuple[str, ...]]) -> None:
    expected = _owed(_runs(before), _runs(after), _runs(now), _runs(own))
    change = Change(_substance(before), _substance(after), _substance(now))
    if expected is None and _runs(before) == _runs(after):
        return  # no change of code: nothing to weigh
    assert change.owed_by(_substance(own)) is expected


def _lesson(code: str) -> Substance:
    from coursekit.lessons.parse import parse_lesson
    from coursekit.translations.digest import digest

    return Substance.of(digest(parse_lesson(f"# T\n\n```py\n{code}\n```\n", path="a.mdx",
                                            language="en")))


def test_a_block_of_the_same_text_is_equal_without_being_tokenized() -> None:
    before, after = _lesson("x = f(1)"), _lesson("x = f(1)")
    assert before == after
    assert before.code[0]._read is None and after.code[0]._read is None


def test_a_block_both_sides_share_is_not_read_when_a_change_is_weighed() -> None:
    shared = "x = f(1)\n```\n\n```py\n"
    before, after = _lesson(f"{shared}y = 1"), _lesson(f"{shared}y = 2")
    assert Change(before, after, after).owed_by(before) is True
    assert after.code[0]._read is None and before.code[0]._read is None
    assert before.code[1]._read is not None  # its counterpart: the block that changed


def test_blocks_of_other_text_are_compared_by_their_tokens() -> None:
    plain = _lesson("x = f(1)")
    assert plain == _lesson("x = f(1)  # a comment")  # comments are no substance
    assert plain != _lesson("x = f(2)")
    assert plain.code[0].tokens == _lesson("x  =  f( 1 )").code[0].tokens
    assert hash(plain.code[0]) == hash(_lesson("x = f(1)  # note").code[0])


def _blocks(*codes: str) -> Substance:
    return _lesson("\n```\n\n```py\n".join(codes))


def test_what_changed_counts_each_block_once_by_text_then_by_tokens() -> None:
    base = _blocks("x = f(1)", "y = g(x)")
    commented = _blocks("x = f(1)  # the first", "y = g(x)")
    assert base.changes(commented) == ()  # comments are no substance
    assert base.changes(_blocks("x = f(1)", "y = g(x, 2)")) == (
        "code (1 block new or changed, 1 removed)",)
    # A second copy of a block is a new block, whether its comments differ or not.
    assert base.changes(_blocks("x = f(1)", "x = f(1)  # again", "y = g(x)")) == (
        "code (1 block new or changed, 0 removed)",)
    assert base.changes(_blocks("x = f(1)", "x = f(1)", "y = g(x)")) == (
        "code (1 block new or changed, 0 removed)",)
    # Only the blocks no text matches are tokenized.
    fresh = _blocks("x = f(1)", "y = g(x)")
    assert fresh.changes(_blocks("x = f(1)", "y = g(x, 2)"))
    assert fresh.code[0]._read is None and fresh.code[1]._read is not None
