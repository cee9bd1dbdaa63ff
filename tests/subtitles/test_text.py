"""Measuring subtitle text: what counts as code that needs no translation, and words."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.subtitles.text import (
    is_code_only,
    shown_length,
    strip_tags,
    visual_length,
    words,
)


@pytest.mark.parametrize("text", [
    "trainer.get_train_dataloader().", "5e-5", "459, 3.", "num_labels=3", "model(**batch)",
    "outputs.loss -> 0.73", "batch[\"labels\"]",
])
def test_code_and_numbers(text: str) -> None:
    assert is_code_only(text)


@pytest.mark.parametrize("text", [
    "", "Trainer", "it's", "the trainer.train() call", "3 epochs", "trainer.train() again!",
])
def test_words_need_translation(text: str) -> None:
    assert not is_code_only(text)


@pytest.mark.parametrize(("text", "visible"), [
    ("<i>a</i> <font color=\"red\">b</font>{\\an8}c", "a bc"),
    ("<i a <i>b</i>", "<i a b"),               # an unclosed tag does not swallow the next
    ("{\\b1 x {\\b0}y", "{\\b1 x y"),
    ("<font color=" * 3 + "z", "<font color=" * 3 + "z"),
])
def test_an_unclosed_tag_is_text_and_ends_at_the_next_tag(text: str, visible: str) -> None:
    assert strip_tags(text) == visible


@pytest.mark.parametrize(("text", "found"), [
    ("It's THE cat_2 of o'Neil's-3 x'", ["it's", "the", "cat", "of", "o'neil", "s", "x"]),
    ("L'ÉCOLE straße", ["l'école", "strasse"]),
])
def test_words_are_casefolded_letter_runs(text: str, found: list[str]) -> None:
    assert words(text) == found


@given(st.one_of(st.text(st.characters(max_codepoint=127)), st.text()))
def test_shown_length_is_the_visual_length(text: str) -> None:
    # ASCII text without tags is measured by its length alone: what the count gives.
    assert shown_length(text) == visual_length(text, False)
