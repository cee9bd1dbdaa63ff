"""JSON report: a stable document with a summary, the files checked and every diagnostic.

``checked`` lists every file the run looked at, findings or not, so that a report merged
from several runs' JSON (``coursekit report merge``) still counts the clean files as
passing test cases in JUnit, as the run's own JUnit does. Reports written before it was
recorded have no ``checked``; a merge says so. ``not_shown`` counts what the report left
out (``--quiet``, findings folded into another, those a baseline records), so that a bot
never takes a filtered report for a clean one. docs/reports.md describes every field;
:data:`VERSION` changes only when a field goes or changes meaning.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import IO, Any

from coursekit.diagnostics import Diagnostic, sorted_diagnostics
from coursekit.report.encoding import json_text

DocumentBuilder = Callable[
    [Sequence[Diagnostic], str, Sequence[str], dict[str, Any] | None], dict[str, Any]]
"""A command's JSON document, built from what it decided: from the findings shown, the
run's title, the files checked and what the report shaping left out (``not_shown``,
after the summary), the dictionary the report pipeline serialises once.
:func:`json_document` is the one of a command with nothing more to say."""

VERSION = 1
"""The version of the JSON reports' fields (docs/reports.md): a field added keeps it; a
field removed, renamed or given another type or meaning raises it."""

NOT_SHOWN_REASONS = ("quiet", "folded", "baseline")
"""Why a report left findings out: ``--quiet``, folded into another finding (without
``--show-all``), recorded in the ``--baseline`` file."""


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


def not_shown_counts(**left_out: Sequence[Diagnostic]) -> dict[str, Any]:
    """What a report left out, counted as its summary counts what it shows: all together,
    then by reason (each of :data:`NOT_SHOWN_REASONS`, zeros where it left none)."""
    every = [diag for reason in NOT_SHOWN_REASONS for diag in left_out.get(reason, ())]
    return {**summary_counts(every), "reasons": {
        reason: summary_counts(left_out.get(reason, ())) for reason in NOT_SHOWN_REASONS}}


def json_document(diagnostics: Sequence[Diagnostic], title: str,
                  checked: Sequence[str] | None = (),
                  not_shown: dict[str, Any] | None = None) -> dict[str, Any]:
    """The report of a run as a JSON-ready dictionary; ``checked`` ``None`` where it is
    not known (a merge of reports that did not record it), and then left out, as
    ``not_shown`` is where no report shaping left anything out (a merge)."""
    document: dict[str, Any] = {"tool": "coursekit", "version": VERSION, "run": title,
                                "summary": summary_counts(diagnostics)}
    if not_shown is not None:
        document["not_shown"] = not_shown
    if checked is not None:
        document["checked"] = sorted(set(checked))
    document["diagnostics"] = [as_dict(d) for d in sorted_diagnostics(diagnostics)]
    return document


def render_json(
    diagnostics: Sequence[Diagnostic], out: IO[str], title: str, checked: Sequence[str] = (),
    *, not_shown: dict[str, Any] | None = None,
) -> None:
    out.write(json_text(json_document(diagnostics, title, checked, not_shown)))
    out.write("\n")
