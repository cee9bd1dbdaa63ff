"""Metric stand-ins: coursekit's own metric module, placed in evaluate's module cache.

Offline, ``evaluate.load("glue", "mrpc")`` falls back to the newest
``modules/evaluate_modules/metrics/evaluate-metric--glue/<sha256>/glue.py``; that
file is ``metric_module.py`` with its ``KIND`` set.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

KINDS = ("glue", "accuracy", "f1", "precision", "recall", "seqeval", "sacrebleu", "bleu",
         "rouge", "squad", "squad_v2", "wer", "cer", "perplexity", "exact_match", "mse")
TEMPLATE = Path(__file__).with_name("metric_module.py")


def module_source(name: str, kind: str) -> str:
    if kind not in KINDS:
        raise ValueError(f"unknown metric kind {kind!r}")
    source = TEMPLATE.read_text(encoding="utf-8")
    return re.sub(r'^KIND = "accuracy"$', f'KIND = "{kind}"', source, count=1, flags=re.M)


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
