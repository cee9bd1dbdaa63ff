"""Aligning translated code blocks with the source's."""

from __future__ import annotations

import difflib

from hypothesis import given
from hypothesis import strategies as st

from coursekit.lessons.model import Framework
from coursekit.translations.align import Pair, _opcodes, align

from .trn_lessons import LOOP, SETUP, SHAPES, code

A = code(10, SETUP)
B = code(20, "model = build(4)\nmodel.eval()\n")
C = code(30, SHAPES)
D = code(40, LOOP)


def _sources(pairs: list[Pair]) -> list[tuple[int | None, int | None]]:
    return [(p.source.line if p.source else None,
             p.translation.line if p.translation else None) for p in pairs]


def test_identical_sequences_pair_one_to_one() -> None:
    assert _sources(align([A, B, C, D], [A, B, C, D])) == [(10, 10), (20, 20), (30, 30), (40, 40)]


def test_a_missing_block_does_not_shift_later_pairs() -> None:
    translation = [code(11, SETUP), code(31, SHAPES), code(41, LOOP)]
    assert _sources(align([A, B, C, D], translation)) == [
        (10, 11), (20, None), (30, 31), (40, 41),
    ]


def test_an_extra_block_does_not_shift_later_pairs() -> None:
    translation = [code(11, SETUP), code(15, "print('bonjour')\n"), code(21, B.source),
                   code(31, SHAPES), code(41, LOOP)]
    assert _sources(align([A, B, C, D], translation)) == [
        (10, 11), (None, 15), (20, 21), (30, 31), (40, 41),
    ]


def test_a_drifted_block_pairs_with_its_source() -> None:
    drifted = code(21, "modele = build(4)\nmodele.eval()\n")
    assert _sources(align([A, B, C, D], [code(11, SETUP), drifted, code(31, SHAPES),
                                          code(41, LOOP)])) == [
        (10, 11), (20, 21), (30, 31), (40, 41),
    ]


def test_drift_and_a_missing_block_together() -> None:
    drifted = code(31, SHAPES.replace("batch", "lot"))
    assert _sources(align([A, B, C, D], [code(11, SETUP), drifted, code(41, LOOP)])) == [
        (10, 11), (20, None), (30, 31), (40, 41),
    ]


def test_blocks_of_another_framework_never_pair() -> None:
    pt = code(10, "import torch\n", framework=Framework.PT)
    tf = code(11, "import torch\n", framework=Framework.TF)
    assert _sources(align([pt], [tf])) == [(10, None), (None, 11)]


REPEATED = "@tool\ndef multiply(a: int, b: int) -> int:\n    return a * b\n"
COMMENTED = REPEATED.replace("    return", "    # multiplie a par b\n    return")


def test_a_block_the_source_repeats_anchors_no_pair_out_of_order() -> None:
    # The source shows the same block at its start and its end; the translation commented
    # every block but the last, which is byte-identical to both of the source's copies.
    source = [code(10, REPEATED), code(20, SETUP), code(30, SHAPES), code(40, REPEATED)]
    translation = [code(11, COMMENTED), code(21, SETUP.replace("\n", "  # charge\n", 1)),
                   code(31, "# un lot\n" + SHAPES), code(41, REPEATED)]
    assert _sources(align(source, translation)) == [(10, 11), (20, 21), (30, 31), (40, 41)]


def test_a_repeated_block_kept_as_it_is_pairs_in_order() -> None:
    source = [code(10, REPEATED), code(20, SETUP), code(30, REPEATED), code(40, LOOP)]
    translation = [code(11, REPEATED), code(21, SETUP), code(31, REPEATED), code(41, LOOP)]
    assert _sources(align(source, translation)) == [(10, 11), (20, 21), (30, 31), (40, 41)]
    # ... and with a block missing in between, the copies still pair with their own.
    assert _sources(align(source, [translation[0], translation[2], translation[3]])) == [
        (10, 11), (20, None), (30, 31), (40, 41)]


@given(st.lists(st.sampled_from("abcdefgh"), min_size=1, max_size=8, unique=True),
       st.lists(st.sampled_from("abcdefgh"), min_size=1, max_size=8, unique=True))
def test_block_opcodes_are_difflibs_where_no_block_repeats(source: list[str],
                                                          translation: list[str]) -> None:
    blocks = {name: code(i, f"{name} = {i}\n") for i, name in enumerate("abcdefgh")}
    src, tr = [blocks[n] for n in source], [blocks[n] for n in translation]
    for case in ((src, tr), (src, list(src))):
        a, b = [c.source for c in case[0]], [c.source for c in case[1]]
        want = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
        assert list(_opcodes(*case, lambda c: c.source)) == want


@given(st.lists(st.sampled_from("abcd"), min_size=1, max_size=12),
       st.lists(st.sampled_from("abcd"), min_size=1, max_size=12))
def test_every_block_is_paired_once_in_order(source: list[str], translation: list[str]) -> None:
    blocks = {name: code(i, f"{name} = {i}\n") for i, name in enumerate("abcd")}
    src, tr = [blocks[n] for n in source], [blocks[n] for n in translation]
    pairs = align(src, tr)
    assert [p.source for p in pairs if p.source] == src
    assert [p.translation for p in pairs if p.translation] == tr
