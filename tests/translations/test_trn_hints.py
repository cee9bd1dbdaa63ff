"""What a translation finding tells its reader to do: the fix it names, the diff it
shows. Each planted case beside the one it must not be confused with."""

from __future__ import annotations

from coursekit.diagnostics import Diagnostic
from coursekit.translations.check import compare_lessons
from coursekit.translations.digest import digest
from coursekit.translations.settings import Settings

from .trn_lessons import code, lesson

EN = "content/en/chapter3/2.mdx"
FR = "content/fr/chapter3/2.mdx"
LOAD = "tokenizer = load_tokenizer()\n"
MAP = "tokenized = dataset.map(tokenizer)\n"
USE = "print(tokenized[0])\n"


def _found(source: list[str], translation: list[str]) -> list[Diagnostic]:
    src = digest(lesson(EN, *(code(1 + 10 * i, text) for i, text in enumerate(source))))
    tgt = digest(lesson(FR, *(code(1 + 10 * i, text) for i, text in enumerate(translation))))
    return compare_lessons(src, tgt, Settings())


def _undefined(found: list[Diagnostic]) -> Diagnostic:
    (names,) = [d for d in found if d.rule == "TRN204"]
    return names


def test_a_dropped_definition_is_not_taken_for_a_rename_of_a_name_both_define() -> None:
    """``tokenizer`` is bound by the source too: the translation lost ``tokenized``
    with its block, it did not rename it ``tokenizer``."""
    dropped = _undefined(_found(["dataset = 1\n" + LOAD, MAP, USE],
                                ["dataset = 1\n" + LOAD, USE]))
    assert dropped.hint == f"define `tokenized` as the source does ({EN}:12)"


def test_a_name_only_the_translation_binds_is_offered_as_the_rename() -> None:
    renamed = _undefined(_found(["dataset = 1\n" + LOAD, MAP, USE],
                                ["dataset = 1\n" + LOAD, MAP.replace("tokenized", "tokenised"),
                                 USE]))
    assert renamed.hint == "this lesson defines `tokenised`: renamed?"
