"""``coursekit check``: lessons and subtitles together, or one of them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import click

from coursekit.checks import Area, check_course
from coursekit.cli.html import check_page
from coursekit.cli.options import (
    EXIT_CLEAN,
    ReportRequest,
    command_line_layer,
    finish,
    guarded,
    known_languages,
    lang_option,
    open_course,
    report_options,
    root_of_files,
    root_option,
    selection_options,
)
from coursekit.cli.paths_group import PATHS, PathsOrCommands
from coursekit.config import Course
from coursekit.config.check import config_findings
from coursekit.filescope import configuration_changed, touched_files
from coursekit.report.pipeline import STATISTICS_FORMATS
from coursekit.translations.git_calls import changed_since, in_checkout, is_shallow

_SINCE = click.option(
    "--since", metavar="REV",
    help="Check only what changed since the git revision REV (committed or not) and the "
         "translations of the source files among it: for CI on a pull request.",
)


@dataclass(frozen=True, slots=True)
class Choices:
    """What to report: the command line's rule selection and report shape."""

    select: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    statistics: bool = False
    show_all: bool = False
    quiet: bool = False
    diff: bool = False
    no_cache: bool = False
    """Judge every file again, and keep nothing for the next run."""


def _run(
    areas: Sequence[Area], title: str, root: Path, langs: tuple[str, ...],
    request: ReportRequest, files: tuple[Path, ...] = (), choices: Choices = Choices(),
    since: str | None = None, *, routed: bool = False,
) -> int:
    """Check ``areas`` (with ``routed``: those of the lesson and subtitle folders that
    ``files`` lie in or hold) of the course at ``root``, or of the course of ``files``
    when ``--root`` was not given."""
    if choices.statistics and request.fmt not in STATISTICS_FORMATS:  # before any work
        raise click.UsageError(f"--statistics prints the counts as text or json, which "
                               f"--format {request.fmt} cannot hold")
    layer = command_line_layer(choices.select, choices.extend_select, choices.ignore)
    course = open_course(root_of_files(root, files), lenient=True)
    if routed:
        areas = _areas_of(course, files)
    selection = course.config.selection.then(layer)
    available = sorted(set(course.lesson_languages()) | set(course.subtitle_languages()))
    languages = known_languages(langs, available, course)
    if since is not None:
        changed = changed_since(course.root, since)
        if changed is None and not in_checkout(course.root):
            raise click.UsageError(f"--since {since}: {course.root} is in no git checkout, "
                                   "whose history would say what changed")
        if changed is None:
            cut = (" (the clone is shallow: fetch the history it needs, `git fetch "
                   "--unshallow`, or `fetch-depth: 0` for actions/checkout)"
                   if is_shallow(course.root) else "")
            raise click.UsageError(f"--since {since}: no such revision in a git checkout at "
                                   f"{course.root}{cut}")
        if not files and configuration_changed(course, changed):
            click.echo(f"{title}: the configuration changed since {since}: every file is "
                       "checked", err=True)
        else:
            files = (*files, *touched_files(course, changed, languages))
            if not files:
                return _nothing_changed(course, request, title, since)
    report = check_course(course, areas, languages, files, documented=request.fmt == "html",
                          selection=selection, cache=not choices.no_cache)
    renderers = {"html": check_page(course, report.notebooks, request.output)}
    return finish(
        report.diagnostics, request, title=title, selection=selection,
        # an update replaces what the baseline recorded of the toctrees and metadata read too
        checked=[*report.checked, *report.answered] if request.update_baseline
        else report.checked,
        statistics=choices.statistics, show_all=choices.show_all, quiet=choices.quiet,
        renderers=renderers, overview=True, root=course.root, narrows=True,
        diffs=choices.diff,
    )


def _nothing_changed(course: Course, request: ReportRequest, title: str, since: str) -> int:
    """The run when ``since`` touched nothing checked: the report in the format asked for
    (the SARIF or JSON file a later CI step reads), holding the configuration's problems,
    which fail it (exit 2); a baseline is left as it is, as nothing was checked."""
    said = f"{title}: nothing changed since {since}"
    problems = config_findings(course)
    if request.fmt == "text" and not problems:
        click.echo(said)
        return EXIT_CLEAN
    click.echo(said, err=True)
    return finish(problems, replace(request, update_baseline=False), title=title,
                  root=course.root, narrows=True)


_diff_option = click.option(
    "--diff", is_flag=True,
    help="Show under each finding the diff that settles it (LES124: the fence formatted).",
)


_no_cache_option = click.option(
    "--no-cache", is_flag=True,
    help="Judge every file again, without the findings that earlier runs kept in the build "
         "folder's .check-cache (for files, configuration and coursekit unchanged).",
)


def _areas_of(course: Course, paths: Sequence[Path]) -> tuple[Area, ...]:
    """The areas whose folders the named ``paths`` lie in or hold (every area when they
    touch neither: each path is then reported as not checked)."""
    folders = {Area.LESSONS: course.content_dir, Area.SUBTITLES: course.subtitles_dir}
    named = [path.resolve() for path in paths]
    areas = tuple(area for area, folder in folders.items()
                  if any(_related(path, folder.resolve()) for path in named))
    return areas or tuple(Area)


def _related(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents or path in folder.parents


@click.group("check", cls=PathsOrCommands, invoke_without_command=True)
@root_option
@lang_option
@report_options
@selection_options
@_SINCE
@_diff_option
@_no_cache_option
@click.pass_context
def command(
    ctx: click.Context, /, root: Path, langs: tuple[str, ...], report: ReportRequest,
    since: str | None, **choices: Any,
) -> int:
    """Check lessons and subtitles (or one of them, as a subcommand).

    PATH, when given (files and folders, from the current folder), narrows the check to
    them, each checked as a lesson or a subtitle file by the folder it lies in."""
    if ctx.invoked_subcommand is None:
        paths = tuple(Path(path) for path in ctx.meta.get(PATHS, ()))
        return guarded(_run)(tuple(Area), "check", root, langs, report, paths,
                             Choices(**choices), since, routed=bool(paths))
    # `check --format json subtitles`: an option written before the subcommand is its
    # option too (one written after it wins), never dropped unsaid.
    given = {name: value for name, value in ctx.params.items()
             if ctx.get_parameter_source(name) in _GIVEN}
    ctx.default_map = {ctx.invoked_subcommand: given}
    return EXIT_CLEAN


_GIVEN = (click.core.ParameterSource.COMMANDLINE, click.core.ParameterSource.ENVIRONMENT)


def _subcommand(area: Area, doc: str) -> click.Command:
    @click.argument("files", nargs=-1, type=click.Path(path_type=Path))
    @root_option
    @lang_option
    @report_options
    @selection_options
    @_SINCE
    @_diff_option
    @_no_cache_option
    def body(
        files: tuple[Path, ...], root: Path, langs: tuple[str, ...], report: ReportRequest,
        since: str | None, **choices: Any,
    ) -> int:
        return guarded(_run)((area,), f"check {area}", root, langs, report, files,
                             Choices(**choices), since)

    body.__doc__ = doc
    return click.command(str(area))(body)


command.add_command(_subcommand(
    Area.LESSONS,
    "Check lesson syntax, toctrees, and translations against the source language.\n\n"
    "FILES, when given (files and folders), narrows the check to those lessons and "
    "toctrees.",
))
command.add_command(_subcommand(
    Area.SUBTITLES,
    "Check subtitle files: parsing, timing, readability and alignment with the source.\n\n"
    "FILES, when given (files and folders), narrows the check to those subtitle files.",
))
