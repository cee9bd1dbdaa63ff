"""A stored JSON report (``--format json``) read back into typed values, once.

``coursekit report`` reads the reports that ``check`` and ``verify`` wrote: every
finding becomes a :class:`~coursekit.diagnostics.Diagnostic` and every notebook a
:class:`~coursekit.judgement.model.NotebookJudgement` here, at the boundary, so that
the reporters render the same values whether a command ran just now or long ago. A
value of a type the writer never writes is a :class:`ReportError`, not a crash.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coursekit.diagnostics import Diagnostic, Severity
from coursekit.json_files import read_json
from coursekit.judgement.model import (
    CellResult,
    Fate,
    NotebookJudgement,
    NotebookStatus,
    Scenario,
    Unverified,
    Verdict,
)
from coursekit.judgement.timing import NotebookTiming, RunTiming
from coursekit.report.json import VERSION


class ReportError(ValueError):
    """A file that is not a coursekit JSON report, or one whose values cannot be read."""


@dataclass(frozen=True, slots=True)
class StoredReport:
    title: str
    """What the report names its run (``check``, ``coursekit verify``)."""
    diagnostics: tuple[Diagnostic, ...]
    notebooks: tuple[NotebookJudgement, ...] | None
    """Each notebook's judgement; ``None`` for a report without notebooks (``check``)."""
    executed_runs: int = 0
    wall_time: float = 0.0
    timing: RunTiming = field(default_factory=RunTiming)
    """The summary's times of the stages that belong to no one notebook."""
    extras: Mapping[str, Any] = field(default_factory=dict)
    """The summary's entries that coursekit does not recompute (``devices``), as written."""
    checked: tuple[str, ...] | None = None
    """The files the run looked at, findings or not; ``None`` in a report written before
    they were recorded."""
    not_shown: Mapping[str, Any] | None = None
    """What the run's report left out, counted (``--quiet``, folded, a baseline), as
    written; ``None`` in a report that does not say."""


RECOMPUTED = frozenset({"errors", "warnings", "notes", "files", "notebooks", "statuses",
                        "executed_runs", "wall_time", "timing"})
"""Summary entries a merge computes again from the findings and notebooks."""


def read_report(path: Path) -> StoredReport:
    """The report in ``path``; :class:`ReportError` naming the file otherwise. Only a
    regular file is read, as a baseline is: a device such as ``/dev/zero`` never ends,
    and a FIFO with no writer never starts."""
    try:
        data = read_json(path)
    except (OSError, ValueError) as exc:
        raise ReportError(f"{path}: cannot read a JSON report ({exc})") from exc
    if isinstance(data, dict) and data.get("tool") == "coursekit" and "statistics" in data:
        raise ReportError(f"{path}: the counts of --statistics, not the findings of a "
                          "JSON report (--format json without --statistics)")
    if not isinstance(data, dict) or data.get("tool") != "coursekit" or not isinstance(
        data.get("diagnostics"), list
    ):
        raise ReportError(f"{path}: not a coursekit JSON report (--format json)")
    version = data.get("version", VERSION)
    if type(version) is not int or not 1 <= version <= VERSION:
        raise ReportError(f"{path}: a JSON report of format version {version!r}, which this "
                          f"coursekit does not read (it reads version {VERSION}): write it "
                          "again with this coursekit")
    return report_from_json(str(path), data)


def report_from_json(name: str, data: Mapping[str, Any]) -> StoredReport:
    """The report ``data`` as ``--format json`` writes it; ``name`` for messages."""
    found = data.get("summary")
    summary: Mapping[str, Any] = found if isinstance(found, dict) else {}
    notebooks = data.get("notebooks")
    return StoredReport(
        title=str(data.get("run", "")),
        notebooks=None if "notebooks" not in data else _notebooks(name, notebooks or ()),
        executed_runs=int(_summary_number(name, summary, "executed_runs")),
        wall_time=float(_summary_number(name, summary, "wall_time")),
        timing=_run_timing(name, summary.get("timing")),
        extras={k: v for k, v in summary.items() if k not in RECOMPUTED},
        diagnostics=_diagnostics(name, data["diagnostics"]),
        checked=_checked(name, data),
        not_shown=data["not_shown"] if isinstance(data.get("not_shown"), dict) else None,
    )


def _checked(name: str, data: Mapping[str, Any]) -> tuple[str, ...] | None:
    if "checked" not in data:
        return None
    found = data["checked"]
    if not isinstance(found, list) or not all(isinstance(p, str) for p in found):
        raise ReportError(f"{name}: `checked` is not a list of file paths")
    return tuple(found)


def _run_timing(name: str, found: Any) -> RunTiming:
    """The summary's ``timing`` (its sums over notebooks are computed again, not read)."""
    if found is None:
        return RunTiming()
    if not isinstance(found, dict):
        raise ReportError(f"{name}: summary `timing` is {type(found).__name__}, not a table")
    try:
        return RunTiming.from_json(found)
    except ValueError as exc:
        raise ReportError(f"{name}: summary {exc}") from exc


def _summary_number(name: str, summary: Mapping[str, Any], key: str) -> float:
    """A summary's count or time: a finite number, ``0`` when absent."""
    value = summary.get(key)
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int | float) or not (
            0 <= value < float("inf")):
        raise ReportError(f"{name}: summary `{key}` is {json.dumps(value)[:40]}, not a number")
    return value


def combine_extras(known: Any, value: Any) -> Any:
    """Two reports' values of one summary entry coursekit does not recompute: lists are
    united, counts added, times the longest; anything else must agree, and is kept
    when it does."""
    if known is None:
        return value
    if isinstance(known, list) and isinstance(value, list):
        return sorted({*map(_hashable, known), *map(_hashable, value)}, key=str)
    if isinstance(known, dict) and isinstance(value, dict):
        return {k: combine_extras(known.get(k), value.get(k)) for k in sorted({*known, *value})}
    if isinstance(known, bool) or isinstance(value, bool):
        return known or value
    if isinstance(known, int) and isinstance(value, int):
        return known + value
    if isinstance(known, float | int) and isinstance(value, float | int):
        return max(known, value)
    return known


def _hashable(value: Any) -> Any:
    return value if isinstance(value, str | int | float | bool | None) else str(value)


def diagnostic_from_json(data: Mapping[str, Any]) -> Diagnostic:
    """A finding as :func:`coursekit.report.json.as_dict` writes it."""
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
        fix=_text(data, "fixable", optional=True),
    )


def notebook_from_json(data: Mapping[str, Any]) -> NotebookJudgement:
    """A notebook's judgement as :func:`coursekit.report.notebooks.notebook_json` writes it."""
    severity = data.get("severity")
    first = data.get("first_cause")
    return NotebookJudgement(
        notebook=_text(data, "notebook"), lesson=_text(data, "lesson"),
        language=_text(data, "language"), framework=_text(data, "framework"),
        status=NotebookStatus(data["status"]), reason=_text(data, "reason", optional=True),
        verdict=str(data.get("verdict") or data["status"]),
        severity=Severity(severity) if severity else None,
        first_cause=_cell(first) if first is not None else None,
        cells=tuple(_cell(c) for c in _list(data, "cells")),
        scenarios=tuple(_scenario(s) for s in _list(data, "scenarios")),
        cached=bool(data.get("cached", False)),
        executed=_text(data, "executed", optional=True),
        duration=_number(data, "duration"),
        device=_text(data, "device", optional=True) or "cpu",
        restarts=_whole(data, "restarts") or 0,
        replayed=tuple(str(s) for s in _list(data, "replayed")),
        timing=NotebookTiming.from_json(data.get("timing") or {}),
        unverified=tuple(
            Unverified(index=_index(u, "index"), source=_text(u, "source"),
                       device=_text(u, "device"), expected=_text(u, "expected"))
            for u in _list(data, "unverified")),
    )


def _cell(data: Mapping[str, Any]) -> CellResult:
    return CellResult(
        index=_index(data, "index"), source=_text(data, "source"),
        verdict=Verdict(data["verdict"]), detail=_text(data, "detail", optional=True) or "",
        cause=_whole(data, "cause"), drift=_text(data, "drift", optional=True),
        hint=_text(data, "hint", optional=True) or "",
        note=_text(data, "note", optional=True) or "",
        documented=_text(data, "documented", optional=True) or "",
        raised=_text(data, "raised", optional=True) or "",
        fix=_text(data, "fix", optional=True) or "",
    )


def _scenario(data: Mapping[str, Any]) -> Scenario:
    return Scenario(
        error_cell=_index(data, "error_cell"),
        fix_cells=tuple(_index({"fix": i}, "fix") for i in _list(data, "fix_cells")),
        proven=data["proven"] is True, reason=_text(data, "reason", optional=True) or "",
        note=_text(data, "note", optional=True) or "",
        fate=Fate(data["outcome"]) if data.get("outcome") else None,
        judged=data.get("outcome") != Fate.DOCUMENTED.value,
        documented=_text(data, "documented", optional=True) or "",
        raised=_text(data, "raised", optional=True) or "",
        source=_text(data, "source", optional=True) or "",
    )


def _diagnostics(name: str, found: list[Any]) -> tuple[Diagnostic, ...]:
    try:
        return tuple(diagnostic_from_json(d) for d in found)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ReportError(f"{name}: a diagnostic cannot be read ({exc})") from exc


def _notebooks(name: str, found: Any) -> tuple[NotebookJudgement, ...]:
    read: list[NotebookJudgement] = []
    for nb in found if isinstance(found, list) else ():
        if not isinstance(nb, dict) or not isinstance(nb.get("notebook"), str):
            raise ReportError(f"{name}: a notebook entry without its path")
        try:
            read.append(notebook_from_json(nb))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ReportError(f"{name}: notebook {nb['notebook']} cannot be read ({exc})") \
                from exc
    return tuple(read)


def _text(data: Mapping[str, Any], key: str, *, optional: bool = False) -> Any:
    value = data.get(key) if optional else data[key]
    if not isinstance(value, str) and not (optional and value is None):
        raise ReportError(f"`{key}` is {type(value).__name__}, not text")
    return value


def _whole(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is not None and (type(value) is not int or value < 0):
        raise ReportError(f"`{key}` is {json.dumps(value)[:40]}, not a whole number")
    return value


def _index(data: Mapping[str, Any], key: str) -> int:
    value = _whole(data, key)
    if value is None:
        raise ReportError(f"`{key}` is missing")
    return value


def _number(data: Mapping[str, Any], key: str) -> float:
    value = data.get(key, 0.0)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ReportError(f"`{key}` is {json.dumps(value)[:40]}, not a number")
    return value


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ReportError(f"`{key}` is {type(value).__name__}, not a list")
    return value
