"""Options and result handling shared by the commands."""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable, Sequence
from functools import wraps
from pathlib import Path
from typing import ParamSpec, TypeVar

import click

from coursekit.config import ConfigError, Course
from coursekit.diagnostics import Diagnostic, has_errors
from coursekit.report import FORMATS, render
from coursekit.report.baseline import BaselineError, new_findings, read_baseline, write_baseline

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


def report_options(func: Callable[P, R]) -> Callable[P, R]:
    func = click.option(
        "--format", "fmt", type=click.Choice(sorted(FORMATS)), default="text",
        show_default=True, help="How to print the findings.",
    )(func)
    func = click.option(
        "--output", "-o", type=click.Path(dir_okay=False, path_type=Path),
        help="Write the report to this file instead of standard output.",
    )(func)
    func = click.option(
        "--baseline", type=click.Path(dir_okay=False, path_type=Path),
        help="Fail only on findings not recorded in this baseline file.",
    )(func)
    return click.option(
        "--update-baseline", is_flag=True,
        help="Record the current findings in the --baseline file and exit 0.",
    )(func)


def open_course(root: Path) -> Course:
    if not root.is_dir():
        raise click.UsageError(f"course root {root} is not a folder")
    try:
        return Course.open(root)
    except ConfigError as exc:
        raise click.UsageError(str(exc)) from exc


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


def finish(
    diagnostics: Sequence[Diagnostic],
    *,
    title: str,
    fmt: str = "text",
    output: Path | None = None,
    baseline: Path | None = None,
    update_baseline: bool = False,
    checked: Sequence[str] = (),
) -> int:
    """Apply the baseline, render the report and return the exit code."""
    if update_baseline:
        if baseline is None:
            raise click.UsageError("--update-baseline needs --baseline FILE")
        count = write_baseline(baseline, diagnostics)
        click.echo(f"recorded {count} finding(s) in {baseline}", err=True)
        return EXIT_CLEAN
    if baseline is not None and baseline.exists():
        try:
            known = read_baseline(baseline)
        except BaselineError as exc:
            raise click.UsageError(str(exc)) from exc
        diagnostics = new_findings(diagnostics, known)
    if output is not None:
        with output.open("w", encoding="utf-8") as handle:
            render(diagnostics, fmt, handle, title, checked)
    else:
        render(diagnostics, fmt, sys.stdout, title, checked)
    return EXIT_FINDINGS if has_errors(diagnostics) else EXIT_CLEAN


def guarded(func: Callable[P, int]) -> Callable[P, int]:
    """Run a command body and return its exit code; an unexpected exception becomes
    exit 2 with a one-line message (traceback only with ``COURSEKIT_DEBUG=1``)."""

    @wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> int:
        try:
            return func(*args, **kwargs)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except Exception as exc:
            import os

            if os.environ.get("COURSEKIT_DEBUG"):
                traceback.print_exc()
            click.echo(f"coursekit: internal error: {type(exc).__name__}: {exc}", err=True)
            return EXIT_USAGE

    return wrapper


