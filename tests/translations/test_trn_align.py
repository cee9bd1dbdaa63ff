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


@given(st.lists(st.sampled_from("abcd"), min_size=1, max_size=12),
       st.lists(st.sampled_from("abcd"), min_size=1, max_size=12))
def test_block_opcodes_are_difflibs(source: list[str], translation: list[str]) -> None:
    blocks = {name: code(i, f"{name} = {i}\n") for i, name in enumerate("abcd")}
    src, tr = [blocks[n] for n in source], [blocks[n] for n in translation]
    for case in ((src, tr), (src, list(src))):
        a, b = [c.source for c in case[0]], [c.source for c in case[1]]
        want = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
        assert list(_opcodes(*case, lambda c: c.source)) == want
