from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from coursekit.execution.judge.matching import match_error, message_matches, normalise_message

from .conftest import expect

MRO = ["__main__.ShapeError", "builtins.ValueError", "builtins.Exception",
       "builtins.BaseException", "builtins.object"]


def test_numbers_addresses_lists_and_quotes_are_masked() -> None:
    documented = "'expected sequence of length 43 at dim 1 (got 37)'"
    assert message_matches(documented, "expected sequence of length 12 at dim 1 (got 9)")
    assert message_matches("object at 0x7f3a2b", "object at 0x55d1")
    assert message_matches("keys [a, b] missing", "keys ['input_ids', 'labels'] missing")
    assert message_matches("shape torch.Size([8, 3])", "shape   torch.Size([16, 3, 4])")


def test_a_different_word_does_not_match_and_is_named() -> None:
    expected = expect("ValueError", "expected sequence of length 43 at dim 1")
    match = match_error(expected, "ValueError", "expected mapping of length 43 at dim 1", MRO[1:])
    assert not match.matched
    assert "expected `sequence`, got `mapping`" in match.explanation


def test_truncated_and_first_line_messages_match() -> None:
    assert message_matches("CUDA error: device-side assert triggered",
                           "CUDA error: device-side assert triggered\nCompile with ...")
    assert message_matches("Target 2 is out ...", "Target 2 is out of bounds.")
    assert not message_matches("Target 2 is out", "Target 2 is out of bounds.")


def test_a_base_class_or_qualified_name_matches_a_subclass() -> None:
    assert match_error(expect("ValueError", "bad shape"), "ShapeError", "bad shape", MRO).matched
    assert match_error(expect("builtins.ValueError", ""), "ShapeError", "x", MRO).matched
    qualified = expect("tensorflow.python.framework.errors_impl.InvalidArgumentError", "x")
    assert match_error(qualified, "InvalidArgumentError", "x", []).matched


def test_an_unrelated_class_does_not_match() -> None:
    match = match_error(expect("TypeError", "bad"), "ShapeError", "bad", MRO)
    assert not match.matched
    assert "class differs" in match.explanation


@given(st.text())
def test_normalising_never_raises_and_is_idempotent(text: str) -> None:
    once = normalise_message(text)
    assert normalise_message(once) == once
