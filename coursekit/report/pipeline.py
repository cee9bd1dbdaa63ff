"""From what a command found to what its report shows: rule selection, the baseline,
folding, rendering.

The command line, the Python API and the pytest plugin report through these steps, so
the same findings give the same report and the same verdict wherever they are read::

    findings = shape(report.diagnostics, selection=course.config.selection)
    write_report(findings, "text", sys.stdout, title="check")
    findings.exit_code  # what the command line exits with: 0, 1 (an error shown), 2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any

from coursekit.config.rules import BAD_CONFIG
from coursekit.diagnostics import Diagnostic, Severity, has_errors
from coursekit.report import Renderer, render
from coursekit.report.aggregate import aggregate
from coursekit.report.baseline import (
    BaselineError,
    Entry,
    identity,
    kept_outside,
    read_entries,
    recordable,
    write_baseline,
)
from coursekit.report.baseline_match import LineContext, gone_from, split_entries
from coursekit.report.encoding import json_text
from coursekit.report.json import DocumentBuilder, json_document, not_shown_counts
from coursekit.report.overview import render_overview
from coursekit.report.repository import REPOSITORY_FORMATS, course_place, placed
from coursekit.report.statistics import statistics_document
from coursekit.report.text import render_statistics, render_text
from coursekit.rules import all_rules
from coursekit.selection import Selection
from coursekit.translations.rules import OUTDATED

STATISTICS_FORMATS = ("text", "json")
"""The formats that hold ``--statistics``: the others are for each finding's place."""

__all__ = ["STATISTICS_FORMATS", "BaselineError", "BaselineUpdate", "Findings", "Shape",
           "record_baseline", "select", "shape", "write_report"]


@dataclass(frozen=True, slots=True)
class Shape:
    """What the report shows of the findings kept."""

    quiet: bool = False
    """Errors only, as eslint's ``--quiet``; the text summary still counts the rest."""
    show_all: bool = False
    """Every repeat of a rule that fires per block or cue, and what is folded into
    another finding, instead of one finding per file with the count."""
    grouped: bool = False
    """A command's own renderer groups the repeats itself (its HTML page): findings are
    not aggregated, only those folded into another are left out."""


@dataclass(frozen=True, slots=True)
class Findings:
    """The findings a report shows, and why it fails."""

    shown: list[Diagnostic]
    hidden: list[Diagnostic] = field(default_factory=list)
    """Left out by :attr:`Shape.quiet`: counted in the text summary and the JSON reports."""
    config_problems: list[Diagnostic] = field(default_factory=list)
    """``CFG001`` findings: the configuration cannot be trusted (never deselected)."""
    baseline: Path | None = None
    """The baseline file the shown findings are new against, when one was read."""
    folded: list[Diagnostic] = field(default_factory=list)
    """Folded into another finding and left out (without :attr:`Shape.show_all`)."""
    recorded: list[Diagnostic] = field(default_factory=list)
    """Recorded in :attr:`baseline`, so not reported again."""

    def not_shown(self) -> dict[str, Any]:
        """What the report left out, counted by severity, as the JSON reports say it."""
        return not_shown_counts(quiet=self.hidden, folded=self.folded,
                                baseline=self.recorded)

    @property
    def failed(self) -> bool:
        """An error is shown: the run fails (exit 1 on the command line, or 2 with
        :attr:`config_problems`)."""
        return has_errors(self.shown)

    @property
    def exit_code(self) -> int:
        """What the command line exits with for these findings: 2 while the
        configuration has problems, which no report can be trusted with; 1 when an
        error is shown; else 0."""
        if self.config_problems:
            return 2
        return 1 if self.failed else 0


def select(diagnostics: Sequence[Diagnostic],
           selection: Selection | None) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """The configuration's problems (``CFG001``, never deselected), and the findings
    the rule selection keeps (those problems among them)."""
    config_problems = [d for d in diagnostics if d.rule == BAD_CONFIG.code]
    if selection is None:
        return config_problems, list(diagnostics)
    return config_problems, [
        *config_problems,
        *selection.apply(_unfolded(
            [d for d in diagnostics if d.rule != BAD_CONFIG.code], selection)),
    ]


def _unfolded(diagnostics: list[Diagnostic], selection: Selection) -> list[Diagnostic]:
    """The differences folded into an outdated translation's finding (``TRN005``, the one
    rule that folds others), each its own finding again, at its rule's severity, where
    the selection drops that finding (its rule ignored, or ignored in that file): else
    they would be hidden with it."""
    if not any(d.folded for d in diagnostics):
        return diagnostics
    severities = {rule.code: rule.severity for rule in all_rules()}
    return [replace(d, folded=False, severity=severities.get(d.rule, d.severity))
            if d.folded and (not selection.enabled(OUTDATED.code)
                             or selection.ignored_in(OUTDATED.code, d.path)) else d
            for d in diagnostics]


def _new(diagnostics: list[Diagnostic], baseline: Path | None, root: Path | None,
         ) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """The findings that the baseline file, when there is one, does not record, and
    those it records (told apart and followed through renames in the course at ``root``,
    when it is known: :mod:`coursekit.report.baseline_match`); :class:`BaselineError`
    when it is no baseline."""
    if baseline is None or not baseline.exists():
        return diagnostics, []
    return split_entries(diagnostics, read_entries(baseline), context=LineContext(root),
                         gone=gone_from(root))


def _folded(diagnostics: list[Diagnostic], how: Shape,
            ) -> tuple[list[Diagnostic], list[Diagnostic], list[Diagnostic]]:
    """The findings shown, those folded into another (left out without ``show_all``)
    and those ``quiet`` left out."""
    hidden: list[Diagnostic] = []
    folded = [] if how.show_all else [d for d in diagnostics if d.folded]
    if not how.show_all:  # what another finding stands for: counted in JSON, not listed
        diagnostics = [d for d in diagnostics if not d.folded]
    if how.quiet:
        hidden = [d for d in diagnostics if d.severity is not Severity.ERROR]
        diagnostics = [d for d in diagnostics if d.severity is Severity.ERROR]
    if not how.show_all and not how.grouped:
        diagnostics = aggregate(diagnostics)
    return diagnostics, folded, hidden


def shape(
    diagnostics: Sequence[Diagnostic], *, selection: Selection | None = None,
    baseline: Path | None = None, how: Shape = Shape(), root: Path | None = None,
) -> Findings:
    """The findings to report: those the rule selection keeps, less those the
    ``baseline`` file records (a missing file records none; :class:`BaselineError` when
    it is no baseline), folded as ``how`` says. ``root``: the course's, whose files tell
    the repeats of a finding apart and show which were renamed."""
    config_problems, found = select(diagnostics, selection)
    fresh, recorded = _new(found, baseline, root)
    shown, folded, hidden = _folded(fresh, how)
    read = baseline if baseline is not None and baseline.exists() else None
    return Findings(shown, hidden, config_problems, read, folded, recorded)


@dataclass(frozen=True, slots=True)
class BaselineUpdate:
    """What an update wrote in the baseline."""

    recorded: int
    """The findings of this run recorded."""
    kept: int = 0
    """The findings recorded before and kept: those of the files the run did not check
    and of the rules it did not run."""
    kept_files: int = 0
    """The files of the findings :attr:`kept`."""


def record_baseline(path: Path, diagnostics: Sequence[Diagnostic],
                    selection: Selection | None = None, *,
                    checked: Sequence[str] | None = None, root: Path | None = None,
                    ) -> BaselineUpdate:
    """Record in ``path`` the findings the rule selection keeps, each with its context in
    the course at ``root`` when it is known. With the files the run ``checked`` (paths
    from ``root``; ``None`` where the command does not list them, and then the run
    replaces the baseline), what ``path`` recorded of the other files that are still
    there, and of the rules the selection did not run, is kept: a run of one language,
    area or rule does not drop the rest. A file at ``path`` that is no baseline is not
    replaced: :class:`BaselineError`."""
    recorded = read_entries(path) if path.is_file() else []  # not a stream's reader
    found = select(diagnostics, selection)[1]
    kept: list[Entry] = []
    if checked is not None and root is not None and recorded:
        def selected(rule: str, where: str) -> bool:
            return selection is None or (selection.enabled(rule)
                                         and not selection.ignored_in(rule, where))

        ours = {identity(d) for d in found if recordable(d)}  # what the run found replaces
        kept = [entry for entry in kept_outside(recorded, frozenset(checked), selected,
                                                lambda where: (root / where).exists())
                if entry.id not in ours]
    count = write_baseline(path, found, kept, LineContext(root))
    return BaselineUpdate(count, sum(entry.count for entry in kept),
                          len({entry.path for entry in kept}))


def write_report(
    findings: Findings, fmt: str, out: IO[str], *, title: str, checked: Sequence[str] = (),
    statistics: bool = False, own: Renderer | None = None, overview: bool = False,
    narrows: bool = True, diffs: bool = False, root: Path | None = None,
    document: DocumentBuilder = json_document,
) -> None:
    """Render ``findings`` in format ``fmt``: with ``statistics``, the counts alone (text
    or json, :data:`STATISTICS_FORMATS`); with ``own``, the command's own renderer of that
    format; in json, the command's ``document``, given what the report left out; with
    ``overview``, the text report is the first report a maintainer reads
    (:mod:`coursekit.report.overview`); ``narrows``: the command takes ``--quiet`` and
    ``--statistics``, which the text report's summary offers only then; with ``diffs``,
    the text report lists each finding by file with its diff (LES124) under it. ``root``:
    the course's, whose place in its repository the formats GitHub reads (``github``,
    ``sarif``) name files from, as the command line's do."""
    shown = findings.shown
    if root is not None and fmt in REPOSITORY_FORMATS:
        shown = placed(shown, course_place(root))
    if statistics and fmt == "text":
        render_statistics(shown, out, title, hidden=findings.hidden,
                          recorded=findings.recorded, baseline=findings.baseline)
    elif statistics and fmt == "json":
        out.write(json_text(statistics_document(shown, title, findings.not_shown())) + "\n")
    elif fmt == "text" and own is None and overview and not diffs:
        render_overview(shown, out, title, checked, hidden=findings.hidden,
                        baseline=findings.baseline, recorded=findings.recorded)
    elif fmt == "text" and own is None:
        render_text(shown, out, title, checked, hidden=findings.hidden, narrows=narrows,
                    diffs=diffs, baseline=findings.baseline, recorded=findings.recorded)
    elif fmt == "json":
        out.write(json_text(document(shown, title, checked, findings.not_shown())) + "\n")
    elif own is not None:
        own(shown, out, title, checked)
    else:
        render(shown, fmt, out, title, checked)
