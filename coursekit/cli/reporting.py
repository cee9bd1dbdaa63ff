"""How a command reports its findings: the report options (``--format``, ``--output``,
``--baseline``, ``--update-baseline``) and :func:`finish`, which applies rule selection
and the baseline, renders the report and picks the exit code."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import wraps
from pathlib import Path
from typing import IO, Any, TypeVar

import click

from coursekit.atomic import write_output
from coursekit.cli.exit_codes import EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE
from coursekit.cli.paths import OutputPath
from coursekit.config.rules import BAD_CONFIG
from coursekit.diagnostics import Diagnostic, Severity, has_errors
from coursekit.report import FORMATS, Renderer, render
from coursekit.report.aggregate import aggregate
from coursekit.report.baseline import BaselineError, new_findings, read_baseline, write_baseline
from coursekit.report.overview import render_overview
from coursekit.report.text import render_statistics, render_text
from coursekit.selection import Selection

R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class ReportRequest:
    """How a command reports its findings: ``--format``, ``--output``, ``--baseline``
    and ``--update-baseline``."""

    fmt: str = "text"
    output: Path | None = None
    """The file to write the report to; standard output when ``None``."""
    baseline: Path | None = None
    """Findings recorded in this file are not reported again."""
    update_baseline: bool = False
    """Record the findings in ``baseline`` instead of reporting them."""


def report_options(func: Callable[..., R]) -> Callable[..., R]:
    """The report options, passed to the command as one ``report: ReportRequest``."""

    @wraps(func)
    def packed(*args: Any, fmt: str, output: Path | None, baseline: Path | None,
               update_baseline: bool, **kwargs: Any) -> R:
        return func(*args, report=ReportRequest(fmt, output, baseline, update_baseline),
                    **kwargs)

    command = click.option(
        "--format", "fmt", type=click.Choice(sorted(FORMATS)), default="text",
        show_default=True, help="How to print the findings.",
    )(packed)
    command = click.option(
        "--output", "-o", type=OutputPath(),
        help="Write the report to this file instead of standard output.",
    )(command)
    command = click.option(
        "--baseline", type=click.Path(dir_okay=False, path_type=Path),
        help="Fail only on findings not recorded in this baseline file.",
    )(command)
    return click.option(
        "--update-baseline", is_flag=True,
        help="Record the current findings in the --baseline file and exit 0.",
    )(command)


def _selected(diagnostics: Sequence[Diagnostic],
              selection: Selection | None) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """The configuration's problems (``CFG001``, never deselected), and the findings
    the rule selection keeps."""
    config_problems = [d for d in diagnostics if d.rule == BAD_CONFIG.code]
    if selection is None:
        return config_problems, list(diagnostics)
    return config_problems, [
        *config_problems,
        *selection.apply([d for d in diagnostics if d.rule != BAD_CONFIG.code]),
    ]


def _new(diagnostics: list[Diagnostic], baseline: Path | None) -> list[Diagnostic]:
    """The findings that the baseline file, when there is one, does not record."""
    if baseline is None or not baseline.exists():
        return diagnostics
    try:
        known = read_baseline(baseline)
    except BaselineError as exc:
        raise click.UsageError(str(exc)) from exc
    return new_findings(diagnostics, known)


def _shown(diagnostics: list[Diagnostic], *, quiet: bool, show_all: bool,
           grouped: bool) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """The findings the report lists, and those ``quiet`` leaves out (counted only).
    Repeats are grouped unless ``show_all``, or ``grouped`` by a command's own page."""
    hidden: list[Diagnostic] = []
    if quiet:
        hidden = [d for d in diagnostics if d.severity is not Severity.ERROR]
        diagnostics = [d for d in diagnostics if d.severity is Severity.ERROR]
    if not show_all and not grouped:
        diagnostics = aggregate(diagnostics)
    elif not show_all:  # the page shows what is folded into another finding only when asked
        diagnostics = [d for d in diagnostics if not d.folded]
    return diagnostics, hidden


def finish(
    diagnostics: Sequence[Diagnostic],
    report: ReportRequest,
    *,
    title: str,
    checked: Sequence[str] = (),
    selection: Selection | None = None,
    show_all: bool = False,
    statistics: bool = False,
    quiet: bool = False,
    renderers: Mapping[str, Renderer] | None = None,
    overview: bool = False,
) -> int:
    """Apply rule selection and the baseline, render the report and return the exit code:
    2 when the configuration has problems (``CFG001``), 1 on errors, else 0.

    ``quiet`` reports errors only, as eslint's ``--quiet`` does; the text report's
    summary line still counts what it left out.

    ``renderers`` replaces the reporters of some formats with a command's own (an HTML
    page that also shows what only the command knows). With ``overview``, the text report
    is the first report a maintainer reads (:mod:`coursekit.report.overview`) unless
    ``show_all`` asks for every finding by file."""
    config_problems, found = _selected(diagnostics, selection)
    if report.update_baseline:
        if report.baseline is None:
            raise click.UsageError("--update-baseline needs --baseline FILE")
        count = write_baseline(report.baseline, found)
        click.echo(f"recorded {count} finding(s) in {report.baseline}", err=True)
        return EXIT_CLEAN
    own = (renderers or {}).get(report.fmt)
    found, hidden = _shown(_new(found, report.baseline), quiet=quiet, show_all=show_all,
                           grouped=own is not None)
    if report.output is not None:
        # Written whole or not at all; an undecodable file name is written back as the
        # bytes it was (as on standard output), the formats for tools having escaped it.
        buffer = io.StringIO()
        _render(found, report.fmt, buffer, title, checked, statistics, own, hidden,
                overview and not show_all)
        write_output(report.output, buffer.getvalue().encode("utf-8", "surrogateescape"))
    else:
        _render(found, report.fmt, sys.stdout, title, checked, statistics, own, hidden,
                overview and not show_all)
    if config_problems:
        return EXIT_USAGE
    return EXIT_FINDINGS if has_errors(found) else EXIT_CLEAN


def _render(
    diagnostics: Sequence[Diagnostic], fmt: str, out: IO[str], title: str,
    checked: Sequence[str], statistics: bool, own: Renderer | None = None,
    hidden: Sequence[Diagnostic] = (), overview: bool = False,
) -> None:
    if statistics and fmt == "text":
        render_statistics(diagnostics, out, title)
    elif fmt == "text" and own is None and overview:
        render_overview(diagnostics, out, title, checked, hidden=hidden)
    elif fmt == "text" and own is None:
        render_text(diagnostics, out, title, checked, hidden=hidden)
    elif own is not None:
        own(diagnostics, out, title, checked)
    else:
        render(diagnostics, fmt, out, title, checked)
