"""The first report a maintainer reads: what to fix, then what to look at, in a few
hundred lines whatever the size of the course.

- errors first, each in full: its message (which quotes the offending text) and its fix;
- warnings one line per rule and language, with the count, the files and the first
  place (``--show-all`` lists each finding, by file);
- outdated translations (``TRN005``) as one table per language: the file, when it was
  last translated, and the source commit that changed it since;
- notes are counted in the summary line only (``--show-all`` lists them);
- the summary closes with the counts and what to do next, a baseline first.

The findings come in already folded (:mod:`coursekit.report.aggregate`): repeats of a
rule in a file, and a convention a language keeps, are one finding each.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path
from typing import IO

from coursekit.diagnostics import Diagnostic, Severity, sorted_diagnostics
from coursekit.report.aggregate import files_of
from coursekit.report.encoding import printable
from coursekit.report.statistics import closing_summary, language_of, not_shown, summary_line
from coursekit.rules import all_rules

RUN = ("CFG", "TRN007", "TRN008")
"""Warnings about the run itself (a path named that is not checked, a configuration
value, a git history cut off or unread): listed each in full, as there are few."""

OUTDATED = "TRN005"
"""The rule whose findings are shown as tables, one per language."""

_OUTDATED = re.compile(
    r"last translated in (?P<commit>\S+) \((?P<date>[^)]*)\);.*?"
    r"(?:first in (?P<since>\S+) \((?P<since_date>[^,)]*), \"(?P<subject>.*?)\"\)"
    r"|(?P<pending>not committed yet))"
)


@dataclass(frozen=True, slots=True)
class WarningRow:
    """The warnings of one rule in one language."""

    rule: str
    language: str
    count: int
    files: int
    first: str
    """Where the first of them is (``path:line``); where the first file's worst is, for
    per-cue findings folded into one at their worst (:attr:`worst`)."""
    fixable: int = 0
    """How many of them a ``coursekit fix`` command settles (ruff's ``[*]``)."""
    worst: bool = False
    """:attr:`first` is the place of the first file's worst finding, not its first."""


@dataclass(frozen=True, slots=True)
class OutdatedRow:
    """An outdated translation: when it was last translated, and what changed since."""

    path: str
    translated: str
    """The commit and date of its last translation (``3addc6c4b 2023-08-13``)."""
    changed_by: str
    """The source commit that first changed what it lacks, with its date and subject."""


def warning_rows(diagnostics: Sequence[Diagnostic]) -> list[WarningRow]:
    """One row per rule and language: rules with the most warnings first, and within a
    rule its languages by count."""
    groups: dict[tuple[str, str], list[Diagnostic]] = {}
    for diag in sorted_diagnostics(diagnostics):
        if diag.severity is Severity.WARNING and diag.rule != OUTDATED and \
                not diag.rule.startswith(RUN):
            groups.setdefault((diag.rule, language_of(diag.path)), []).append(diag)
    by_rule: dict[str, int] = {}
    for (rule, _), group in groups.items():
        by_rule[rule] = by_rule.get(rule, 0) + sum(d.count for d in group)
    rows = [WarningRow(rule, language, sum(d.count for d in group),
                       sum(files_of(d) for d in {d.path: d for d in group}.values()),
                       group[0].location, sum(d.count for d in group if d.fix),
                       worst=group[0].count > 1 and group[0].excess > 0)
            for (rule, language), group in groups.items()]
    return sorted(rows, key=lambda r: (-by_rule[r.rule], r.rule, -r.count, r.language))


def outdated_rows(diagnostics: Sequence[Diagnostic]) -> dict[str, list[OutdatedRow]]:
    """The outdated translations by language (languages in order, files by path)."""
    tables: dict[str, list[OutdatedRow]] = {}
    for diag in sorted_diagnostics(diagnostics):
        if diag.rule != OUTDATED or diag.severity is Severity.ERROR:
            continue
        found = _OUTDATED.search(diag.message)
        if found is None:
            row = OutdatedRow(diag.path, "?", diag.message.partition("\n")[0])
        elif found["pending"]:
            row = OutdatedRow(diag.path, f"{found['commit']} {found['date']}",
                              "source changes not committed yet")
        else:
            row = OutdatedRow(
                diag.path, f"{found['commit']} {found['date']}",
                f"{found['since']} {found['since_date']} \"{found['subject']}\"")
        tables.setdefault(language_of(diag.path), []).append(row)
    return dict(sorted(tables.items()))


def _table(rows: Sequence[OutdatedRow]) -> list[str]:
    header = ("file", "translated on", "source commit that changed it")
    cells = [header, *((r.path, r.translated, r.changed_by) for r in rows)]
    widths = [max(len(row[i]) for row in cells) for i in range(2)]
    return [f"    {a:<{widths[0]}}  {b:<{widths[1]}}  {c}".rstrip() for a, b, c in cells]


def _errors(diagnostics: Sequence[Diagnostic]) -> list[str]:
    lines: list[str] = []
    for diag in sorted_diagnostics(d for d in diagnostics if d.severity is Severity.ERROR):
        cue = f" (cue {diag.cue})" if diag.cue is not None else ""
        first, _, rest = diag.message.partition("\n")
        fixable = " [*]" if diag.fix == "safe" else ""  # as the full listing marks it
        lines.append(f"{diag.location}{cue}: error {diag.rule}{fixable} {first}")
        if rest:
            lines.extend(f"    {line}" for line in rest.splitlines())
        if diag.hint:
            head, _, more = diag.hint.partition("\n")
            lines.append(f"    fix: {head}")
            lines.extend(f"    {line}" for line in more.splitlines())
    return lines


def _run_warnings(diagnostics: Sequence[Diagnostic]) -> list[str]:
    """Each warning about the run itself, in full, with its fix."""
    lines: list[str] = []
    for diag in sorted_diagnostics(diagnostics):
        if diag.severity is Severity.WARNING and diag.rule.startswith(RUN):
            lines.append(f"{diag.location}: warning {diag.rule} {diag.message}")
            if diag.hint:
                lines.append(f"    fix: {diag.hint}")
    return lines


def render_overview(
    diagnostics: Sequence[Diagnostic], out: IO[str], title: str, checked: Sequence[str] = (),
    *, hidden: Sequence[Diagnostic] = (), baseline: Path | None = None,
    recorded: Sequence[Diagnostic] = (),
) -> None:
    """The report in its sections (see the module), then the summary; ``hidden`` are the
    findings ``--quiet`` left out, counted in the summary line only; ``baseline``: the
    file the findings are new against, which the summary's advice names, and whose
    findings ``recorded`` the summary line counts."""
    names = {rule.code: rule.name for rule in all_rules()}
    command = title.removeprefix("coursekit ")
    lines: list[str] = []
    errors = _errors(diagnostics)
    if errors:
        count = sum(d.count for d in diagnostics if d.severity is Severity.ERROR)
        lines += [f"errors ({count}), each with its fix:", *errors, ""]
    lines += _run_warnings(diagnostics)
    rows = warning_rows(diagnostics)
    if rows:
        total = sum(r.count for r in rows)
        lines.append(f"warnings ({total}), by rule and language "
                     f"(coursekit {command} --show-all lists each):")
        for rule, group in groupby(rows, key=lambda r: r.rule):
            for row in group:
                files = f"{row.files} file{'s' * (row.files != 1)}"
                fixable = f", [*] {row.fixable} fixable" if row.fixable else ""
                lines.append(f"  {rule} {names.get(rule, '')}  {row.language}: {row.count} "
                             f"in {files} ({'worst' if row.worst else 'first'} "
                             f"{row.first}){fixable}")
        lines.append("")
    tables = outdated_rows(diagnostics)
    if tables:
        total = sum(map(len, tables.values()))
        lines.append(f"outdated translations ({total}, {OUTDATED}), by language: bring each "
                     "in line with its source")
        for language, table in tables.items():
            lines.append(f"  {language} ({len(table)}):")
            lines += _table(table)
        lines.append("")
    notes = [d for d in diagnostics if d.severity is Severity.NOTE]
    verdict = "clean" if not diagnostics else summary_line(diagnostics)
    verdict += not_shown(notes, "--show-all lists them") + not_shown(hidden, "--quiet")
    verdict += not_shown(recorded, f"recorded in {baseline}")
    lines.append(f"{title}: {verdict}")
    lines.extend(f"  {line}" for line in closing_summary(diagnostics, title,
                                                          quiet=bool(hidden),
                                                          baseline=baseline))
    out.write(printable("\n".join(lines) + "\n"))
