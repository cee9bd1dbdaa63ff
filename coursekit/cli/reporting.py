"""How a command reports its findings: the report options (``--format``, ``--output``,
``--baseline``, ``--update-baseline``) and :func:`finish`, which has the library's
report pipeline (:mod:`coursekit.report.pipeline`: rule selection, baseline, folding,
rendering) write the report where it was asked for, and picks the exit code."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial, wraps
from pathlib import Path
from typing import IO, Any, TypeVar

import click

from coursekit.atomic import write_output
from coursekit.cli.exit_codes import EXIT_CLEAN, EXIT_USAGE
from coursekit.cli.paths import FilePath, OutputPath
from coursekit.diagnostics import Diagnostic
from coursekit.report import FORMATS, Renderer
from coursekit.report.baseline import recordable
from coursekit.report.json import DocumentBuilder, json_document
from coursekit.report.pipeline import (
    BaselineError,
    Shape,
    record_baseline,
    select,
    shape,
    write_report,
)
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
        "--baseline", type=FilePath(),
        help="Fail only on findings not recorded in this baseline file.",
    )(command)
    return click.option(
        "--update-baseline", is_flag=True,
        help="Record the current findings in the --baseline file and exit 0 (2 while a "
             "configuration error, which no baseline records, remains).",
    )(command)


def finish(
    diagnostics: Sequence[Diagnostic],
    report: ReportRequest,
    *,
    title: str,
    checked: Sequence[str] | None = None,
    selection: Selection | None = None,
    show_all: bool = False,
    statistics: bool = False,
    quiet: bool = False,
    renderers: Mapping[str, Renderer] | None = None, document: DocumentBuilder | None = None,
    overview: bool = False,
    root: Path | None = None,
    narrows: bool = False, diffs: bool = False,
) -> int:
    """Apply rule selection and the baseline, render the report and return the exit code:
    2 when the configuration has problems (``CFG001``), 1 on errors, else 0; with
    ``--update-baseline``, 2 on an error the baseline cannot record (:func:`_record`).

    ``quiet`` reports errors only, as eslint's ``--quiet`` does; the text report's
    summary line still counts what it left out. ``renderers`` replaces the reporters of
    some formats with a command's own (an HTML page that also shows what only the command
    knows), ``document`` its JSON document (each finding listed, as on its page). With
    ``overview``, the text report is the first report a maintainer reads
    (:mod:`coursekit.report.overview`) unless ``show_all`` asks for every finding by file;
    with ``diffs``, it lists each finding (none as one per file) with its diff. ``root``:
    the course's, whose place in its repository GitHub's formats name files from.
    ``narrows``: the command takes ``--quiet`` and ``--statistics`` (the summary offers them)."""
    if report.update_baseline:
        diagnostics = _record(report, diagnostics, selection, checked, root)
        if not diagnostics and report.output is None:  # -o: written, for a later CI step
            return EXIT_CLEAN
    elif report.baseline is not None and not report.baseline.exists():
        click.echo(f"coursekit: note: baseline {report.baseline} does not exist, so every "
                   "finding is new (--update-baseline records them)", err=True)
    own = (renderers or {}).get(report.fmt)
    try:
        grouped = _lists_each(report.fmt, own, document, diffs)
        findings = shape(diagnostics, selection=selection, baseline=report.baseline,
                         how=Shape(quiet=quiet, show_all=show_all, grouped=grouped),
                         root=root)
    except BaselineError as exc:
        raise click.UsageError(str(exc)) from exc
    write = partial(write_report, findings, report.fmt, title=title, checked=checked or (),
                    statistics=statistics, own=own, overview=overview and not show_all,
                    narrows=narrows, diffs=diffs, root=root, document=document or json_document)
    _emit(write, report.output)
    if report.update_baseline and findings.failed:
        return EXIT_USAGE
    return findings.exit_code


def _lists_each(fmt: str, own: Renderer | None, document: DocumentBuilder | None,
                diffs: bool) -> bool:
    """The report lists each finding, none aggregated: a command's own page or JSON
    document, and a text report of diffs (each finding its own)."""
    return (own is not None or (document is not None and fmt == "json")
            or (diffs and fmt == "text"))


def _record(report: ReportRequest, diagnostics: Sequence[Diagnostic],
            selection: Selection | None, checked: Sequence[str] | None = None,
            root: Path | None = None) -> list[Diagnostic]:
    """Record the findings in the baseline; the configuration's findings it cannot
    record, which are reported instead (an error among them: exit 2)."""
    if report.baseline is None:
        raise click.UsageError("--update-baseline needs --baseline FILE")
    try:
        update = record_baseline(report.baseline, diagnostics, selection, checked=checked,
                                 root=root)
    except BaselineError as exc:
        raise click.UsageError(f"{exc}: not replaced by --update-baseline") from exc
    said = f"recorded {update.recorded} finding(s) in {report.baseline}"
    if update.kept:  # a part of the course checked: what the rest held stays
        said += (f" for what this run checked; kept the {update.kept} finding(s) it held "
                 f"for the files and rules this run did not check ({update.kept_files} "
                 "file(s))")
    click.echo(said, err=True)
    return [d for d in select(diagnostics, selection)[1] if not recordable(d)]


def _emit(write: Callable[[IO[str]], None], output: Path | None) -> None:
    """The report ``write`` writes, to ``output`` or to standard output."""
    if output is None:
        write(sys.stdout)
        return
    # Written whole or not at all; an undecodable file name is written back as the bytes
    # it was (as on standard output), the formats for tools having escaped it.
    buffer = io.StringIO()
    write(buffer)
    write_output(output, buffer.getvalue().encode("utf-8", "surrogateescape"))
