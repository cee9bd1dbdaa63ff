"""Options shared by the commands (course root, languages, rule selection), opening
the course, and the guard that turns a command's failures into exit codes; how a
command reports its findings is :mod:`coursekit.cli.reporting`."""

from __future__ import annotations

import traceback
from collections.abc import Callable, Sequence
from functools import wraps
from pathlib import Path
from typing import ParamSpec, TypeVar

import click

from coursekit.cli import failures

# The exit codes and the report's options and handling are re-exported: the commands
# read them from here.
from coursekit.cli.exit_codes import EXIT_CLEAN as EXIT_CLEAN
from coursekit.cli.exit_codes import EXIT_FINDINGS as EXIT_FINDINGS
from coursekit.cli.exit_codes import EXIT_USAGE as EXIT_USAGE
from coursekit.cli.paths import FolderPath
from coursekit.cli.reporting import ReportRequest as ReportRequest
from coursekit.cli.reporting import finish as finish
from coursekit.cli.reporting import report_options as report_options
from coursekit.config import Course
from coursekit.config.check import config_findings
from coursekit.selection import Layer, meant, unknown_selectors

P = ParamSpec("P")
R = TypeVar("R")


_CONFIG_FILE = "coursekit.config_file"
"""Where ``--config`` keeps its file in the command's context, for :func:`open_course`."""


def root_option(func: Callable[P, R]) -> Callable[P, R]:
    """``--root``, and ``--config``: the file to read the course's configuration from
    instead of its own."""
    with_config = click.option(
        "--config", type=click.Path(exists=True, dir_okay=False, path_type=Path),
        expose_value=False,
        callback=_config_file,
        help="Read the configuration from this file instead of the course's own "
             "coursekit.toml or pyproject.toml (a pyproject.toml for its [tool.coursekit], "
             "any other file as a coursekit.toml); paths in it are the course root's.",
    )(func)
    return click.option(
        "--root", type=FolderPath(), callback=_found_root,
        help="Course checkout to work on. Default: the nearest folder upwards (up to the "
             "top of the git checkout) with a coursekit.toml or a pyproject.toml with "
             "[tool.coursekit], else with a lesson or subtitle folder; else the current "
             "folder.",
    )(with_config)


def _config_file(ctx: click.Context, param: click.Parameter, value: Path | None) -> None:
    if value is not None:
        ctx.meta[_CONFIG_FILE] = value


def _found_root(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path:
    """``--root`` as given, else the course found from the current folder."""
    if value is not None:
        return value
    from coursekit.config.discovery import find_root

    try:
        return _as_given(find_root(Path.cwd()))
    except OSError:  # the current folder was removed: opening "." says so
        return Path(".")


def _as_given(found: Path | None) -> Path:
    """A found root, named from the current folder when it is the current folder (as a
    ``--root .`` is, in messages that name it)."""
    return Path(".") if found is None or found == Path.cwd().resolve() else found


def root_of_files(root: Path, files: Sequence[Path]) -> Path:
    """The course of the ``files`` named on the command line when ``--root`` was not
    given (a hook run from the top of a repository names the files of a course kept
    in a folder of it); files of two courses are a usage error, and files in none
    leave ``root`` as it was found."""
    ctx = click.get_current_context(silent=True)
    source = ctx.get_parameter_source("root") if ctx is not None else None
    if not files or source is not click.core.ParameterSource.DEFAULT:
        return root
    from coursekit.config.discovery import find_root

    found = sorted({r for file in files if (r := find_root(file)) is not None})
    if len(found) > 1:
        raise click.UsageError("the files named lie in different courses ("
                               + ", ".join(str(r) for r in found) + "): check each on its "
                               "own, or give --root")
    return _as_given(found[0]) if found else root


def lang_option(func: Callable[P, R]) -> Callable[P, R]:
    return click.option(
        "--lang", "langs", multiple=True, metavar="LANG",
        help="Only this language (repeatable). Default: every language of the course.",
    )(func)


def _selectors(values: Sequence[str], option: str) -> tuple[str, ...]:
    """The rule selectors of ``option``'s values, comma-separated; an empty one (``""``,
    ``TRN2,,LES``: an unset variable in a CI script) names no rule, a usage error."""
    parts = [part.strip() for value in values for part in value.split(",")]
    if "" in parts:
        raise click.UsageError(f"{option} {','.join(values)!r}: an empty selector names no "
                               "rule (see `coursekit rules`)")
    return tuple(parts)


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

    layer = Layer(select=_selectors(select, "--select") or None,
                  extend_select=_selectors(extend_select, "--extend-select"),
                  ignore=_selectors(ignore, "--ignore"))
    codes = [r.code for r in all_rules()]
    unknown = unknown_selectors(
        (*(layer.select or ()), *layer.extend_select, *layer.ignore), codes)
    if unknown:
        raise click.UsageError("no rule code starts with " + ", ".join(
            f"{selector}{meant(selector, codes)}" for selector in unknown)
            + " (see `coursekit rules`)")
    return layer


def open_course(root: Path, *, lenient: bool = False, content: bool = False) -> Course:
    """Open the course; a configuration problem ends the command with exit 2,
    each problem printed as a ``CFG001`` finding with its file and line, unless
    ``lenient`` (``check`` reports them with its other findings). With ``content``, so
    does a root with no lesson and no subtitle folder (``CFG002``): a fix that looked
    at nothing must not pass as clean."""
    if not root.is_dir():
        raise click.UsageError(f"course root {root} is not a folder")
    ctx = click.get_current_context(silent=True)
    course = Course.open(root, ctx.meta.get(_CONFIG_FILE) if ctx is not None else None)
    if not lenient:
        problems = config_findings(course)
        if content and not problems:
            from coursekit.checks import no_content

            problems = no_content(course)
        for diag in problems:
            click.echo(f"{diag.location}: {diag.severity.value} {diag.rule} {diag.message}",
                       err=True)
        if problems:
            raise click.exceptions.Exit(EXIT_USAGE)
    return course


def known_languages(langs: Sequence[str], available: Sequence[str],
                    course: Course | None = None) -> list[str] | None:
    """The languages asked for, normalised, each once (``--lang fr --lang FR`` asks for
    French once: a fix would rewrite its files twice); a language the course lacks is a
    usage error, which names those that ``course``'s configured ``languages`` leave out."""
    from coursekit.languages import normalise

    wanted = list(dict.fromkeys(normalise(lang) for lang in langs))
    unknown = [lang for lang in wanted if lang not in available]
    if unknown:
        left_out = [lang for lang in unknown if course is not None and course.config.languages
                    and lang in course.found_languages()]
        raise click.UsageError(
            f"no such language in this course: {', '.join(unknown)}; "
            f"found: {', '.join(available) or 'none'}"
            + (f" (the configuration's `languages` leaves out {', '.join(left_out)}: add it "
               "there to work on it)" if left_out else "")
            + "".join(_excluded_language(course, lang) for lang in unknown if course)
        )
    return wanted or None


def _excluded_language(course: Course, language: str) -> str:
    """Why ``language`` is not among the course's, when an ``exclude`` pattern takes its
    folder; else nothing."""
    for folder in (course.lesson_dir(language), course.subtitle_dir(language)):
        pattern = course.excluded(folder, above=True) if folder.is_dir() else None
        if pattern is not None:
            return (f" ({course.relative(folder)} is excluded by the pattern `{pattern}` of "
                    "exclude or extend-exclude)")
    return ""


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


def rewrite_options(what: str) -> Callable[[Callable[..., int]], Callable[..., int]]:
    """``--dry-run`` (or ``--diff``) and ``--check`` of a command that rewrites ``what``
    (``lessons``, ``translations``, ``subtitle files``), as ruff's and black's: one
    unified diff instead of writing, or a list; either exits 1 when something would
    change."""

    def apply(func: Callable[..., int]) -> Callable[..., int]:
        func = click.option("--check", "check_only", is_flag=True,
                            help=f"Write nothing; list the {what} that would change and "
                                 "exit 1 if any.")(func)
        return click.option("--dry-run", "--diff", "dry_run", is_flag=True,
                            help=f"Write nothing; show one unified diff of the {what} that "
                                 "would change and exit 1 if any.")(func)

    return apply
