"""Baselines: record today's findings so that later runs fail only on new ones.

A finding is identified by its rule, its file and its fingerprint (or, when the
rule gives none, its message with digits masked), never by its line, so edits
elsewhere in the file and small re-timings do not turn old findings into new ones.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from coursekit.atomic import write_text_atomic
from coursekit.diagnostics import Diagnostic

_DIGITS = re.compile(r"\d+")


def identity(diag: Diagnostic) -> str:
    basis = diag.fingerprint if diag.fingerprint is not None else _DIGITS.sub("#", diag.message)
    digest = hashlib.sha256(f"{diag.rule}\0{diag.path}\0{basis}".encode()).hexdigest()
    return digest[:16]


class BaselineError(ValueError):
    pass


def write_baseline(path: Path, diagnostics: Iterable[Diagnostic]) -> int:
    counts = Counter(identity(d) for d in diagnostics)
    entries = [{"id": key, "count": n} for key, n in sorted(counts.items())]
    write_text_atomic(path, json.dumps({"version": 1, "findings": entries}, indent=1) + "\n")
    return sum(counts.values())


def read_baseline(path: Path) -> Counter[str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Counter({e["id"]: int(e["count"]) for e in data["findings"]})
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise BaselineError(f"{path}: not a coursekit baseline ({exc})") from exc


def new_findings(diagnostics: Sequence[Diagnostic], baseline: Counter[str]) -> list[Diagnostic]:
    """The diagnostics not covered by ``baseline`` (each baseline entry absorbs ``count``)."""
    left = Counter(baseline)
    fresh: list[Diagnostic] = []
    for diag in diagnostics:
        key = identity(diag)
        if left[key] > 0:
            left[key] -= 1
        else:
            fresh.append(diag)
    return fresh
