"""Aligning translated code blocks with the source's."""

from __future__ import annotations

from coursekit.lessons.model import Framework
from coursekit.translations.align import Pair, align

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
