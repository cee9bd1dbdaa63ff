"""``coursekit report``: reports of several runs as one."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import IO

import click

from coursekit.atomic import write_output
from coursekit.cli.options import EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE, guarded
from coursekit.cli.paths import OutputPath
from coursekit.config.rules import BAD_CONFIG
from coursekit.diagnostics import Diagnostic, has_errors
from coursekit.judgement.stored import ReportError, read_report
from coursekit.report import render
from coursekit.report.aggregate import aggregate
from coursekit.report.encoding import json_text
from coursekit.report.junit import render_junit
from coursekit.report.merge import MergedReport, merge_reports, merged_document
from coursekit.report.repository import REPOSITORY_FORMATS, course_place, placed
from coursekit.report.sarif import render_sarif
from coursekit.report.text import render_text

FORMATS = ("text", "json", "github", "junit", "sarif", "html")
CHECKED_FORMATS = ("json", "junit")
"""The formats that hold the files checked: a clean file is a passing JUnit test case."""


@click.group("report")
def command() -> None:
    """Work with the JSON reports of check and verify."""


@command.command("merge")
@click.argument("reports", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="How to write the merged report.")
@click.option("--output", "-o", type=OutputPath(),
              help="Write the merged report to this file instead of standard output.")
@click.option(
    "--root", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
    show_default=True, help="Course checkout the reports are about (for HTML links).",
)
@guarded
def merge(reports: tuple[Path, ...], fmt: str, output: Path | None, root: Path) -> int:
    """Merge the JSON reports (--format json) of the shards of one run into one report,
    as that run would have written it unsharded."""
    try:
        merged = merge_reports([(str(path), read_report(path)) for path in reports])
    except ReportError as exc:
        raise click.UsageError(str(exc)) from exc
    if merged.unrecorded and fmt in CHECKED_FORMATS:
        one = len(merged.unrecorded) == 1
        click.echo(f"coursekit: note: {', '.join(merged.unrecorded)} "
                   f"{'does' if one else 'do'} not record the files {'it' if one else 'they'} "
                   "checked (written before reports did): clean files of "
                   f"{'its' if one else 'theirs'} are missing from the merged report's files "
                   "checked and JUnit test cases; check again to record them", err=True)
    text = render_merged(merged, fmt, root, output)
    if output is not None:  # an undecodable file name goes back as its bytes, as on stdout
        write_output(output, text.encode("utf-8", "surrogateescape"))
    else:
        sys.stdout.write(text)
    if any(d.rule == BAD_CONFIG.code for d in merged.diagnostics):
        return EXIT_USAGE  # as the runs merged exited: their configuration is not trusted
    return EXIT_FINDINGS if has_errors(merged.diagnostics) else EXIT_CLEAN


def render_merged(merged: MergedReport, fmt: str, root: Path, output: Path | None) -> str:
    if fmt == "json":
        return json_text(merged_document(merged)) + "\n"
    out = io.StringIO()
    # As the commands write the formats with no renderer of their own: repeats once per
    # file (verify's JUnit and SARIF are its own, as its page: each finding at its place).
    own = fmt == "html" or (merged.verify and fmt in ("junit", "sarif"))
    diagnostics = merged.diagnostics if own else aggregate(merged.diagnostics)
    if fmt in REPOSITORY_FORMATS:  # named from the repository's top, as the run names them
        diagnostics = placed(diagnostics, course_place(root))
    if fmt == "html":
        _merged_page(merged, diagnostics, root, output, out)
    elif fmt == "junit" and merged.verify:
        render_junit(diagnostics, out, merged.title, notebooks=merged.notebooks)
    elif fmt == "sarif" and merged.verify:
        render_sarif(diagnostics, out, merged.title, notebooks=merged.notebooks)
    elif fmt == "text":  # --quiet and --statistics offered only to check, which takes them
        render_text(diagnostics, out, merged.title,
                    narrows=merged.title.removeprefix("coursekit ").startswith("check"))
    else:
        render(diagnostics, fmt, out, merged.title, merged.checked)
    return out.getvalue()


def _merged_page(merged: MergedReport, diagnostics: list[Diagnostic], root: Path,
                 output: Path | None, out: IO[str]) -> None:
    """The page of the merged runs, each scenario opening with the errors its built
    notebook documents, as the course at ``root`` has them (its build, else beside it)."""
    from coursekit.config import ConfigError, Course
    from coursekit.judgement.documented import with_built_errors
    from coursekit.notebooks.build import NOTEBOOKS_DIR
    from coursekit.report.html import HtmlPage, render_page, source_links

    try:
        course = Course.open(root)
        folders, source = [course.build_dir / NOTEBOOKS_DIR, root], course.source_language
    except (ConfigError, OSError):
        folders, source = [root / "build" / NOTEBOOKS_DIR, root], "en"
    render_page(HtmlPage(
        title=merged.title, diagnostics=diagnostics,
        notebooks=with_built_errors(merged.notebooks, folders),
        link=source_links(root, output), source_language=source,
    ), out)
