"""Build every stand-in a job file lists into the job's ``HF_HOME``.

The job is JSON: ``{"framework", "hf_home", "work", "minilm_wheel", "models",
"datasets", "metrics"}``; the variables ``HF_HOME`` and the offline switches are
already set by the caller.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from .datasets_cache import build_dataset
from .metrics import build_metric
from .models import build_model


def pipeline_revisions() -> dict[str, list[str]]:
    """Model id -> the revisions the installed transformers pins for its pipeline defaults."""
    from transformers.pipelines import SUPPORTED_TASKS  # type: ignore[import-not-found, import-untyped, unused-ignore]

    found: dict[str, set[str]] = {}

    def visit(node: Any) -> None:
        if isinstance(node, tuple) and len(node) == 2 and all(isinstance(x, str) for x in node):
            found.setdefault(node[0], set()).add(node[1])
        elif isinstance(node, dict):
            for value in node.values():
                visit(value)

    for task in SUPPORTED_TASKS.values():
        visit(task.get("default", {}))
    return {model: sorted(revs) for model, revs in found.items()}


def main(argv: list[str]) -> int:
    job: dict[str, Any] = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
    hf_home = Path(job["hf_home"])
    work = Path(job["work"])
    revisions = pipeline_revisions() if job["models"] else {}
    for model_id, spec in sorted(job["models"].items()):
        print(f"model {model_id}", flush=True)
        build_model(model_id, spec, framework=job["framework"], hf_home=hf_home,
                    work=work, minilm_wheel=Path(job["minilm_wheel"]),
                    revisions=revisions.get(model_id, []))
    for dataset_id, spec in sorted(job["datasets"].items()):
        print(f"dataset {dataset_id}", flush=True)
        build_dataset(dataset_id, spec, hf_home=hf_home, work=work)
    for metric_id, spec in sorted(job["metrics"].items()):
        print(f"metric {metric_id}", flush=True)
        build_metric(metric_id, spec, hf_home=hf_home)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
