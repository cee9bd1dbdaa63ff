"""Counts of findings by rule, severity and language, and the closing summary of a report."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from coursekit.diagnostics import Diagnostic, Severity
from coursekit.rules import all_rules

_LANGUAGE = re.compile(r"^[a-z]{2,3}([-_][A-Za-z0-9]{2,8})*$")
BASELINE = "coursekit-baseline.json"
"""The baseline file the summary suggests."""


def language_of(path: str) -> str:
    """The language folder of a course path (``content/fr/...``, ``subtitles/zh-CN/...``),
    or ``-`` for files of no language (configuration, toctree-less folders) and for a
    path outside the course (a build folder given by ``--out``: ``/tmp/out/...``)."""
    parts = PurePosixPath(path).parts
    if not parts or parts[0] in ("/", "..") or re.match(r"[A-Za-z]:", parts[0]):
        return "-"
    for part in parts[:3]:
        if _LANGUAGE.match(part):
            return part
    return "-"


@dataclass(frozen=True, slots=True)
class Statistics:
    by_rule: list[tuple[str, Severity, int]]
    """(code, severity, count), most frequent first."""
    by_severity: dict[Severity, int]
    by_language: list[tuple[str, int]]
    files: int

    @property
    def total(self) -> int:
        return sum(self.by_severity.values())


def statistics(diagnostics: Sequence[Diagnostic]) -> Statistics:
    rules: Counter[tuple[str, Severity]] = Counter()
    severities: Counter[Severity] = Counter()
    paths: Counter[str] = Counter()
    for diag in diagnostics:
        rules[(diag.rule, diag.severity)] += diag.count
        severities[diag.severity] += diag.count
        paths[diag.path] += diag.count
    languages: Counter[str] = Counter()
    for path, count in paths.items():  # a path's language read once, not per finding
        languages[language_of(path)] += count
    by_rule = sorted(((code, sev, n) for (code, sev), n in rules.items()),
                     key=lambda item: (-item[1].rank, -item[2], item[0]))
    return Statistics(
        by_rule=by_rule,
        by_severity={s: severities[s] for s in Severity},
        by_language=sorted(languages.items(), key=lambda item: (-item[1], item[0])),
        files=len(paths),
    )


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' * (count != 1)}"


def summary_line(diagnostics: Sequence[Diagnostic], *, files: bool = True) -> str:
    stats = statistics(diagnostics)
    counts = stats.by_severity
    parts = [_plural(counts[Severity.ERROR], "error"), _plural(counts[Severity.WARNING], "warning")]
    if counts[Severity.NOTE]:
        parts.append(_plural(counts[Severity.NOTE], "note"))
    return ", ".join(parts) + (f" in {_plural(stats.files, 'file')}" if files else "")


def not_shown(findings: Sequence[Diagnostic], why: str) -> str:
    """What a summary line adds for ``findings`` a report left out: `` (3 warnings, 1
    note not shown: --quiet)``; empty when there are none."""
    if not findings:
        return ""
    kept = summary_line(findings, files=False).removeprefix("0 errors, ")
    return f" ({kept.removeprefix('0 warnings, ')} not shown: {why})"


def statistics_lines(diagnostics: Sequence[Diagnostic]) -> list[str]:
    """The ``--statistics`` table: one row per rule, then severities and languages."""
    stats = statistics(diagnostics)
    names = {rule.code: rule.name for rule in all_rules()}
    lines = [f"{'count':>7}  {'rule':<7} {'severity':<8} name"]
    lines.extend(f"{count:>7}  {code:<7} {severity.value:<8} {names.get(code, '')}"
                 for code, severity, count in stats.by_rule)
    lines.append("by severity: " + ", ".join(
        f"{severity.value} {count}" for severity, count in stats.by_severity.items()))
    lines.append("by language: " + (", ".join(
        f"{language} {count}" for language, count in stats.by_language) or "none"))
    return lines


def statistics_document(diagnostics: Sequence[Diagnostic], title: str,
                        not_shown: dict[str, Any] | None = None) -> dict[str, Any]:
    """``--statistics --format json``: the counts of the table, by rule (as ruff's JSON
    statistics, most severe and most frequent first) and language; ``not_shown`` counts
    what the report left out (:func:`coursekit.report.json.not_shown_counts`)."""
    from coursekit.report.json import VERSION, not_shown_counts, summary_counts

    stats = statistics(diagnostics)
    names = {rule.code: rule.name for rule in all_rules()}
    return {
        "tool": "coursekit",
        "version": VERSION,
        "run": title,
        "summary": summary_counts(diagnostics),
        "not_shown": not_shown if not_shown is not None else not_shown_counts(),
        "statistics": [{"rule": code, "name": names.get(code, ""), "severity": severity.value,
                        "count": count} for code, severity, count in stats.by_rule],
        "languages": dict(stats.by_language),
    }


def closing_summary(
    diagnostics: Sequence[Diagnostic], command: str, top: int = 5, *, quiet: bool = False,
    narrows: bool = True, baseline: Path | None = None,
) -> list[str]:
    """Where the findings come from, and what to do next: record them in a baseline
    first, so that CI fails only on new ones while the old ones are worked off. No rule
    is offered for silencing: a rule that fires is a decision for the course (its
    ``select`` or ``ignore``), not advice a first report gives. ``narrows``: the command
    takes ``--quiet`` and ``--statistics``, which are offered only then. Where the
    findings are those new against a ``baseline`` file, the advice is to fix them or to
    record them in that file, not to start a baseline."""
    stats = statistics(diagnostics)
    if not stats.total:
        return []
    # A configuration finding is never recorded in a baseline: one is fixed, not kept.
    recordable = any(not d.rule.startswith("CFG") for d in diagnostics)
    command = command.removeprefix("coursekit ")
    rules = [f"{code} ({severity.value}) {count}" for code, severity, count in stats.by_rule[:top]]
    more = len(stats.by_rule) - top
    languages = [f"{language} {count}" for language, count in stats.by_language[:8]]
    with_errors = any(severity is Severity.ERROR for _, severity, _ in stats.by_rule)
    lines = [
        "top rules: " + ", ".join(rules) + (f" (and {more} more: --statistics)"
                                             if more > 0 and narrows else
                                             f" (and {more} more)" if more > 0 else ""),
        "by language: " + ", ".join(languages)
        + (f" (and {len(stats.by_language) - 8} more)" if len(stats.by_language) > 8 else ""),
    ]
    # --update-baseline exits 2 while the configuration is bad: that comes first
    first = ("once the configuration's CFG001 findings are fixed (every run exits 2 while "
             "they remain), " if any(d.rule == "CFG001" for d in diagnostics) else "")
    if recordable and baseline is not None:
        lines.append(f"new since {baseline}: {first}fix them, or record them with coursekit "
                     f"{command} --baseline {baseline} --update-baseline")
    elif recordable:
        lines.append(f"to start from here: {first}coursekit {command} --baseline {BASELINE} "
                     "--update-baseline records these findings; then --baseline "
                     f"{BASELINE} in CI fails only on new ones")
    others = any(d.severity is not Severity.ERROR for d in diagnostics)  # else errors alone
    if with_errors and others and not quiet and narrows:
        lines.append(f"to see the errors alone: coursekit {command} --quiet")
    return lines
