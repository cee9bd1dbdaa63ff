"""coursekit stand-in for a metric of the hub: computed here, never downloaded.

This file is copied into ``evaluate``'s module cache once per metric, with ``KIND``
set to the metric's name. Each metric is computed by the library its hub script
calls, with the keys and value types that script returns: scikit-learn (accuracy,
F1, precision, recall, MSE, Matthews correlation), SciPy (Pearson, Spearman),
sacrebleu (``sacrebleu`` and ``bleu``), rouge-score, seqeval and jiwer (WER, CER);
perplexity is the model's own loss. SQuAD's exact match and F1 have no library
(the hub script carries the official evaluation script), so that one scorer is
kept here, in ``squad_scores``.
"""

from __future__ import annotations

import collections
import re
import string
from typing import Any

import datasets  # type: ignore[import-not-found, import-untyped, unused-ignore]
import evaluate  # type: ignore[import-not-found, import-untyped, unused-ignore]

KIND = "accuracy"
GLUE = {
    "mrpc": ("accuracy", "f1"), "qqp": ("accuracy", "f1"), "sst2": ("accuracy",),
    "mnli": ("accuracy",), "mnli_matched": ("accuracy",), "mnli_mismatched": ("accuracy",),
    "qnli": ("accuracy",), "rte": ("accuracy",), "wnli": ("accuracy",), "hans": ("accuracy",),
    "cola": ("matthews_correlation",), "stsb": ("pearson", "spearmanr"),
}
V = datasets.Value
SEQ = datasets.Sequence


def _features(config_name: str) -> Any:
    text, texts = V("string"), SEQ(V("string"))
    if KIND == "glue":
        value = V("float32") if config_name == "stsb" else V("int64")
        return datasets.Features({"predictions": value, "references": value})
    if KIND in ("accuracy", "f1", "precision", "recall"):
        return datasets.Features({"predictions": V("int32"), "references": V("int32")})
    if KIND == "mse":
        return datasets.Features({"predictions": V("float32"), "references": V("float32")})
    if KIND == "seqeval":
        return datasets.Features({"predictions": texts, "references": texts})
    if KIND in ("sacrebleu", "bleu", "rouge"):
        return [datasets.Features({"predictions": text, "references": texts}),
                datasets.Features({"predictions": text, "references": text})]
    if KIND in ("squad", "squad_v2"):
        answers = SEQ({"text": V("string"), "answer_start": V("int32")})
        prediction = {"id": V("string"), "prediction_text": V("string")}
        if KIND == "squad_v2":
            prediction["no_answer_probability"] = V("float32")
        return datasets.Features({"predictions": prediction,
                                  "references": {"id": V("string"), "answers": answers}})
    if KIND == "perplexity":
        return datasets.Features({"predictions": text})
    return datasets.Features({"predictions": text, "references": text})


def as_reference_lists(references: list[Any]) -> list[list[str]]:
    return [[r] if isinstance(r, str) else list(r) for r in references]


def glue(config_name: str, predictions: list[Any], references: list[Any]) -> dict[str, float]:
    from scipy.stats import pearsonr, spearmanr  # type: ignore[import-not-found, import-untyped, unused-ignore]
    from sklearn.metrics import accuracy_score, f1_score, matthews_corrcoef  # type: ignore[import-not-found, import-untyped, unused-ignore]

    if config_name == "cola":
        return {"matthews_correlation": float(matthews_corrcoef(references, predictions))}
    if config_name == "stsb":
        return {"pearson": float(pearsonr(predictions, references)[0]),
                "spearmanr": float(spearmanr(predictions, references)[0])}
    result = {"accuracy": float(accuracy_score(references, predictions))}
    if "f1" in GLUE[config_name]:
        result["f1"] = float(f1_score(references, predictions))
    return result


def classification(kind: str, predictions: list[Any], references: list[Any],
                   **kwargs: Any) -> dict[str, Any]:
    import numpy  # type: ignore[import-not-found, import-untyped, unused-ignore]
    from sklearn import metrics  # type: ignore[import-not-found, import-untyped, unused-ignore]

    if kind == "accuracy":
        return {"accuracy": float(metrics.accuracy_score(
            references, predictions, normalize=kwargs.get("normalize", True),
            sample_weight=kwargs.get("sample_weight")))}
    if kind == "mse":
        return {"mse": metrics.mean_squared_error(
            references, predictions, sample_weight=kwargs.get("sample_weight"),
            multioutput=kwargs.get("multioutput", "uniform_average"))}
    score = getattr(metrics, f"{kind}_score")(
        references, predictions, labels=kwargs.get("labels"),
        pos_label=kwargs.get("pos_label", 1), average=kwargs.get("average", "binary"),
        sample_weight=kwargs.get("sample_weight"),
        zero_division=kwargs.get("zero_division", "warn"),
    )
    return {kind: float(score) if numpy.ndim(score) == 0 else score}


def sacrebleu_scores(predictions: list[str], references: list[Any], **kwargs: Any) -> Any:
    """sacrebleu's corpus BLEU; references given per prediction, as the hub metric takes them."""
    import sacrebleu  # type: ignore[import-not-found, import-untyped, unused-ignore]

    refs = as_reference_lists(references)
    width = len(refs[0]) if refs else 0
    if any(len(r) != width for r in refs):
        raise ValueError("Sacrebleu requires the same number of references for each prediction")
    options: dict[str, Any] = {
        key: kwargs[key] for key in ("smooth_method", "smooth_value", "force", "lowercase",
                                     "use_effective_order") if key in kwargs
    }
    if kwargs.get("tokenize") is not None:
        options["tokenize"] = kwargs["tokenize"]
    return sacrebleu.corpus_bleu(predictions, [list(r) for r in zip(*refs, strict=True)],
                                 **options)


def sacrebleu_metric(predictions: list[str], references: list[Any],
                     **kwargs: Any) -> dict[str, Any]:
    score = sacrebleu_scores(predictions, references, **kwargs)
    return {"score": score.score, "counts": score.counts, "totals": score.totals,
            "precisions": score.precisions, "bp": score.bp, "sys_len": score.sys_len,
            "ref_len": score.ref_len}


def bleu_metric(predictions: list[str], references: list[Any], max_order: int = 4,
                smooth: bool = False, **_: Any) -> dict[str, Any]:
    """The hub's ``bleu`` keys (fractions, not percentages), from sacrebleu's 13a BLEU."""
    from sacrebleu.metrics import BLEU  # type: ignore[import-not-found, import-untyped, unused-ignore]

    refs = as_reference_lists(references)
    width = max((len(r) for r in refs), default=0)
    streams = [[r[i] if i < len(r) else None for r in refs] for i in range(width)]
    scorer = BLEU(max_ngram_order=max_order, tokenize="13a",
                  smooth_method="add-k" if smooth else "none")
    score = scorer.corpus_score(predictions, streams)
    return {"bleu": score.score / 100, "precisions": [p / 100 for p in score.precisions],
            "brevity_penalty": score.bp, "length_ratio": score.ratio,
            "translation_length": score.sys_len, "reference_length": score.ref_len}


def rouge_metric(predictions: list[str], references: list[Any],
                 rouge_types: list[str] | None = None, use_aggregator: bool = True,
                 use_stemmer: bool = False, tokenizer: Any = None, **_: Any) -> dict[str, Any]:
    from rouge_score import rouge_scorer, scoring  # type: ignore[import-not-found, import-untyped, unused-ignore]

    kinds = rouge_types or ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    scorer = rouge_scorer.RougeScorer(rouge_types=kinds, use_stemmer=use_stemmer,
                                      tokenizer=tokenizer)
    scores = [scorer.score_multi(refs, prediction)
              for refs, prediction in zip(as_reference_lists(references), predictions,
                                          strict=False)]
    if not use_aggregator:
        return {kind: [s[kind].fmeasure for s in scores] for kind in kinds}
    aggregator = scoring.BootstrapAggregator()
    for score in scores:
        aggregator.add_scores(score)
    return {kind: float(value.mid.fmeasure) for kind, value in aggregator.aggregate().items()}


def seqeval_metric(predictions: list[list[str]], references: list[list[str]],
                   suffix: bool = False, scheme: str | None = None, mode: str | None = None,
                   sample_weight: Any = None, zero_division: Any = "warn",
                   **_: Any) -> dict[str, Any]:
    from seqeval import metrics  # type: ignore[import-not-found, import-untyped, unused-ignore]
    from seqeval import scheme as schemes  # type: ignore[import-not-found, import-untyped, unused-ignore]

    chosen = getattr(schemes, scheme) if scheme is not None else None
    report = metrics.classification_report(
        y_true=references, y_pred=predictions, suffix=suffix, output_dict=True,
        scheme=chosen, mode=mode, sample_weight=sample_weight, zero_division=zero_division,
    )
    overall = report.pop("micro avg")
    report.pop("macro avg", None)
    report.pop("weighted avg", None)
    out: dict[str, Any] = {
        kind: {"precision": row["precision"], "recall": row["recall"], "f1": row["f1-score"],
               "number": row["support"]}
        for kind, row in report.items()
    }
    out["overall_precision"] = overall["precision"]
    out["overall_recall"] = overall["recall"]
    out["overall_f1"] = overall["f1-score"]
    out["overall_accuracy"] = metrics.accuracy_score(y_true=references, y_pred=predictions)
    return out


def error_rate(kind: str, predictions: list[str], references: list[str]) -> float:
    import jiwer  # type: ignore[import-not-found, import-untyped, unused-ignore]

    rate = jiwer.cer if kind == "cer" else jiwer.wer
    return float(rate(reference=list(references), hypothesis=list(predictions)))


def normalize_answer(text: str) -> str:
    """SQuAD's normalisation: lower case, no punctuation, no articles, single spaces."""
    text = "".join(ch for ch in text.lower() if ch not in set(string.punctuation))
    return " ".join(re.sub(r"\b(a|an|the)\b", " ", text).split())


def squad_scores(prediction: str, truth: str) -> tuple[float, float]:
    """(exact match, token F1) of one answer, as SQuAD's official evaluation script scores it."""
    pred, gold = normalize_answer(prediction).split(), normalize_answer(truth).split()
    exact = float(pred == gold)
    if not pred or not gold:
        return exact, exact
    same = sum((collections.Counter(pred) & collections.Counter(gold)).values())
    if same == 0:
        return exact, 0.0
    precision, recall = same / len(pred), same / len(gold)
    return exact, 2 * precision * recall / (precision + recall)


def squad(predictions: list[dict[str, Any]], references: list[dict[str, Any]],
          v2: bool = False) -> dict[str, Any]:
    answers = {r["id"]: list(r["answers"]["text"]) for r in references}
    best = [max(squad_scores(p["prediction_text"], t) for t in (answers.get(p["id"]) or [""]))
            for p in predictions]
    total = len(best)
    exact = 100.0 * sum(e for e, _ in best) / total if total else 0.0
    f1 = 100.0 * sum(f for _, f in best) / total if total else 0.0
    if v2:
        return {"exact": exact, "f1": f1, "total": total}
    return {"exact_match": exact, "f1": f1}


def exact_match(predictions: list[str], references: list[str]) -> dict[str, float]:
    from sklearn.metrics import accuracy_score  # type: ignore[import-not-found, import-untyped, unused-ignore]

    return {"exact_match": float(accuracy_score(references, predictions))}


def perplexity(predictions: list[str], model_id: str, batch_size: int = 16,
               add_start_token: bool = True, device: Any = None,
               max_length: int | None = None) -> dict[str, Any]:
    import numpy  # type: ignore[import-not-found, import-untyped, unused-ignore]
    import torch  # type: ignore[import-not-found, import-untyped, unused-ignore]
    from transformers import AutoModelForCausalLM, AutoTokenizer  # type: ignore[import-not-found, import-untyped, unused-ignore]

    model = AutoModelForCausalLM.from_pretrained(model_id).eval()
    tokenizer = AutoTokenizer.from_pretrained(model_id)
    values = []
    for text in predictions:
        ids = tokenizer(text, return_tensors="pt")["input_ids"]
        if add_start_token and tokenizer.bos_token_id is not None:
            ids = torch.cat([torch.tensor([[tokenizer.bos_token_id]]), ids], dim=1)
        with torch.no_grad():
            values.append(float(torch.exp(model(ids, labels=ids).loss)))
    return {"perplexities": values, "mean_perplexity": float(numpy.mean(values))}


class StandinMetric(evaluate.Metric):  # type: ignore[misc, unused-ignore]
    def _info(self) -> Any:
        if KIND == "glue" and self.config_name not in GLUE:
            raise KeyError(
                "You should supply a configuration name selected in " + str(sorted(GLUE))
            )
        return evaluate.MetricInfo(
            description=f"coursekit stand-in for {KIND}", citation="",
            inputs_description="as the metric on the hub", features=_features(self.config_name),
        )

    def _compute(self, predictions: Any = None, references: Any = None,
                 **kwargs: Any) -> Any:
        predictions = list(predictions or [])
        references = list(references or [])
        if KIND == "glue":
            return glue(self.config_name, predictions, references)
        if KIND in ("accuracy", "f1", "precision", "recall", "mse"):
            return classification(KIND, predictions, references, **kwargs)
        if KIND == "exact_match":
            return exact_match(predictions, references)
        if KIND in ("wer", "cer"):
            return error_rate(KIND, predictions, references)
        if KIND == "perplexity":
            return perplexity(predictions, **kwargs)
        if KIND in ("squad", "squad_v2"):
            return squad(predictions, references, v2=KIND == "squad_v2")
        compute: Any = {"seqeval": seqeval_metric, "sacrebleu": sacrebleu_metric,
                        "bleu": bleu_metric, "rouge": rouge_metric}[KIND]
        return compute(predictions, references, **kwargs)
