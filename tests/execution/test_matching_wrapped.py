"""Messages that wrap the meaningful error: Keras graph mode and TensorFlow graph execution.

The planted messages have the shape the TensorFlow lesson kernel raises (paths shortened).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from coursekit.execution.judge.matching import (
    match_error,
    message_matches,
    normalise_message,
    readings,
)

from .conftest import expect

NO_LABELS = "Could not find label column(s) in input dict and no separate labels were provided!"

IN_USER_CODE = f"""in user code:

    File "/env/site-packages/tf_keras/src/engine/training.py", line 1398, in train_function  *
        return step_function(self, iterator)
    File "/env/site-packages/transformers/modeling_tf_utils.py", line 1645, in train_step
        raise ValueError("{NO_LABELS}")

    ValueError: {NO_LABELS}
"""

GRAPH_ERROR = """Graph execution error:

Detected at node model/sparse_categorical_crossentropy/SparseSoftmaxCrossEntropyWithLogits defined at (most recent call last):
  File "/env/lib/python3.11/runpy.py", line 198, in _run_module_as_main

  File "/env/site-packages/tf_keras/src/backend.py", line 5777, in sparse_categorical_crossentropy

Received a label value of 2 which is outside the valid range of [0, 2).  Label values: 0 0 2 0 2 2 0 0 0 1 2 2 2 1 2 1
\t [[{{node model/sparse_categorical_crossentropy/SparseSoftmaxCrossEntropyWithLogits}}]] [Op:__inference_train_function_7025]
"""  # noqa: E501

OUT_OF_RANGE = "Received a label value of 2 which is outside the valid range of [0, 2)."
VALUE_ERROR_MRO = ["builtins.ValueError", "builtins.Exception", "builtins.BaseException",
                   "builtins.object"]
GRAPH_MRO = ["tensorflow.python.framework.errors_impl.InvalidArgumentError",
             "tensorflow.python.framework.errors_impl.OpError", "builtins.Exception",
             "builtins.BaseException", "builtins.object"]


def test_the_nested_error_of_a_keras_graph_error_matches() -> None:
    assert match_error(expect("ValueError", NO_LABELS), "ValueError", IN_USER_CODE,
                       VALUE_ERROR_MRO).matched
    assert match_error(expect("Exception", NO_LABELS), "ValueError", IN_USER_CODE,
                       VALUE_ERROR_MRO).matched


def test_a_whole_line_of_a_graph_execution_error_matches() -> None:
    qualified = "tensorflow.python.framework.errors_impl.InvalidArgumentError"
    for documented in (
        f"{OUT_OF_RANGE}  Label values: ...",
        f"{OUT_OF_RANGE}  Label values: 1 2 0 0 2 1 1 0 2 2 0 1 2 0 1 1",
        "Graph execution error:",
    ):
        for name in ("InvalidArgumentError", qualified):
            match = match_error(expect(name, documented), "InvalidArgumentError",
                                GRAPH_ERROR, GRAPH_MRO)
            assert match.matched, (documented, match.explanation)


def test_the_start_of_a_wrapped_message_still_matches_when_truncated() -> None:
    assert message_matches("in user code: ...", IN_USER_CODE)
    assert message_matches("Graph execution error: Detected at node ...", GRAPH_ERROR)


def test_a_different_nested_error_does_not_match() -> None:
    other = IN_USER_CODE.replace(
        f"    ValueError: {NO_LABELS}",
        "    ValueError: Expected input batch_size (16) to match target batch_size (8).",
    )
    match = match_error(expect("ValueError", NO_LABELS), "ValueError", other, VALUE_ERROR_MRO)
    assert not match.matched
    assert ("neither the whole message, nor any of its 6 lines with words, nor the nested "
            "error message at line 8 matches") in match.explanation
    assert "closest is the message of the nested `ValueError` at line 8" in match.explanation
    assert "raise ValueError" not in match.explanation
    assert "got `ValueError: in user code:`" in match.explanation


def test_a_message_found_only_inside_an_unrelated_line_does_not_match() -> None:
    # The `raise ValueError("...")` source line holds the documented message, but
    # the error actually raised is another one.
    other = IN_USER_CODE.replace(f"    ValueError: {NO_LABELS}", "    ValueError: labels missing")
    assert not message_matches(NO_LABELS, other)
    assert not message_matches("Could not find label column(s) in input dict", IN_USER_CODE)
    assert not message_matches("valid range of [0, 2)", GRAPH_ERROR)


def test_a_nested_line_of_another_class_does_not_stand_for_the_raised_one() -> None:
    other = IN_USER_CODE.replace(f"    ValueError: {NO_LABELS}", f"    KeyError: {NO_LABELS}")
    match = match_error(expect("ValueError", NO_LABELS), "ValueError", other, VALUE_ERROR_MRO)
    assert not match.matched
    assert message_matches(NO_LABELS, other)  # without a name to hold the nested line to


def test_lines_of_masks_only_match_nothing() -> None:
    assert not message_matches("[[{{node x}}]] [Op:y_1]", GRAPH_ERROR)
    assert not message_matches("[1, 2]", "first line\n[3]\nlast line")
    assert message_matches("[1, 2]", "[3]")  # the whole message still counts


def test_a_multi_line_mismatch_names_the_closest_line() -> None:
    documented = "Received a label value of 3 which is outside the valid scope of [0, 2)."
    match = match_error(expect("InvalidArgumentError", documented), "InvalidArgumentError",
                        GRAPH_ERROR, GRAPH_MRO)
    assert not match.matched
    assert "closest is line 8, `Received a label value" in match.explanation
    assert "expected `scope`, got `range`" in match.explanation


def test_a_documented_message_of_several_lines_is_explained_against_the_whole() -> None:
    documented = "in user code:\n\n    ValueError: labels missing"
    match = match_error(expect("ValueError", documented), "ValueError", IN_USER_CODE,
                        VALUE_ERROR_MRO)
    assert not match.matched
    assert "closest is the whole message: message differs after `in user code:`" \
        in match.explanation


def test_a_single_line_mismatch_keeps_its_short_explanation() -> None:
    match = match_error(expect("ValueError", "bad shape"), "ValueError", "bad size",
                        VALUE_ERROR_MRO)
    assert match.explanation == ("expected `ValueError: bad shape`, got `ValueError: bad size`: "
                                 "message differs after `bad`: expected `shape`, got `size`")


def _has_words(line: str) -> bool:
    masked = normalise_message(line).replace("<list>", "").replace("0x#", "")
    return any(c.isalpha() for c in masked)


LINE = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Zl", "Zp", "Cc")),
               max_size=30).filter(_has_words)


@given(st.lists(LINE, min_size=1, max_size=6), st.data())
def test_any_line_with_words_matches(lines: list[str], data: st.DataObject) -> None:
    chosen = data.draw(st.sampled_from(lines))
    if chosen.strip().endswith(("...", "…")):
        return  # the documented form of a truncated message
    assert message_matches(chosen, "\n".join(lines))


@given(st.text(), st.text())
def test_matching_never_raises(documented: str, raised: str) -> None:
    message_matches(documented, raised)
    readings(raised)
    match_error(expect("ValueError", documented), "ValueError", raised, VALUE_ERROR_MRO)
