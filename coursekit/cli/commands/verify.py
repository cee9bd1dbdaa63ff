"""``coursekit verify``: run the notebooks, prove documented errors and their fixes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from functools import wraps
from pathlib import Path
from typing import IO, Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from coursekit.cli.consoles import room
from coursekit.cli.html import verify_page
from coursekit.cli.options import (
    ReportRequest,
    finish,
    guarded,
    known_languages,
    lang_option,
    open_course,
    report_options,
    root_of_files,
    root_option,
)
from coursekit.cli.verify_table import print_table, progress_line
from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.execution.plan.scope import EmptyScopeError
from coursekit.execution.plan.shard import Shard
from coursekit.execution.results import NotebookResult, VerifyReport
from coursekit.execution.run.device import DEVICES, DeviceError
from coursekit.execution.verify import verify_course
from coursekit.report import Renderer
from coursekit.report.json import DocumentBuilder
from coursekit.report.junit import render_junit
from coursekit.report.repository import course_place
from coursekit.report.sarif import render_sarif
from coursekit.report.verify_json import verify_document


def _shard(value: str | None) -> Shard | None:
    if value is None:
        return None
    try:
        return Shard.parse(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--shard") from exc


@dataclass(frozen=True, slots=True)
class RunRequest:
    """What to run, and how: verify's own options."""

    frameworks: tuple[str, ...] = ()
    device: str = "auto"
    jobs: int | None = None
    shard_spec: str | None = None
    no_cache: bool = False
    network: bool = False
    shim_drift: bool | None = None
    install_lesson_requirements: bool = False


_RUN_OPTIONS = (
    click.option("--framework", "frameworks", multiple=True, type=click.Choice(["pt", "tf"]),
                 help="Only notebooks of this framework (repeatable)."),
    click.option("--device", type=click.Choice(DEVICES), default="auto", show_default=True,
                 help="Device the lessons run on; cuda is refused without a GPU."),
    click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
                 help="Notebooks run in parallel (default: the number of cores)."),
    click.option("--shard", "shard_spec", metavar="K/N", help="Run only shard K of N."),
    click.option("--no-cache", is_flag=True,
                 help="Run every notebook, ignoring stored results."),
    click.option("--network", is_flag=True,
                 help="Let lessons reach the network and the Hub for real (default: offline; "
                      "cells that need it get the verdict needs-network)."),
    click.option("--shim-drift/--no-shim-drift", default=None,
                 help="Run a cell that fails on a renamed API again with the new name, so the "
                      "cells after it are judged too (its verdict stays api-drift); by "
                      "default in the notebooks that document an error, so that every "
                      "debugging scenario is reached."),
    click.option("--install-lesson-requirements", is_flag=True,
                 help="Install the packages of each lesson's `pip install` lines into a "
                      "cached overlay of its kernel (never replacing the kernel's pinned "
                      "packages)."),
)


def run_options(func: Callable[..., int]) -> Callable[..., int]:
    """Verify's own options, passed to the command as one ``run: RunRequest``."""
    names = [field.name for field in fields(RunRequest)]

    @wraps(func)
    def packed(*args: Any, **kwargs: Any) -> int:
        run = RunRequest(**{name: kwargs.pop(name) for name in names})
        return func(*args, run=run, **kwargs)

    for option in reversed(_RUN_OPTIONS):
        packed = option(packed)
    return packed


def _verify(course: Course, paths: tuple[Path, ...], languages: list[str] | None,
            shard: Shard | None, run: RunRequest, console: Console) -> VerifyReport:
    """The course verified, with a progress bar and a line per notebook as it is done."""
    with Progress(
        TextColumn("[bold]verify"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        TextColumn("{task.description}"), console=console, transient=False,
    ) as bar:
        task = bar.add_task("", total=None)

        def progress(done: int, total: int, result: NotebookResult | None) -> None:
            bar.update(task, total=total, completed=done)
            if result is not None:
                width = room(bar.console)
                bar.console.print(progress_line(result, width), soft_wrap=width is None)

        try:
            return verify_course(
                course, languages=languages, frameworks=run.frameworks or None, paths=paths,
                device=run.device, jobs=run.jobs, shard=shard, use_cache=not run.no_cache,
                network=run.network, shim_drift=run.shim_drift,
                install_lesson_requirements=run.install_lesson_requirements,
                progress=progress, stage=lambda text: bar.update(task, description=text),
            )
        except (DeviceError, EmptyScopeError) as exc:
            raise click.UsageError(str(exc)) from exc


def _print_summary(report: VerifyReport, console: Console) -> None:
    if report.notebooks:
        print_table(report, console)
    devices = ", ".join(sorted({nb.device for nb in report.notebooks})) or "no device"
    console.print(
        f"{len(report.notebooks)} notebook(s) on {devices}, {report.executed_runs} run, "
        f"{len(report.notebooks) - report.executed_runs} from cache or a twin, "
        f"{report.wall_time:.1f} s"
    )
    scenarios = report.scenarios
    if scenarios:
        proven = sum(s.proven for s in scenarios)
        console.print(f"documented errors: {report.reached} of {len(scenarios)} reached, "
                      f"{proven} with their fix proven")


@click.command("verify")
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@root_option
@lang_option
@run_options
@report_options
@guarded
def command(paths: tuple[Path, ...], root: Path, langs: tuple[str, ...], run: RunRequest,
            report: ReportRequest) -> int:
    """Run the course's notebooks: every example must run, every documented error must
    still occur, and every fix must make it go away.

    PATHS are lesson files or folders (only their notebooks run) or notebooks.
    """
    course = open_course(root_of_files(root, paths))
    shard = _shard(run.shard_spec)
    languages = known_languages(langs, course.lesson_languages(), course)
    console = Console(stderr=True, highlight=False)
    found = _verify(course, paths, languages, shard, run, console)
    _print_summary(found, console)
    return finish(
        found.all_diagnostics(), report, title="coursekit verify",
        selection=course.config.selection,
        renderers=verify_renderers(found, verify_page(
            course, [nb.judgement() for nb in found.notebooks], report.output),
            place=course_place(course.root)),
        document=verify_json(found),
        root=course.root,
    )


def verify_json(report: VerifyReport) -> DocumentBuilder:
    """The JSON document of a verification, every notebook's judgement beside the
    findings (:func:`verify_document`; no files checked: its notebooks say what ran)."""
    def document(diagnostics: Sequence[Diagnostic], title: str, checked: Sequence[str],
                 not_shown: dict[str, Any] | None) -> dict[str, Any]:
        return verify_document(report, diagnostics, title, not_shown)

    return document


def verify_renderers(report: VerifyReport, html: Renderer,
                     place: str = "") -> dict[str, Renderer]:
    """The reporters of a verification that carry every notebook's judgement besides
    the findings: the HTML page, JUnit and SARIF (which names the lessons from
    ``place``'s top, as its results: :func:`course_place`); its JSON document is
    :func:`verify_json`'s."""
    verdicts = [nb.verdict() for nb in report.notebooks]

    def junit(diagnostics: Sequence[Diagnostic], out: IO[str], title: str,
              checked: Sequence[str] = ()) -> None:
        render_junit(diagnostics, out, title, checked, notebooks=verdicts)

    def sarif(diagnostics: Sequence[Diagnostic], out: IO[str], title: str,
              checked: Sequence[str] = ()) -> None:
        render_sarif(diagnostics, out, title, checked, notebooks=verdicts, place=place)

    return {"html": html, "junit": junit, "sarif": sarif}
