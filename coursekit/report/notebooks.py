"""Notebook judgements as ``verify --format json`` writes them.

The document's ``notebooks`` list, one entry per notebook: its status and headline
verdict, its first cause, how it ran, and every cell's verdict and scenario. A merge of
stored reports writes the same entries, read back by :mod:`coursekit.judgement.stored`.
"""

from __future__ import annotations

from typing import Any

from coursekit.judgement.model import CellResult, NotebookJudgement, Scenario, Unverified


def cell_json(cell: CellResult) -> dict[str, Any]:
    return {
        "index": cell.index, "source": cell.source, "verdict": cell.verdict.value,
        "detail": cell.detail, "cause": cell.cause, "drift": cell.drift,
        "hint": cell.hint, "note": cell.note, "documented": cell.documented,
        "raised": cell.raised, "fix": cell.fix or None,
    }


def scenario_json(scenario: Scenario) -> dict[str, Any]:
    return {
        "error_cell": scenario.error_cell, "fix_cells": list(scenario.fix_cells),
        "proven": scenario.proven, "reason": scenario.reason, "note": scenario.note,
        "outcome": scenario.outcome.value, "reached": scenario.reached,
        "documented": scenario.documented, "raised": scenario.raised,
        "source": scenario.source,
    }


def unverified_json(left: Unverified) -> dict[str, Any]:
    return {"index": left.index, "source": left.source, "device": left.device,
            "expected": left.expected}


def notebook_json(nb: NotebookJudgement) -> dict[str, Any]:
    first = nb.first_cause
    return {
        "notebook": nb.notebook, "lesson": nb.lesson, "language": nb.language,
        "framework": nb.framework, "status": nb.status.value, "reason": nb.reason,
        "verdict": nb.verdict, "severity": nb.severity.value if nb.severity else None,
        "first_cause": cell_json(first) if first is not None else None,
        "cached": nb.cached, "executed": nb.executed,
        "duration": round(nb.duration, 3), "device": nb.device,
        "restarts": nb.restarts, "replayed": list(nb.replayed),
        "unverified": [unverified_json(u) for u in nb.unverified],
        "timing": nb.timing.to_json(),
        "cells": [cell_json(c) for c in nb.cells],
        "scenarios": [scenario_json(s) for s in nb.scenarios],
        "documented_errors": len(nb.scenarios), "reached": nb.reached,
        "proven": nb.proven,
    }
