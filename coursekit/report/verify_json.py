"""``verify --format json``: the diagnostics document, plus every notebook's judgement.

A dashboard reads which notebooks passed, how each failing one failed first, and
every cell's verdict and scenario, without parsing diagnostic messages.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from coursekit.diagnostics import Diagnostic, sorted_diagnostics
from coursekit.judgement.timing import summary_timing
from coursekit.report.json import VERSION, as_dict, summary_counts
from coursekit.report.notebooks import notebook_json

if TYPE_CHECKING:
    from coursekit.execution.results import VerifyReport

SUMMARY_ORDER = ("errors", "warnings", "notes", "files", "notebooks", "devices", "statuses",
                 "documented_errors", "reached", "proven", "executed_runs", "wall_time",
                 "timing")
"""The summary's entries in the order a verification writes them."""


def in_summary_order(summary: dict[str, Any]) -> dict[str, Any]:
    """``summary`` with its entries in :data:`SUMMARY_ORDER`, any other after them by
    name: a report merged from several says its entries in the order one run does,
    whatever order the reports merged came in."""
    rest = sorted(key for key in summary if key not in SUMMARY_ORDER)
    return {key: summary[key] for key in (*SUMMARY_ORDER, *rest) if key in summary}


def verify_document(
    report: VerifyReport, diagnostics: Sequence[Diagnostic], title: str = "coursekit verify",
    not_shown: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The JSON document of a verification; ``diagnostics`` are those left to report
    (after a baseline, say), which may be fewer than the report's own, and ``not_shown``
    counts the others (:func:`coursekit.report.json.not_shown_counts`), after the summary."""
    statuses = Counter(nb.status.value for nb in report.notebooks)
    document: dict[str, Any] = {
        "tool": "coursekit",
        "version": VERSION,
        "run": title,
        "summary": in_summary_order({
            **summary_counts(diagnostics),
            "notebooks": len(report.notebooks),
            "devices": sorted({nb.device for nb in report.notebooks}),
            "statuses": dict(sorted(statuses.items())),
            "documented_errors": len(report.scenarios),
            "reached": sum(s.reached for s in report.scenarios),
            "proven": sum(s.proven for s in report.scenarios),
            "executed_runs": report.executed_runs,
            "wall_time": round(report.wall_time, 3),
            "timing": summary_timing(report.timing, ((nb.notebook, nb.duration, nb.timing)
                                                     for nb in report.notebooks)),
        }),
    }
    if not_shown is not None:
        document["not_shown"] = not_shown
    document["diagnostics"] = [as_dict(d) for d in sorted_diagnostics(diagnostics)]
    document["notebooks"] = [notebook_json(nb.judgement()) for nb in report.notebooks]
    return document
