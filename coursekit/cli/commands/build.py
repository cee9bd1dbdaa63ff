"""``coursekit build``: lessons to Jupyter notebooks, incrementally."""

from __future__ import annotations

from pathlib import Path

import click

from coursekit.cli.options import (
    ReportRequest,
    finish,
    guarded,
    known_languages,
    lang_option,
    open_course,
    report_options,
    root_option,
)
from coursekit.cli.paths import OutputPath
from coursekit.language_folders import shadowed_folders
from coursekit.notebooks.build import JUPYTEXT_FORMATS, BuildResult, build_course
from coursekit.notebooks.compare import compare_notebooks, format_report


def _summary(result: BuildResult, check: bool) -> str:
    if check:
        state = "up to date" if not result.stale else f"{len(result.stale)} stale"
        return f"{len(result.notebooks)} notebook(s) checked in {result.out}: {state}"
    return (
        f"{len(result.notebooks)} notebook(s) in {result.out}: "
        f"{len(result.written)} written, {len(result.unchanged)} unchanged, "
        f"{len(result.removed)} removed"
    )


@click.command("build")
@root_option
@lang_option
@click.option(
    "--framework", "frameworks", multiple=True, type=click.Choice(["pt", "tf"]),
    help="Only notebooks of this framework (repeatable); notebooks for both are always built.",
)
@click.option(
    "--out", type=OutputPath(folder=True),
    help="Build folder (default: the course's, usually build/); notebooks go in its notebooks/.",
)
@click.option("--with-prose", is_flag=True, help="Also put the lesson text in markdown cells.")
@click.option(
    "--jupytext", type=click.Choice(sorted(JUPYTEXT_FORMATS)),
    help="Also write each notebook as a paired text file in this format.",
)
@click.option(
    "--quizzes/--no-quizzes", default=None,
    help="Also build notebooks for quiz pages (default: [tool.coursekit.notebooks] quizzes, "
    "else no).",
)
@click.option(
    "--compare", type=click.Path(file_okay=False, exists=True, path_type=Path),
    help="Then pair the notebooks with the published ones in this folder (same language "
    "folders, the course's names: section4_pt.ipynb) and print how many code cells and "
    "outputs they reproduce.",
)
@click.option("--check", is_flag=True, help="Write nothing; exit 1 if any notebook is stale "
              "(or, as without --check, a finding fails the run).")
@report_options
@guarded
def command(
    root: Path,
    langs: tuple[str, ...],
    frameworks: tuple[str, ...],
    out: Path | None,
    with_prose: bool,
    jupytext: str | None,
    quizzes: bool | None,
    compare: Path | None,
    check: bool,
    report: ReportRequest,
) -> int:
    """Turn the course's lessons into one notebook per language, lesson and framework (and
    option of a lesson's tabs of alternatives that hold code)."""
    course = open_course(root)
    languages = known_languages(langs, course.lesson_languages(), course)
    result = build_course(
        course,
        languages=languages,
        frameworks=frameworks or None,
        out=out,
        with_prose=with_prose,
        jupytext=jupytext,
        check=check,
        quizzes=quizzes,
    )
    click.echo(_summary(result, check), err=True)  # a path, as it is: no markup, no wrap
    if compare is not None:
        compared = compare_notebooks(result.out, compare, languages)
        click.echo(format_report(compared), err=report.output is None and report.fmt != "text")
    return finish(
        [*shadowed_folders(course), *result.diagnostics], report, title="coursekit build",
        checked=result.checked, selection=course.config.selection, root=course.root,
    )
