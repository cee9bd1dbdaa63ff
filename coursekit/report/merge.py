"""``coursekit report merge``: one report from the JSON reports of several runs.

The runs are the shards of one verification (``verify --shard K/N`` on N machines)
or checks of parts of a course. Notebooks are disjoint between shards and are
concatenated; a finding that every shard makes (one about the course, not about a
notebook of the shard) is kept as many times as the run that made it most often,
so the merged report says what one unsharded run would have said. The files checked
are united, so that the merged JUnit counts each clean file as the run's own does. The
reports come
typed (:mod:`coursekit.judgement.stored`); only the summary entries coursekit does
not compute itself are combined as the JSON values they are.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from coursekit.diagnostics import Diagnostic, sorted_diagnostics
from coursekit.judgement.model import NotebookJudgement
from coursekit.judgement.stored import ReportError, StoredReport, combine_extras
from coursekit.judgement.timing import RunTiming, summary_timing
from coursekit.report.json import json_document
from coursekit.report.notebooks import notebook_json
from coursekit.report.verify_json import in_summary_order


class MergeError(ReportError):
    """Reports that cannot be merged: of different commands, or disagreeing shards."""


@dataclass(slots=True)
class MergedReport:
    title: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    notebooks: list[NotebookJudgement] = field(default_factory=list)
    """Each notebook's judgement (verify only)."""
    executed_runs: int = 0
    wall_time: float = 0.0
    """The longest run's: shards run side by side."""
    timing: RunTiming = field(default_factory=RunTiming)
    """Each stage the longest of the runs'."""
    verify: bool = False
    """The reports carry notebooks (``verify`` reports)."""
    summary: dict[str, Any] = field(default_factory=dict)
    """Summary entries coursekit does not recompute, combined across the reports."""
    checked: list[str] = field(default_factory=list)
    """The files the runs looked at, findings or not, as far as their reports say."""
    unrecorded: list[str] = field(default_factory=list)
    """The reports of ``check`` that do not record the files they checked (written
    before they did): a clean file of theirs is missing from :attr:`checked`."""
    not_shown: dict[str, Any] | None = None
    """What the runs' reports left out, added up (a finding every shard left out counts
    once per shard); ``None`` when a report does not say."""


def _union(runs: Iterable[Sequence[Diagnostic]]) -> list[Diagnostic]:
    """Every finding as often as the run that has it most often."""
    most: Counter[Diagnostic] = Counter()
    for found in runs:
        for diag, count in Counter(found).items():
            most[diag] = max(most[diag], count)
    return sorted_diagnostics(most.elements())


def merge_reports(reports: Sequence[tuple[str, StoredReport]]) -> MergedReport:
    """Merge ``(name, report)`` pairs; the names appear in error messages."""
    try:
        return _merge(reports)
    except RecursionError as exc:  # summaries combined entry by entry, as deep as they go
        raise MergeError("a report's summary is nested too deeply to combine") from exc


def _merge(reports: Sequence[tuple[str, StoredReport]]) -> MergedReport:
    if not reports:
        raise MergeError("no report to merge")
    titles = {report.title for _, report in reports}
    if len(titles) > 1:
        raise MergeError(f"reports of different commands: {', '.join(sorted(titles))}")
    merged = MergedReport(title=titles.pop())
    notebooks: dict[str, NotebookJudgement] = {}
    checked: set[str] = set()
    not_shown: list[Any] = []
    for name, report in reports:
        for nb in report.notebooks or ():
            known = notebooks.setdefault(nb.notebook, nb)
            if known.without_run_details() != nb.without_run_details():
                raise MergeError(
                    f"{name}: notebook {nb.notebook} is in another report with another "
                    "result; merge the shards of one run"
                )
        merged.verify = merged.verify or report.notebooks is not None
        if report.checked is not None:
            checked.update(report.checked)
        elif report.notebooks is None:  # verify's reports list notebooks instead
            merged.unrecorded.append(name)
        not_shown.append(report.not_shown)
        for key, value in report.extras.items():
            merged.summary[key] = combine_extras(merged.summary.pop(key, None), value)
        merged.executed_runs += report.executed_runs
        merged.wall_time = max(merged.wall_time, report.wall_time)
        merged.timing = _longest(merged.timing, report.timing)
    merged.diagnostics = _union(report.diagnostics for _, report in reports)
    merged.notebooks = [notebooks[key] for key in sorted(notebooks)]
    merged.checked = sorted(checked)
    if all(left is not None for left in not_shown):
        merged.not_shown = {}
        for left in not_shown:
            merged.not_shown = combine_extras(merged.not_shown or None, left)
    return merged


def _longest(one: RunTiming, other: RunTiming) -> RunTiming:
    return RunTiming(**{f.name: max(getattr(one, f.name), getattr(other, f.name))
                        for f in fields(RunTiming)})


def merged_document(merged: MergedReport) -> dict[str, Any]:
    """The merged report in the shape of the reports merged: the summary counts each
    repeat of a finding shown once per file, as the run's own report does. The files
    checked are left out where a report did not record its own: a partial list would
    pass for the whole one in the next merge."""
    checked = None if merged.verify or merged.unrecorded else merged.checked
    document = json_document(merged.diagnostics, merged.title, checked, merged.not_shown)
    summary: dict[str, Any] = document["summary"]
    summary.update(merged.summary)
    if merged.verify:
        statuses = Counter(nb.status.value for nb in merged.notebooks)
        summary.update({
            "notebooks": len(merged.notebooks),
            "statuses": dict(sorted(statuses.items())),
            "executed_runs": merged.executed_runs,
            "wall_time": round(merged.wall_time, 3),
            "timing": summary_timing(merged.timing, ((nb.notebook, nb.duration, nb.timing)
                                                     for nb in merged.notebooks)),
        })
        document["notebooks"] = [notebook_json(nb) for nb in merged.notebooks]
    document["summary"] = in_summary_order(summary)
    return document
