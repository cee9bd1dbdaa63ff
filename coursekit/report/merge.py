"""``coursekit report merge``: one report from the JSON reports of several runs.

The runs are the shards of one verification (``verify --shard K/N`` on N machines)
or checks of parts of a course. Notebooks are disjoint between shards and are
concatenated; a finding that every shard makes (one about the course, not about a
notebook of the shard) is kept as many times as the run that made it most often,
so the merged report says what one unsharded run would have said.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coursekit.diagnostics import Diagnostic, Severity, sorted_diagnostics
from coursekit.report.json import as_dict


class MergeError(ValueError):
    """A file that is not a coursekit JSON report, or reports of different commands."""


@dataclass(slots=True)
class MergedReport:
    title: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    notebooks: list[dict[str, Any]] = field(default_factory=list)
    """Each notebook's judgement as ``verify --format json`` writes it (verify only)."""
    executed_runs: int = 0
    wall_time: float = 0.0
    """The longest run's: shards run side by side."""
    verify: bool = False
    """The reports carry notebooks (``verify`` reports)."""
    summary: dict[str, Any] = field(default_factory=dict)
    """Summary entries coursekit does not recompute, combined across the reports."""


def diagnostic_from_dict(data: dict[str, Any]) -> Diagnostic:
    """The inverse of :func:`coursekit.report.json.as_dict`; :class:`MergeError` when a
    field has a value ``as_dict`` never writes."""
    return Diagnostic(
        rule=_text(data, "rule"),
        severity=Severity(data["severity"]),
        path=_text(data, "path"),
        line=_whole(data, "line"),
        message=_text(data, "message"),
        hint=_text(data, "hint", optional=True),
        cue=_whole(data, "cue"),
        column=_whole(data, "column"),
        fingerprint=_text(data, "fingerprint", optional=True),
        count=_whole(data, "count") or 1,
        diff=_text(data, "diff", optional=True),
        folded=bool(data.get("folded", False)),
    )


def _text(data: dict[str, Any], key: str, *, optional: bool = False) -> Any:
    value = data.get(key) if optional else data[key]
    if not isinstance(value, str) and not (optional and value is None):
        raise MergeError(f"`{key}` is {type(value).__name__}, not text")
    return value


def _whole(data: dict[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is not None and (type(value) is not int or value < 0):
        raise MergeError(f"`{key}` is {str(value)[:40]}, not a whole number")
    return value


def _number(name: str, key: str, value: Any) -> float:
    """A summary's count or time: a finite number, ``0`` when absent."""
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int | float) or not (
            0 <= value < float("inf")):
        raise MergeError(f"{name}: summary `{key}` is {str(value)[:40]}, not a number")
    return value


def read_report(path: Path) -> dict[str, Any]:
    """A JSON report written by ``--format json``; :class:`MergeError` otherwise."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except RecursionError as exc:
        raise MergeError(f"{path}: cannot read a JSON report (nested too deeply)") from exc
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise MergeError(f"{path}: cannot read a JSON report ({exc})") from exc
    if not isinstance(data, dict) or data.get("tool") != "coursekit" or not isinstance(
        data.get("diagnostics"), list
    ):
        raise MergeError(f"{path}: not a coursekit JSON report (--format json)")
    return data


def _diagnostics(path: str, data: dict[str, Any]) -> list[Diagnostic]:
    try:
        return [diagnostic_from_dict(d) for d in data["diagnostics"]]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise MergeError(f"{path}: a diagnostic cannot be read ({exc})") from exc


def _union(runs: Iterable[list[Diagnostic]]) -> list[Diagnostic]:
    """Every finding as often as the run that has it most often."""
    most: Counter[Diagnostic] = Counter()
    for found in runs:
        for diag, count in Counter(found).items():
            most[diag] = max(most[diag], count)
    return sorted_diagnostics(most.elements())


def merge_reports(reports: Sequence[tuple[str, dict[str, Any]]]) -> MergedReport:
    """Merge ``(name, document)`` pairs; the names appear in error messages."""
    try:
        return _merge(reports)
    except RecursionError as exc:  # summaries combined entry by entry, as deep as they go
        raise MergeError("a report's summary is nested too deeply to combine") from exc


def _merge(reports: Sequence[tuple[str, dict[str, Any]]]) -> MergedReport:
    if not reports:
        raise MergeError("no report to merge")
    titles = {str(data.get("run", "")) for _, data in reports}
    if len(titles) > 1:
        raise MergeError(f"reports of different commands: {', '.join(sorted(titles))}")
    merged = MergedReport(title=titles.pop())
    notebooks: dict[str, dict[str, Any]] = {}
    for name, data in reports:
        found = data.get("summary")
        summary: dict[str, Any] = found if isinstance(found, dict) else {}
        for nb in data.get("notebooks") or ():
            if not isinstance(nb, dict) or not isinstance(nb.get("notebook"), str):
                raise MergeError(f"{name}: a notebook entry without its path")
            known = notebooks.setdefault(nb["notebook"], nb)
            if known is not nb and _judgement(known) != _judgement(nb):
                raise MergeError(
                    f"{name}: notebook {nb['notebook']} is in another report with another "
                    "result; merge the shards of one run"
                )
        merged.verify = merged.verify or "notebooks" in data
        for key, value in summary.items():
            if key not in _RECOMPUTED:
                merged.summary[key] = _combine(merged.summary.get(key), value)
        merged.executed_runs += int(_number(name, "executed_runs", summary.get("executed_runs")))
        merged.wall_time = max(merged.wall_time,
                               float(_number(name, "wall_time", summary.get("wall_time"))))
    merged.diagnostics = _union(_diagnostics(name, data) for name, data in reports)
    merged.notebooks = [notebooks[key] for key in sorted(notebooks)]
    return merged


_RECOMPUTED = frozenset({"errors", "warnings", "notes", "files", "notebooks", "statuses",
                         "executed_runs", "wall_time"})


def _combine(known: Any, value: Any) -> Any:
    """Two shards' values of one summary entry: lists are united, counts added, times
    the longest; anything else must agree, and is kept when it does."""
    if known is None:
        return value
    if isinstance(known, list) and isinstance(value, list):
        return sorted({*map(_hashable, known), *map(_hashable, value)}, key=str)
    if isinstance(known, dict) and isinstance(value, dict):
        return {k: _combine(known.get(k), value.get(k)) for k in sorted({*known, *value})}
    if isinstance(known, bool) or isinstance(value, bool):
        return known or value
    if isinstance(known, int) and isinstance(value, int):
        return known + value
    if isinstance(known, float | int) and isinstance(value, float | int):
        return max(known, value)
    return known


def _hashable(value: Any) -> Any:
    return value if isinstance(value, str | int | float | bool | None) else str(value)


def _judgement(nb: dict[str, Any]) -> Any:
    return {k: v for k, v in nb.items() if k not in ("duration", "cached", "executed")}


def merged_document(merged: MergedReport) -> dict[str, Any]:
    """The merged report in the shape of the reports merged."""
    counts = Counter(d.severity.value for d in merged.diagnostics)
    summary: dict[str, Any] = {
        "errors": counts.get("error", 0),
        "warnings": counts.get("warning", 0),
        "notes": counts.get("note", 0),
        "files": len({d.path for d in merged.diagnostics}),
    }
    document: dict[str, Any] = {"tool": "coursekit", "run": merged.title, "summary": summary}
    summary.update(merged.summary)
    if merged.verify:
        statuses = Counter(str(nb.get("status", "")) for nb in merged.notebooks)
        summary.update({
            "notebooks": len(merged.notebooks),
            "statuses": dict(sorted(statuses.items())),
            "executed_runs": merged.executed_runs,
            "wall_time": round(merged.wall_time, 3),
        })
    document["diagnostics"] = [as_dict(d) for d in merged.diagnostics]
    if merged.verify:
        document["notebooks"] = merged.notebooks
    return document
