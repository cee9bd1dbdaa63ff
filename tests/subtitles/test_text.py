"""Measuring subtitle text: what counts as code that needs no translation."""

from __future__ import annotations

import pytest

from coursekit.subtitles.text import is_code_only, strip_tags


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
