"""JSON report: a stable document with a summary, the files checked and every diagnostic.

``checked`` lists every file the run looked at, findings or not, so that a report merged
from several runs' JSON (``coursekit report merge``) still counts the clean files as
passing test cases in JUnit, as the run's own JUnit does. Reports written before it was
recorded have no ``checked``; a merge says so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import IO, Any

from coursekit.diagnostics import Diagnostic, sorted_diagnostics
from coursekit.report.encoding import json_text


def as_dict(diag: Diagnostic) -> dict[str, Any]:
    return {
        "rule": diag.rule,
        "severity": diag.severity.value,
        "path": diag.path,
        "line": diag.line,
        "column": diag.column,
        "cue": diag.cue,
        "message": diag.message,
        "hint": diag.hint,
        "fingerprint": diag.fingerprint,
        "count": diag.count,
        "diff": diag.diff,
        # Only on the findings that --show-all brings back from behind another one.
        **({"folded": True} if diag.folded else {}),
        # Only on the findings that `coursekit fix` settles: the tier of its fix.
        **({"fixable": diag.fix} if diag.fix else {}),
    }


def summary_counts(diagnostics: Sequence[Diagnostic]) -> dict[str, int]:
    """Findings by severity (each repeat of an aggregated finding counted) and files."""
    counts: Counter[str] = Counter()
    for diag in diagnostics:
        counts[diag.severity.value] += diag.count
    return {
        "errors": counts["error"],
        "warnings": counts["warning"],
        "notes": counts["note"],
        "files": len({d.path for d in diagnostics}),
    }


def json_document(diagnostics: Sequence[Diagnostic], title: str,
                  checked: Sequence[str] | None = ()) -> dict[str, Any]:
    """The report of a run as a JSON-ready dictionary; ``checked`` ``None`` where it is
    not known (a merge of reports that did not record it), and then left out."""
    document: dict[str, Any] = {"tool": "coursekit", "run": title,
                                "summary": summary_counts(diagnostics)}
    if checked is not None:
        document["checked"] = sorted(set(checked))
    document["diagnostics"] = [as_dict(d) for d in sorted_diagnostics(diagnostics)]
    return document


def render_json(
    diagnostics: Sequence[Diagnostic], out: IO[str], title: str, checked: Sequence[str] = ()
) -> None:
    out.write(json_text(json_document(diagnostics, title, checked)))
    out.write("\n")
