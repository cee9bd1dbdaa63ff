"""coursekit stand-in for a metric of the hub: computed here, never downloaded.

This file is copied into ``evaluate``'s module cache once per metric, with ``KIND``
set to the metric's name; the formulas follow the metrics' published definitions
(sacrebleu's BLEU with its 13a tokenizer, rouge-score's ROUGE-1/2/L/Lsum,
SQuAD's normalised exact match and token F1, seqeval's IOB chunks, WER and CER as
corpus edit distances).
"""

from __future__ import annotations

import collections
import math
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


def _features() -> Any:
    text, texts = V("string"), SEQ(V("string"))
    if KIND in ("glue", "accuracy", "f1", "precision", "recall"):
        return datasets.Features({"predictions": V("int64"), "references": V("int64")})
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


def accuracy(predictions: list[Any], references: list[Any]) -> float:
    pairs = list(zip(predictions, references, strict=False))
    return sum(p == r for p, r in pairs) / len(pairs) if pairs else 0.0


def label_scores(predictions: list[Any], references: list[Any], label: Any) -> dict[str, float]:
    tp = sum(p == label and r == label for p, r in zip(predictions, references, strict=False))
    fp = sum(p == label and r != label for p, r in zip(predictions, references, strict=False))
    fn = sum(p != label and r == label for p, r in zip(predictions, references, strict=False))
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": precision, "recall": recall, "f1": f1, "support": tp + fn}


def averaged(kind: str, predictions: list[Any], references: list[Any], average: Any,
             pos_label: Any) -> Any:
    if average == "binary":
        return label_scores(predictions, references, pos_label)[kind]
    labels = sorted(set(predictions) | set(references))
    if average == "micro":
        return accuracy(predictions, references)
    per_label = [label_scores(predictions, references, label) for label in labels]
    if average == "weighted":
        total = sum(s["support"] for s in per_label)
        return sum(s[kind] * s["support"] for s in per_label) / total if total else 0.0
    if average in ("macro", None):
        values = [s[kind] for s in per_label]
        if average is None:
            return values
        return sum(values) / len(values) if values else 0.0
    raise ValueError(f"average must be binary, micro, macro, weighted or None, got {average!r}")


def tokenize_13a(line: str) -> list[str]:
    """sacrebleu's default tokenizer (mteval-v13a)."""
    line = line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
    if "&" in line:
        for entity, char in (("&quot;", '"'), ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">")):
            line = line.replace(entity, char)
    line = f" {line} "
    line = re.sub(r"([\{-\~\[-\` -\&\(-\+\:-\@\/])", r" \1 ", line)
    line = re.sub(r"([^0-9])([\.,])", r"\1 \2 ", line)
    line = re.sub(r"([\.,])([^0-9])", r" \1 \2", line)
    line = re.sub(r"([0-9])(-)", r"\1 \2 ", line)
    return line.split()


def ngrams(tokens: list[str], n: int) -> collections.Counter[tuple[str, ...]]:
    return collections.Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))


def bleu_stats(predictions: list[str], references: list[list[str]], max_order: int = 4,
               lowercase: bool = False) -> tuple[list[int], list[int], int, int]:
    matches, totals = [0] * max_order, [0] * max_order
    sys_len = ref_len = 0
    for prediction, refs in zip(predictions, references, strict=False):
        if lowercase:
            prediction, refs = prediction.lower(), [r.lower() for r in refs]
        hyp = tokenize_13a(prediction)
        ref_tokens = [tokenize_13a(r) for r in refs]
        sys_len += len(hyp)
        ref_len += min((abs(len(r) - len(hyp)), len(r)) for r in ref_tokens)[1]
        for n in range(1, max_order + 1):
            counts = ngrams(hyp, n)
            best: collections.Counter[tuple[str, ...]] = collections.Counter()
            for ref in ref_tokens:
                best |= ngrams(ref, n)
            matches[n - 1] += sum(min(c, best[g]) for g, c in counts.items())
            totals[n - 1] += max(len(hyp) - n + 1, 0)
    return matches, totals, sys_len, ref_len


def as_reference_lists(references: list[Any]) -> list[list[str]]:
    return [[r] if isinstance(r, str) else list(r) for r in references]


def sacrebleu(predictions: list[str], references: list[Any], lowercase: bool = False,
              smooth_method: str = "exp", **_: Any) -> dict[str, Any]:
    matches, totals, sys_len, ref_len = bleu_stats(predictions, as_reference_lists(references),
                                                   lowercase=lowercase)
    precisions = [100.0 * m / t if t else 0.0 for m, t in zip(matches, totals, strict=True)]
    smoothed = list(precisions)
    if smooth_method == "exp":
        factor = 1.0
        for n, (m, t) in enumerate(zip(matches, totals, strict=True)):
            if m == 0 and t > 0:
                factor *= 2
                smoothed[n] = 100.0 / (factor * t)
    bp = 1.0 if sys_len > ref_len else (math.exp(1 - ref_len / sys_len) if sys_len else 0.0)
    score = 0.0
    if sys_len and min(smoothed) > 0:
        score = bp * math.exp(sum(math.log(p) for p in smoothed) / 4)
    return {"score": score, "counts": matches, "totals": totals, "precisions": precisions,
            "bp": bp, "sys_len": sys_len, "ref_len": ref_len}


def bleu(predictions: list[str], references: list[Any], max_order: int = 4,
         smooth: bool = False, **_: Any) -> dict[str, Any]:
    matches, totals, sys_len, ref_len = bleu_stats(predictions, as_reference_lists(references),
                                                   max_order)
    if smooth:
        precisions = [(m + 1.0) / (t + 1.0) for m, t in zip(matches, totals, strict=True)]
    else:
        precisions = [m / t if t else 0.0 for m, t in zip(matches, totals, strict=True)]
    geo = math.exp(sum(math.log(p) for p in precisions) / max_order) if min(precisions) > 0 else 0
    ratio = sys_len / ref_len if ref_len else 0.0
    bp = 1.0 if ratio > 1.0 else (math.exp(1 - 1.0 / ratio) if ratio else 0.0)
    return {"bleu": geo * bp, "precisions": precisions, "brevity_penalty": bp,
            "length_ratio": ratio, "translation_length": sys_len, "reference_length": ref_len}


def rouge_tokens(text: str) -> list[str]:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).split()


def lcs(a: list[str], b: list[str]) -> int:
    row = [0] * (len(b) + 1)
    for x in a:
        previous = 0
        for j, y in enumerate(b, 1):
            current = row[j]
            row[j] = previous + 1 if x == y else max(row[j], row[j - 1])
            previous = current
    return row[-1]


def fmeasure(hits: float, pred_total: int, ref_total: int) -> float:
    precision = hits / pred_total if pred_total else 0.0
    recall = hits / ref_total if ref_total else 0.0
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def rouge_pair(prediction: str, reference: str, kind: str) -> float:
    if kind == "rougeLsum":
        preds = [rouge_tokens(s) for s in prediction.split("\n") if s.strip()]
        refs = [rouge_tokens(s) for s in reference.split("\n") if s.strip()]
        hits = 0
        for ref in refs:
            union: set[int] = set()
            for pred in preds:
                union |= lcs_positions(ref, pred)
            hits += len(union)
        return fmeasure(hits, sum(map(len, preds)), sum(map(len, refs)))
    pred, ref = rouge_tokens(prediction), rouge_tokens(reference)
    if kind == "rougeL":
        return fmeasure(lcs(pred, ref), len(pred), len(ref))
    n = int(kind[-1])
    p_grams, r_grams = ngrams(pred, n), ngrams(ref, n)
    overlap = sum((p_grams & r_grams).values())
    return fmeasure(overlap, sum(p_grams.values()), sum(r_grams.values()))


def lcs_positions(ref: list[str], pred: list[str]) -> set[int]:
    """Positions of ``ref`` on one longest common subsequence with ``pred``."""
    table = [[0] * (len(pred) + 1) for _ in range(len(ref) + 1)]
    for i, x in enumerate(ref, 1):
        for j, y in enumerate(pred, 1):
            table[i][j] = table[i - 1][j - 1] + 1 if x == y else max(table[i - 1][j],
                                                                       table[i][j - 1])
    found, i, j = set(), len(ref), len(pred)
    while i and j:
        if ref[i - 1] == pred[j - 1]:
            found.add(i - 1)
            i, j = i - 1, j - 1
        elif table[i - 1][j] >= table[i][j - 1]:
            i -= 1
        else:
            j -= 1
    return found


def rouge(predictions: list[str], references: list[Any],
          rouge_types: list[str] | None = None, use_aggregator: bool = True,
          **_: Any) -> dict[str, Any]:
    kinds = rouge_types or ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    refs = as_reference_lists(references)
    scores = {kind: [max(rouge_pair(p, r, kind) for r in rs)
                     for p, rs in zip(predictions, refs, strict=False)] for kind in kinds}
    if not use_aggregator:
        return scores
    return {kind: sum(v) / len(v) if v else 0.0 for kind, v in scores.items()}


def normalize_answer(text: str) -> str:
    text = "".join(ch for ch in text.lower() if ch not in set(string.punctuation))
    text = re.sub(r"\b(a|an|the)\b", " ", text)
    return " ".join(text.split())


def answer_f1(prediction: str, truth: str) -> float:
    pred, gold = normalize_answer(prediction).split(), normalize_answer(truth).split()
    common = collections.Counter(pred) & collections.Counter(gold)
    same = sum(common.values())
    if not pred or not gold:
        return float(pred == gold)
    if same == 0:
        return 0.0
    return fmeasure(same, len(pred), len(gold))


def squad(predictions: list[dict[str, Any]], references: list[dict[str, Any]],
          v2: bool = False) -> dict[str, Any]:
    answers = {r["id"]: list(r["answers"]["text"]) for r in references}
    exact = f1 = 0.0
    for p in predictions:
        truths = answers.get(p["id"]) or [""]
        exact += max(float(normalize_answer(p["prediction_text"]) == normalize_answer(t))
                     for t in truths)
        f1 += max(answer_f1(p["prediction_text"], t) for t in truths)
    total = len(predictions)
    exact, f1 = (100.0 * exact / total, 100.0 * f1 / total) if total else (0.0, 0.0)
    if v2:
        return {"exact": exact, "f1": f1, "total": total}
    return {"exact_match": exact, "f1": f1}


def edit_distance(a: list[str], b: list[str]) -> int:
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            current = row[j]
            row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (x != y))
            previous = current
    return row[-1]


def error_rate(predictions: list[str], references: list[str], chars: bool) -> float:
    errors = total = 0
    for prediction, reference in zip(predictions, references, strict=False):
        ref = list(" ".join(reference.split())) if chars else reference.split()
        hyp = list(" ".join(prediction.split())) if chars else prediction.split()
        errors += edit_distance(ref, hyp)
        total += len(ref)
    if total == 0:
        raise ValueError("one or more references are empty strings")
    return errors / total


def chunks(tags: list[str]) -> set[tuple[str, int, int]]:
    """(type, start, end) of each IOB/IOB2 chunk, read leniently as conlleval does."""
    found: set[tuple[str, int, int]] = set()
    start, kind = 0, ""
    for i, tag in enumerate([*tags, "O"]):
        prefix, _, label = tag.partition("-") if tag != "O" else ("O", "", "")
        ends = kind != "" and (prefix in ("O", "B", "S") or label != kind)
        if ends:
            found.add((kind, start, i))
            kind = ""
        if prefix in ("B", "I", "S", "E") and kind == "":
            start, kind = i, label
    return found


def seqeval(predictions: list[list[str]], references: list[list[str]],
            **_: Any) -> dict[str, Any]:
    gold: set[tuple[int, str, int, int]] = set()
    guess: set[tuple[int, str, int, int]] = set()
    right = total = 0
    for n, (pred, ref) in enumerate(zip(predictions, references, strict=False)):
        gold |= {(n, *c) for c in chunks(list(ref))}
        guess |= {(n, *c) for c in chunks(list(pred))}
        right += sum(p == r for p, r in zip(pred, ref, strict=False))
        total += len(ref)
    out: dict[str, Any] = {}
    for kind in sorted({c[1] for c in gold | guess}):
        g = {c for c in gold if c[1] == kind}
        p = {c for c in guess if c[1] == kind}
        hit = len(g & p)
        precision = hit / len(p) if p else 0.0
        recall = hit / len(g) if g else 0.0
        out[kind] = {"precision": precision, "recall": recall,
                     "f1": fmeasure(hit, len(p), len(g)), "number": len(g)}
    hit = len(gold & guess)
    out["overall_precision"] = hit / len(guess) if guess else 0.0
    out["overall_recall"] = hit / len(gold) if gold else 0.0
    out["overall_f1"] = fmeasure(hit, len(guess), len(gold))
    out["overall_accuracy"] = right / total if total else 0.0
    return out


def perplexity(predictions: list[str], model_id: str, batch_size: int = 16,
               add_start_token: bool = True, device: Any = None,
               max_length: int | None = None) -> dict[str, Any]:
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
            loss = model(ids, labels=ids).loss
        values.append(float(torch.exp(loss)))
    return {"perplexities": values, "mean_perplexity": sum(values) / len(values)}


class StandinMetric(evaluate.Metric):  # type: ignore[misc, unused-ignore]
    def _info(self) -> Any:
        if KIND == "glue" and self.config_name not in GLUE:
            raise KeyError(
                "You should supply a configuration name selected in " + str(sorted(GLUE))
            )
        return evaluate.MetricInfo(
            description=f"coursekit stand-in for {KIND}", citation="",
            inputs_description="as the metric on the hub", features=_features(),
        )

    def _compute(self, predictions: Any = None, references: Any = None,
                 **kwargs: Any) -> Any:
        predictions = list(predictions or [])
        references = list(references or [])
        if KIND == "glue":
            result = {"accuracy": float(accuracy(predictions, references))}
            if "f1" in GLUE[self.config_name]:
                result["f1"] = float(label_scores(predictions, references, 1)["f1"])
            return result
        if KIND == "accuracy":
            return {"accuracy": float(accuracy(predictions, references))}
        if KIND in ("f1", "precision", "recall"):
            value = averaged(KIND, predictions, references, kwargs.get("average", "binary"),
                             kwargs.get("pos_label", 1))
            return {KIND: value if isinstance(value, list) else float(value)}
        if KIND == "exact_match":
            return {"exact_match": accuracy(predictions, references)}
        if KIND == "mse":
            pairs = list(zip(predictions, references, strict=False))
            return {"mse": sum((p - r) ** 2 for p, r in pairs) / len(pairs)}
        if KIND in ("wer", "cer"):
            return error_rate(predictions, references, chars=KIND == "cer")
        if KIND == "perplexity":
            return perplexity(predictions, **kwargs)
        if KIND in ("squad", "squad_v2"):
            return squad(predictions, references, v2=KIND == "squad_v2")
        compute: Any = {"seqeval": seqeval, "sacrebleu": sacrebleu, "bleu": bleu,
                        "rouge": rouge}[KIND]
        return compute(predictions, references, **kwargs)
