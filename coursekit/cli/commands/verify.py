"""``coursekit verify``: run the notebooks, prove documented errors and their fixes."""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from coursekit.cli.options import finish, guarded, lang_option, open_course, report_options
from coursekit.execution.device import DEVICES, DeviceError
from coursekit.execution.results import NotebookResult, Verdict, VerifyReport
from coursekit.execution.shard import Shard
from coursekit.execution.verify import verify_course
from coursekit.languages import normalise

_FAILING = (Verdict.MISSING, Verdict.WRONG_ERROR, Verdict.UNEXPECTED_ERROR,
            Verdict.TIMEOUT, Verdict.KERNEL_DIED)


def _table(report: VerifyReport) -> Table:
    table = Table(title="coursekit verify", show_lines=False)
    table.add_column("lesson", no_wrap=True)
    for name in ("lang", "fw"):
        table.add_column(name)
    for name in ("ok", "repro", "fail", "skip", "fixes"):
        table.add_column(name, justify="right")
    table.add_column("result", no_wrap=True)
    rows: dict[tuple[str, str, str], list[NotebookResult]] = defaultdict(list)
    for nb in report.notebooks:
        rows[(nb.lesson, nb.language, nb.framework)].append(nb)
    for (lesson, lang, fw), notebooks in sorted(rows.items()):
        counts: Counter[Verdict] = Counter()
        for nb in notebooks:
            counts.update(nb.counts())
        scenarios = [s for nb in notebooks for s in nb.scenarios]
        summary = next((nb.summary for nb in notebooks if nb.summary != "ok"), "ok")
        style = "green" if summary == "ok" else "red"
        cached = " (cached)" if all(nb.cached for nb in notebooks) else ""
        table.add_row(
            lesson, lang, fw, str(counts[Verdict.OK]), str(counts[Verdict.REPRODUCED]),
            str(sum(counts[v] for v in _FAILING)), str(counts[Verdict.SKIPPED]),
            f"{sum(s.proven for s in scenarios)}/{len(scenarios)}",
            f"[{style}]{summary}[/{style}]{cached}",
        )
    return table


def _shard(value: str | None) -> Shard | None:
    if value is None:
        return None
    try:
        return Shard.parse(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--shard") from exc


@click.command("verify")
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option(
    "--root", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
    show_default=True, help="Course checkout to work on.",
)
@lang_option
@click.option("--framework", "frameworks", multiple=True, type=click.Choice(["pt", "tf"]),
              help="Only notebooks of this framework (repeatable).")
@click.option("--device", type=click.Choice(DEVICES), default="auto", show_default=True,
              help="Device the lessons run on; cuda is refused without a GPU.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Notebooks run in parallel (default: the number of cores).")
@click.option("--shard", "shard_spec", metavar="K/N", help="Run only shard K of N.")
@click.option("--no-cache", is_flag=True, help="Run every notebook, ignoring stored results.")
@report_options
@guarded
def command(
    paths: tuple[Path, ...],
    root: Path,
    langs: tuple[str, ...],
    frameworks: tuple[str, ...],
    device: str,
    jobs: int | None,
    shard_spec: str | None,
    no_cache: bool,
    fmt: str,
    output: Path | None,
    baseline: Path | None,
    update_baseline: bool,
) -> int:
    """Run the course's notebooks: every example must run, every documented error must
    still occur, and every fix must make it go away.

    PATHS are lesson files or folders (only their notebooks run) or notebooks.
    """
    course = open_course(root)
    shard = _shard(shard_spec)
    console = Console(stderr=True, highlight=False)
    with Progress(
        TextColumn("[bold]verify"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        TextColumn("{task.description}"), console=console, transient=False,
    ) as bar:
        task = bar.add_task("", total=None)

        def progress(done: int, total: int, result: NotebookResult | None) -> None:
            bar.update(task, total=total, completed=done)
            if result is not None:
                state = "cached" if result.cached else f"{result.duration:.1f} s"
                bar.console.print(f"  {result.notebook}: {result.summary} ({state})")

        try:
            report = verify_course(
                course,
                languages=[normalise(lang) for lang in langs] or None,
                frameworks=frameworks or None,
                paths=paths,
                device=device,
                jobs=jobs,
                shard=shard,
                use_cache=not no_cache,
                progress=progress,
            )
        except DeviceError as exc:
            raise click.UsageError(str(exc)) from exc
    if report.notebooks:
        console.print(_table(report))
    console.print(
        f"{len(report.notebooks)} notebook(s), {report.executed_runs} run, "
        f"{len(report.notebooks) - report.executed_runs} from cache or a twin, "
        f"{report.wall_time:.1f} s"
    )
    return finish(
        report.all_diagnostics(), title="coursekit verify", fmt=fmt, output=output,
        baseline=baseline, update_baseline=update_baseline,
    )
