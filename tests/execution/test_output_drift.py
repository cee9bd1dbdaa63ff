from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.execution.judge.output_drift import compare_output, output_drift, output_text
from coursekit.execution.judge.sizes import SizeNames
from coursekit.notebooks.metadata import DocumentedOutput


def _message(documented: str, actual: str, **options: Any) -> str | None:
    drift = compare_output(documented, actual, 0.01, **options)
    return None if drift is None else drift.describe()


def test_numbers_within_tolerance_are_no_drift() -> None:
    assert compare_output("loss: 0.6931", "loss: 0.6935\n", 0.01) is None


def test_numbers_beyond_tolerance_are_drift() -> None:
    assert _message("loss: 0.6931", "loss: 1.2000") == (
        'output differs: documented "loss: 0.6931", got "loss: 1.2000"')


def test_a_drift_quotes_the_lines_as_written_cut_around_the_difference() -> None:
    documented = (
        "{'premise': 'Conceptually cream skimming has two basic dimensions - product and "
        "geography.',\n 'label': 1,\n 'idx': 0}"
    )
    actual = "{'premise': 'Two children are reading a book in the library.',\n 'label': 2}"
    assert _message(documented, actual) == (
        "output differs: documented \"{'premise': 'Conceptually cream skimming…\", "
        "got \"{'premise': 'Two children are reading a …\""
    )
    long_line = "10/10 [==============================] - 13s 477ms/step - loss: 1.0953"
    other = "10/10 [==============================] - 19s 804ms/step - loss: 0.7925"
    assert _message(long_line, other) == (
        'output differs: documented "…- loss: 1.0953", got "…- loss: 0.7925"')


def test_an_output_that_ends_early_or_goes_on_is_quoted() -> None:
    assert _message("a\nb\nc", "a\nb") == 'output ends early: documented "c" is missing'
    assert _message("a", "a\nmore text") == 'output goes on: "more text" is not documented'


def test_truncated_documentation_matches_a_longer_output() -> None:
    assert compare_output("{'a': 1, ...", "{'a': 1, 'b': 2}", 0.01) is None
    assert compare_output("{'a': 1}", "{'a': 1, 'b': 2}", 0.01) is not None


def test_shapes_timings_and_devices_follow_the_data_not_the_code() -> None:
    assert compare_output(
        "{'input_ids': torch.Size([8, 65]),\n 'labels': torch.Size([8])}",
        "{'input_ids': torch.Size([8, 31]),\n 'labels': torch.Size([8])}", 0.01) is None
    assert compare_output("<tf.Tensor: shape=(8, 62), dtype=int64>",
                          "<tf.Tensor: shape=(8, 27), dtype=int64>", 0.01) is None
    assert compare_output("Dataset({features: ['text'], num_rows: 3668})",
                          "Dataset({features: ['text'], num_rows: 50})", 0.01) is None
    assert compare_output("10/10 [====] - 3s 17ms/step - loss: 1.0964",
                          "10/10 [====] - 29s 1s/step - loss: 1.0960", 0.01) is None
    assert compare_output("1/10 [==>...] - ETA: 26s", "1/10 [==>...] - ETA: 1:43", 0.01) is None
    assert compare_output("55/459 [01:58<14:30,  2.15s/it]",
                          "55/459 [00:31<03:10,  1.07it/s]", 0.01) is None
    assert compare_output("device(type='cuda')", "device(type='cpu')", 0.01) is None
    # A shape's rank is still compared, and so is a word that is not a device.
    assert _message("torch.Size([8, 65])", "torch.Size([8, 65, 2])") is not None
    assert _message("type='cuda'", "type='cpu'") is not None


def test_a_cell_that_shows_only_sizes_has_every_number_masked() -> None:
    assert compare_output("459", "50", 0.01, sizes=True) is None
    assert compare_output("((8, 3), (8,))", "((8, 3), (8, 2))", 0.01, sizes=True) is not None


def test_which_cells_show_only_sizes() -> None:
    names = SizeNames()
    assert names.shows_only_sizes("len(train_dataloader)")
    assert names.shows_only_sizes("{k: v.shape for k, v in batch.items()}")
    assert names.shows_only_sizes("outputs.logits.shape, labels.shape")
    assert not names.shows_only_sizes("print(outputs.loss, outputs.logits.shape)")
    assert not names.shows_only_sizes("raw_datasets['train'][0]['label']")
    names.record("num_epochs = 3\nnum_training_steps = num_epochs * len(train_dataloader)")
    assert names.shows_only_sizes("print(num_training_steps)")
    assert not names.shows_only_sizes("print(num_epochs)")
    names.record("num_training_steps = 'many'")
    assert not names.shows_only_sizes("print(num_training_steps)")
    assert not names.shows_only_sizes("this is not python")


def test_progress_bars_are_compared_as_displayed() -> None:
    outputs: list[dict[str, Any]] = [
        {"output_type": "stream", "name": "stdout", "text": "\r 1/10 [==>....] - ETA: 26s"},
        {"output_type": "stream", "name": "stdout", "text": "\x08" * 30 + "\r10/10 [====] - 3s\n"},
        {"output_type": "execute_result", "data": {"text/plain": "<History at 0x7f98396e0f50>"}},
    ]
    assert output_text(outputs) == "10/10 [====] - 3s\n<History at 0x7f98396e0f50>"
    # A default object repr the lesson leaves out is no drift.
    assert compare_output("10/10 [====] - 4s", output_text(outputs), 0.01) is None


def test_stderr_is_not_part_of_the_output() -> None:
    outputs: list[dict[str, Any]] = [
        {"output_type": "stream", "name": "stderr", "text": "warning\n"},
        {"output_type": "stream", "name": "stdout", "text": "3\n"},
        {"output_type": "execute_result", "data": {"text/plain": "'x'"}},
    ]
    assert output_text(outputs) == "3\n'x'"


def test_a_drift_is_located_at_its_lesson_line() -> None:
    documented: list[DocumentedOutput] = [
        {"kind": "result", "text": "first block\n", "line": 20},
        {"kind": "result", "text": "\nsecond\nblock", "line": 40},
    ]
    outputs = [{"output_type": "stream", "name": "stdout", "text": "first block\nsecond\nrock\n"}]
    assert output_drift(documented, outputs, 0.01) == (
        'output differs at line 43: documented "block", got "rock"')


@given(st.text(), st.text())
def test_comparing_never_raises_and_a_text_matches_itself(documented: str, actual: str) -> None:
    compare_output(documented, actual, 0.01)
    assert compare_output(actual, actual, 0.01) is None


STANDIN_SAME_FORM = [
    # A metric of random weights, an example of synthetic data, a loss, a decoded text.
    ("{'accuracy': 0.8308823529411765, 'f1': 0.8815331010452961}",
     "{'accuracy': 0.5, 'f1': 0.3333333333333333}"),
    ("{'premise': 'Conceptually cream skimming.', 'label': 1, 'idx': 0}",
     "{'premise': 'lorem ipsum dolor', 'label': 2, 'idx': 7}"),
    ("tensor(0.7108, grad_fn=<NllLossBackward0>) torch.Size([8, 2])",
     "tensor(0.6902, grad_fn=<NllLossBackward0>) torch.Size([8, 2])"),
    ("'[CLS] conceptually cream [SEP]'", "'[CLS] lorem ipsum dolor sit [SEP]'"),
    ("the old dog is cooking dinner. an animal is preparing food.\nentailment",
     "two children are running fast in the park.\nneutral"),
    ("{'text': \"it's here\"}", "{'text': 'somewhere else'}"),
    ("{' ', \"'\", 'a', 'b', 'ë', 'ï'}", "{' ', 'a', 'b', 'c', 'é', 'ë', 'í', 'ï', 'ö'}"),
]
STANDIN_OTHER_FORM = [
    # A key, a length, a type and a word outside quotes are what a stand-in keeps.
    ("{'accuracy': 0.83, 'f1': 0.88}", "{'accuracy': 0.5}"),
    ("{'premise': 'a b', 'label': 1}", "{'hypothesis': 'a b', 'label': 1}"),
    ("tensor([1, 0, 2, 2])", "tensor([1, 0, 2])"),
    ("{'label': 'POSITIVE'}", "{'label': 1}"),
    ("<function default_data_collator>", "<function other_collator>"),
    ("the old dog is cooking dinner.\nentailment", "two children are running."),
    ("Epoch 1/3: done", "Step 1/3: done"),
    ("['a', 'b', 'c']", "['a', 'b']"),
    ("{'a': 1, 'b': 2}", "{'a': 1}"),
]


@pytest.mark.parametrize(("documented", "actual"), STANDIN_SAME_FORM)
def test_on_stand_ins_values_of_weights_and_data_are_not_compared(
    documented: str, actual: str,
) -> None:
    assert compare_output(documented, actual, 0.01, standins=True) is None
    # The clean counterpart: without stand-ins the same values are a drift.
    assert compare_output(documented, actual, 0.01) is not None


@pytest.mark.parametrize(("documented", "actual"), STANDIN_OTHER_FORM)
def test_on_stand_ins_form_keys_lengths_and_types_are_compared(
    documented: str, actual: str,
) -> None:
    assert compare_output(documented, actual, 0.01, standins=True) is not None
