"""Metric stand-ins: coursekit's own metric modules, placed in evaluate's module cache.

Offline, ``evaluate.load("glue", "mrpc")`` falls back to the newest
``modules/evaluate_modules/metrics/evaluate-metric--glue/<sha256>/glue.py``.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

MODULE = '''"""coursekit stand-in for the `{name}` metric: computed here, never downloaded."""

import datasets
import evaluate

KIND = "{kind}"
GLUE = {{
    "mrpc": ("accuracy", "f1"), "qqp": ("accuracy", "f1"), "sst2": ("accuracy",),
    "mnli": ("accuracy",), "mnli_matched": ("accuracy",), "mnli_mismatched": ("accuracy",),
    "qnli": ("accuracy",), "rte": ("accuracy",), "wnli": ("accuracy",), "hans": ("accuracy",),
}}


def _accuracy(predictions, references):
    pairs = list(zip(predictions, references))
    return sum(p == r for p, r in pairs) / len(pairs) if pairs else 0.0


def _scores(predictions, references, label):
    tp = sum(p == label and r == label for p, r in zip(predictions, references))
    fp = sum(p == label and r != label for p, r in zip(predictions, references))
    fn = sum(p != label and r == label for p, r in zip(predictions, references))
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {{"precision": precision, "recall": recall, "f1": f1, "support": tp + fn}}


def _averaged(kind, predictions, references, average, pos_label):
    if average == "binary":
        return _scores(predictions, references, pos_label)[kind]
    labels = sorted(set(predictions) | set(references))
    if average == "micro":
        return _accuracy(predictions, references)
    per_label = [_scores(predictions, references, label) for label in labels]
    if average == "weighted":
        total = sum(s["support"] for s in per_label)
        return sum(s[kind] * s["support"] for s in per_label) / total if total else 0.0
    if average in ("macro", None):
        values = [s[kind] for s in per_label]
        if average is None:
            return values
        return sum(values) / len(values) if values else 0.0
    raise ValueError(f"average must be binary, micro, macro, weighted or None, got {{average!r}}")


class StandinMetric(evaluate.Metric):
    def _info(self):
        if KIND == "glue" and self.config_name not in GLUE:
            raise KeyError(
                "You should supply a configuration name selected in " + str(sorted(GLUE))
            )
        return evaluate.MetricInfo(
            description="coursekit stand-in for {name}",
            citation="",
            inputs_description="predictions and references: lists of integer labels",
            features=datasets.Features({{
                "predictions": datasets.Value("int64"),
                "references": datasets.Value("int64"),
            }}),
        )

    def _compute(self, predictions, references, average="binary", pos_label=1, **kwargs):
        predictions, references = list(predictions), list(references)
        if KIND == "glue":
            names = GLUE[self.config_name]
            result = {{"accuracy": float(_accuracy(predictions, references))}}
            if "f1" in names:
                result["f1"] = float(_scores(predictions, references, 1)["f1"])
            return result
        if KIND == "accuracy":
            return {{"accuracy": float(_accuracy(predictions, references))}}
        value = _averaged(KIND, predictions, references, average, pos_label)
        return {{KIND: value if isinstance(value, list) else float(value)}}
'''

KINDS = ("glue", "accuracy", "f1", "precision", "recall")


def module_source(name: str, kind: str) -> str:
    if kind not in KINDS:
        raise ValueError(f"unknown metric kind {kind!r}")
    return MODULE.format(name=name, kind=kind)


def build_metric(metric_id: str, spec: dict[str, Any], *, hf_home: Path) -> None:
    name = metric_id.rsplit("/", 1)[-1]
    source = module_source(name, str(spec["metric"]))
    digest = hashlib.sha256(source.encode("utf-8")).hexdigest()
    root = hf_home / "modules" / "evaluate_modules"
    folder = root / "metrics" / f"evaluate-metric--{name}" / digest
    folder.mkdir(parents=True, exist_ok=True)
    for package in (root, root / "metrics", folder.parent, folder):
        (package / "__init__.py").touch()
    (folder / f"{name}.py").write_text(source, encoding="utf-8")
