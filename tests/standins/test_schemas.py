"""Dataset stand-ins declare the features of the real datasets, with data that is
consistent (SQuAD answers are where ``answer_start`` says, NER tags align with
tokens, audio is sampled), and metrics give the values their documentation shows."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from coursekit.standins import StandinEnv

Runner = Callable[[str, StandinEnv, str], dict[str, object]]

DATASETS = '''
import json
from datasets import load_dataset
out = {}
squad = load_dataset("squad")
row = squad["validation"][0]
out["squad_features"] = str(squad["train"].features)
out["squad_splits"] = {k: v.num_rows for k, v in squad.items()}
out["squad_points"] = all(
    r["context"][r["answers"]["answer_start"][0]:].startswith(r["answers"]["text"][0])
    for r in squad["train"])
conll = load_dataset("conll2003")
out["conll_features"] = str(conll["train"].features)
out["conll_aligned"] = all(len(r["tokens"]) == len(r["ner_tags"]) == len(r["pos_tags"])
                           for r in conll["train"])
imdb = load_dataset("imdb", split="train")
out["imdb"] = [imdb.num_rows, imdb.features["label"].names]
minds = load_dataset("PolyAI/minds14", name="en-US", split="train")
audio = minds[0]["audio"]
out["minds_audio"] = [audio["sampling_rate"], len(audio["array"]) > 4000,
                      float(max(abs(x) for x in audio["array"])) > 0.1]
out["minds_columns"] = minds.column_names
stream = load_dataset("PolyAI/minds14", name="en-US", split="train", streaming=True)
out["streamed"] = next(iter(stream))["transcription"] == minds[0]["transcription"]
kde4 = load_dataset("kde4", "en-fr", split="train")
out["kde4"] = sorted(kde4[0]["translation"])
out["kde4_by_languages"] = load_dataset("kde4", lang1="en", lang2="fr")["train"].num_rows
print(json.dumps(out))
'''

METRICS = '''
import json
import evaluate
out = {}
seqeval = evaluate.load("seqeval")
out["seqeval"] = seqeval.compute(
    predictions=[["O", "O", "B-MISC", "I-MISC", "I-MISC", "I-MISC", "O"], ["B-PER", "I-PER", "O"]],
    references=[["O", "O", "O", "B-MISC", "I-MISC", "I-MISC", "O"], ["B-PER", "I-PER", "O"]])
out["sacrebleu"] = evaluate.load("sacrebleu").compute(
    predictions=["hello there general kenobi", "foo bar foobar"],
    references=[["hello there general kenobi", "hello there !"],
                ["foo bar foobar", "foo bar foobar"]])["score"]
out["sacrebleu_partial"] = evaluate.load("sacrebleu").compute(
    predictions=["the cat sat on the mat"], references=[["the cat is on the mat"]])["score"]
out["bleu"] = evaluate.load("bleu").compute(
    predictions=["hello there general kenobi", "foo bar foobar"],
    references=[["hello there general kenobi", "hello there !"], ["foo bar foobar"]])["bleu"]
out["rouge"] = evaluate.load("rouge").compute(
    predictions=["hello there", "general kenobi"], references=["hello there", "general kenobi"])
out["rouge_partial"] = evaluate.load("rouge").compute(
    predictions=["the cat sat"], references=["the cat sat on the mat"])["rouge1"]
out["squad"] = evaluate.load("squad").compute(
    predictions=[{"prediction_text": "1976", "id": "a"},
                 {"prediction_text": "the Denver Broncos", "id": "b"}],
    references=[{"answers": {"answer_start": [97], "text": ["1976"]}, "id": "a"},
                {"answers": {"answer_start": [3], "text": ["Broncos"]}, "id": "b"}])
pairs = dict(predictions=["this is the prediction", "there is an other sample"],
             references=["this is the reference", "there is another one"])
out["wer"] = evaluate.load("wer").compute(**pairs)
out["cer"] = evaluate.load("cer").compute(**pairs)
out["f1_macro"] = evaluate.load("f1").compute(predictions=[0, 2, 1, 0, 0, 1],
                                              references=[0, 1, 2, 0, 1, 2], average="macro")
glue = {name: evaluate.load("glue", name) for name in ("mrpc", "cola", "stsb")}
out["glue_mrpc"] = glue["mrpc"].compute(predictions=[1, 0, 1, 1], references=[1, 0, 0, 1])
out["glue_cola"] = glue["cola"].compute(predictions=[1, 0, 1, 1], references=[1, 0, 0, 1])
out["glue_stsb"] = glue["stsb"].compute(predictions=[0.5, 2.0, 3.5, 4.0],
                                        references=[1.0, 2.0, 3.0, 5.0])
out["rouge_each"] = evaluate.load("rouge").compute(
    predictions=["the cat sat", "hello"], references=["the cat sat on the mat", "hello"],
    use_aggregator=False, rouge_types=["rouge1"])
out["bleu_keys"] = sorted(evaluate.load("bleu").compute(
    predictions=["the cat sat on the mat"], references=[["the cat is on the mat"]]))
out["sacrebleu_keys"] = sorted(evaluate.load("sacrebleu").compute(
    predictions=["the cat sat on the mat"], references=[["the cat is on the mat"]]))
out["types"] = {
    key: "float" if isinstance(value, float) else type(value).__name__ for key, value in [
        ("accuracy", evaluate.load("accuracy").compute(predictions=[1, 0],
                                                       references=[1, 1])["accuracy"]),
        ("wer", out["wer"]), ("mcc", out["glue_cola"]["matthews_correlation"]),
        ("squad_f1", out["squad"]["f1"]), ("seqeval_f1", out["seqeval"]["overall_f1"]),
        ("bleu_precisions", evaluate.load("bleu").compute(
            predictions=["a b c d e"], references=[["a b c d e"]])["precisions"]),
    ]
}
print(json.dumps(out, default=lambda value: value.item()))
'''


@pytest.mark.torch
@pytest.mark.slow
def test_schemas_declare_the_real_features(pt_standins: StandinEnv, run_in_kernel: Runner,
                                           ) -> None:
    out = run_in_kernel("pt", pt_standins, DATASETS)
    # As datasets reads SQuAD's declared `sequence` of a struct: a dict of lists.
    assert out["squad_features"] == (
        "{'id': Value('string'), 'title': Value('string'), 'context': Value('string'), "
        "'question': Value('string'), 'answers': {'text': List(Value('string')), "
        "'answer_start': List(Value('int32'))}}")
    assert out["squad_splits"] == {"train": 64, "validation": 32}
    assert out["squad_points"] is True
    features = str(out["conll_features"])
    assert features.startswith("{'id': Value('string'), 'tokens': List(Value('string')), "
                               "'pos_tags': List(ClassLabel(names=['\"', \"''\", '#'")
    assert ("'ner_tags': List(ClassLabel(names=['O', 'B-PER', 'I-PER', 'B-ORG', 'I-ORG', "
            "'B-LOC', 'I-LOC', 'B-MISC', 'I-MISC']))") in features
    assert out["conll_aligned"] is True
    assert out["imdb"] == [64, ["neg", "pos"]]
    assert out["minds_audio"] == [8000, True, True]
    assert out["minds_columns"] == ["path", "audio", "transcription", "english_transcription",
                                    "intent_class", "lang_id"]
    assert out["streamed"] is True
    assert out["kde4"] == ["en", "fr"]
    assert out["kde4_by_languages"] == 64


@pytest.mark.torch
@pytest.mark.slow
def test_metrics_give_their_documented_values(pt_standins: StandinEnv, run_in_kernel: Runner,
                                              ) -> None:
    out = run_in_kernel("pt", pt_standins, METRICS)
    seqeval = out["seqeval"]
    assert isinstance(seqeval, dict)
    assert seqeval["MISC"] == {"precision": 0.0, "recall": 0.0, "f1": 0.0, "number": 1}
    assert seqeval["PER"] == {"precision": 1.0, "recall": 1.0, "f1": 1.0, "number": 1}
    assert (seqeval["overall_precision"], seqeval["overall_recall"], seqeval["overall_f1"],
            seqeval["overall_accuracy"]) == (0.5, 0.5, 0.5, 0.8)
    assert out["sacrebleu"] == pytest.approx(100.0)
    # 5/6, 3/5, 1/4 and 0/3 n-gram matches; sacrebleu's default "exp" smoothing
    # counts the empty 4-gram precision as 100 / (2 * 3)
    assert out["sacrebleu_partial"] == pytest.approx(37.9918, abs=1e-3)
    assert out["bleu"] == pytest.approx(1.0)
    assert out["rouge"] == {"rouge1": 1.0, "rouge2": 1.0, "rougeL": 1.0, "rougeLsum": 1.0}
    assert out["rouge_partial"] == pytest.approx(2 * 1.0 * 0.5 / 1.5)
    assert out["squad"] == {"exact_match": 50.0, "f1": pytest.approx(250 / 3)}
    assert out["wer"] == pytest.approx(0.5)
    assert out["cer"] == pytest.approx(0.34146341463414637)
    assert out["f1_macro"] == {"f1": pytest.approx(0.26666666666666666)}


@pytest.mark.torch
@pytest.mark.slow
def test_metrics_give_the_keys_and_types_their_cards_document(
    pt_standins: StandinEnv, run_in_kernel: Runner,
) -> None:
    out = run_in_kernel("pt", pt_standins, METRICS)
    assert out["glue_mrpc"] == {"accuracy": 0.75, "f1": pytest.approx(0.8)}
    # CoLA is scored by Matthews correlation and STS-B by Pearson and Spearman, not accuracy
    assert out["glue_cola"] == {"matthews_correlation": pytest.approx(0.5773502691896258)}
    stsb = out["glue_stsb"]
    assert isinstance(stsb, dict)
    assert sorted(stsb) == ["pearson", "spearmanr"]
    assert stsb["spearmanr"] == pytest.approx(1.0)
    assert 0.9 < stsb["pearson"] < 1.0
    assert out["rouge_each"] == {"rouge1": [pytest.approx(2 * 1.0 * 0.5 / 1.5), 1.0]}
    assert out["bleu_keys"] == ["bleu", "brevity_penalty", "length_ratio", "precisions",
                                "reference_length", "translation_length"]
    assert out["sacrebleu_keys"] == ["bp", "counts", "precisions", "ref_len", "score",
                                     "sys_len", "totals"]
    assert out["types"] == {"accuracy": "float", "wer": "float", "mcc": "float",
                            "squad_f1": "float", "seqeval_f1": "float",
                            "bleu_precisions": "list"}
