"""Options and result handling shared by the commands."""

from __future__ import annotations

import io
import sys
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import wraps
from pathlib import Path
from typing import IO, Any, ParamSpec, TypeVar

import click

from coursekit.atomic import write_output
from coursekit.cli import failures
from coursekit.config import Course
from coursekit.config.check import config_findings
from coursekit.config.rules import BAD_CONFIG
from coursekit.diagnostics import Diagnostic, Severity, has_errors
from coursekit.report import FORMATS, Renderer, render
from coursekit.report.aggregate import aggregate
from coursekit.report.baseline import BaselineError, new_findings, read_baseline, write_baseline
from coursekit.report.text import render_statistics, render_text
from coursekit.selection import Layer, Selection, unknown_selectors

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2

P = ParamSpec("P")
R = TypeVar("R")


def root_option(func: Callable[P, R]) -> Callable[P, R]:
    return click.option(
        "--root", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
        show_default=True, help="Course checkout to work on.",
    )(func)


def lang_option(func: Callable[P, R]) -> Callable[P, R]:
    return click.option(
        "--lang", "langs", multiple=True, metavar="LANG",
        help="Only this language (repeatable). Default: every language of the course.",
    )(func)


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
        "--output", "-o", type=click.Path(dir_okay=False, path_type=Path),
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


def _selectors(values: Sequence[str]) -> tuple[str, ...]:
    return tuple(part.strip() for value in values for part in value.split(",") if part.strip())


def selection_options(func: Callable[P, R]) -> Callable[P, R]:
    """``--select``, ``--extend-select``, ``--ignore``: the command line's layer of
    rule selection, on top of the configuration's (see :mod:`coursekit.selection`);
    ``--statistics``, ``--show-all`` and ``--quiet`` for what the report shows."""
    func = click.option(
        "--quiet", "-q", is_flag=True,
        help="Report errors only (warnings and notes are counted in the summary line).",
    )(func)
    func = click.option(
        "--show-all", is_flag=True,
        help="List every repeat of a rule that fires per block or cue, instead of one "
             "finding per file with the count, and the differences folded into an outdated "
             "translation's finding.",
    )(func)
    func = click.option(
        "--statistics", is_flag=True,
        help="Print counts by rule, severity and language instead of the findings.",
    )(func)
    for name, text in (
        ("--ignore", "Ignore these rule codes or prefixes (comma-separated, repeatable)."),
        ("--extend-select", "Add these rule codes or prefixes to the selection."),
        ("--select", "Report only these rule codes or prefixes (ALL for every rule); "
                     "replaces the configuration's select."),
    ):
        func = click.option(name, name.lstrip("-").replace("-", "_"), multiple=True,
                            metavar="CODES", help=text)(func)
    return func


def command_line_layer(
    select: Sequence[str], extend_select: Sequence[str], ignore: Sequence[str],
) -> Layer:
    """The command line's selection layer; an unknown code is a usage error."""
    from coursekit.rules import all_rules

    layer = Layer(select=_selectors(select) or None, extend_select=_selectors(extend_select),
                  ignore=_selectors(ignore))
    unknown = unknown_selectors(
        (*(layer.select or ()), *layer.extend_select, *layer.ignore),
        (r.code for r in all_rules()),
    )
    if unknown:
        raise click.UsageError(f"no rule code starts with {', '.join(unknown)} "
                               "(see `coursekit rules`)")
    return layer


def open_course(root: Path, *, lenient: bool = False) -> Course:
    """Open the course; a configuration problem ends the command with exit 2,
    each problem printed as a ``CFG001`` finding with its file and line, unless
    ``lenient`` (``check`` reports them with its other findings)."""
    if not root.is_dir():
        raise click.UsageError(f"course root {root} is not a folder")
    course = Course.open(root)
    if not lenient:
        problems = config_findings(course)
        for diag in problems:
            click.echo(f"{diag.location}: {diag.severity.value} {diag.rule} {diag.message}",
                       err=True)
        if problems:
            raise click.exceptions.Exit(EXIT_USAGE)
    return course


def known_languages(langs: Sequence[str], available: Sequence[str]) -> list[str] | None:
    """The languages asked for, normalised; a language the course lacks is a usage error."""
    from coursekit.languages import normalise

    wanted = [normalise(lang) for lang in langs]
    unknown = [lang for lang in wanted if lang not in available]
    if unknown:
        raise click.UsageError(
            f"no such language in this course: {', '.join(unknown)}; "
            f"found: {', '.join(available) or 'none'}"
        )
    return wanted or None


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
) -> int:
    """Apply rule selection and the baseline, render the report and return the exit code:
    2 when the configuration has problems (``CFG001``), 1 on errors, else 0.

    ``quiet`` reports errors only, as eslint's ``--quiet`` does; the text report's
    summary line still counts what it left out.

    ``renderers`` replaces the reporters of some formats with a command's own (an HTML
    page that also shows what only the command knows)."""
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
        _render(found, report.fmt, buffer, title, checked, statistics, own, hidden)
        write_output(report.output, buffer.getvalue().encode("utf-8", "surrogateescape"))
    else:
        _render(found, report.fmt, sys.stdout, title, checked, statistics, own, hidden)
    if config_problems:
        return EXIT_USAGE
    return EXIT_FINDINGS if has_errors(found) else EXIT_CLEAN


def _render(
    diagnostics: Sequence[Diagnostic], fmt: str, out: IO[str], title: str,
    checked: Sequence[str], statistics: bool, own: Renderer | None = None,
    hidden: Sequence[Diagnostic] = (),
) -> None:
    if statistics and fmt == "text":
        render_statistics(diagnostics, out, title)
    elif fmt == "text" and own is None:
        render_text(diagnostics, out, title, checked, hidden=hidden)
    elif own is not None:
        own(diagnostics, out, title, checked)
    else:
        render(diagnostics, fmt, out, title, checked)


def guarded(func: Callable[P, int]) -> Callable[P, int]:
    """Run a command body and return its exit code. A write the system refused, or
    text standard output cannot show, is exit 2 with one line naming the path; an
    unexpected exception is exit 2 too, as an internal error (traceback only with
    ``COURSEKIT_DEBUG=1``). A failure of standard output goes on to
    :func:`coursekit.cli.main`."""

    @wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> int:
        try:
            return func(*args, **kwargs)
        except (click.ClickException, click.exceptions.Exit, click.Abort, BrokenPipeError,
                failures.OutputFailed, failures.ReaderGone):
            raise
        except OSError as exc:
            click.echo(f"coursekit: {failures.describe(exc)}", err=True)
            return EXIT_USAGE
        except Exception as exc:
            unshowable = isinstance(exc, UnicodeEncodeError) and failures.unshowable(exc)
            if unshowable:
                click.echo(f"coursekit: {unshowable}", err=True)
                return EXIT_USAGE
            import os

            if os.environ.get("COURSEKIT_DEBUG"):
                traceback.print_exc()
            click.echo(f"coursekit: internal error: {type(exc).__name__}: {exc}", err=True)
            return EXIT_USAGE

    return wrapper


