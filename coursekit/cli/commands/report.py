"""``coursekit report``: reports of several runs as one."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO

import click

from coursekit.atomic import write_output
from coursekit.cli.options import EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE, guarded
from coursekit.cli.paths import FolderPath, OutputPath
from coursekit.config.rules import BAD_CONFIG
from coursekit.diagnostics import Diagnostic, has_errors
from coursekit.judgement.stored import ReportError, StoredReport, read_report
from coursekit.report import Renderer
from coursekit.report.encoding import json_text
from coursekit.report.junit import render_junit
from coursekit.report.merge import MergedReport, merge_reports, merged_document
from coursekit.report.pipeline import Shape, shape, write_report
from coursekit.report.repository import course_place
from coursekit.report.sarif import render_sarif

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
    "--root", type=FolderPath(), default=Path("."),
    show_default=True, help="Course checkout the reports are about (for HTML links).",
)
@click.option(
    "--show-all", is_flag=True,
    help="List every finding by file, notes and what is folded into another finding "
         "included (as check --show-all), instead of check's first report.",
)
@guarded
def merge(reports: tuple[Path, ...], fmt: str, output: Path | None, root: Path,
          show_all: bool) -> int:
    """Merge the JSON reports (--format json) of the shards of one run into one report,
    as that run would have written it unsharded."""
    try:
        merged = merge_reports([(str(path), _read(path)) for path in reports])
    except ReportError as exc:
        raise click.UsageError(str(exc)) from exc
    if merged.unrecorded and fmt in CHECKED_FORMATS:
        one = len(merged.unrecorded) == 1
        click.echo(f"coursekit: note: {', '.join(merged.unrecorded)} "
                   f"{'does' if one else 'do'} not record the files {'it' if one else 'they'} "
                   "checked (written before reports did): clean files of "
                   f"{'its' if one else 'theirs'} are missing from the merged report's files "
                   "checked and JUnit test cases; check again to record them", err=True)
    text = render_merged(merged, fmt, root, output, show_all)
    if output is not None:  # an undecodable file name goes back as its bytes, as on stdout
        write_output(output, text.encode("utf-8", "surrogateescape"))
    else:
        sys.stdout.write(text)
    if any(d.rule == BAD_CONFIG.code for d in merged.diagnostics):
        return EXIT_USAGE  # as the runs merged exited: their configuration is not trusted
    return EXIT_FINDINGS if has_errors(merged.diagnostics) else EXIT_CLEAN


def _read(path: Path) -> StoredReport:
    """The report in ``path``; where it holds none, a :class:`ReportError` that says
    what it holds instead, when that is a file coursekit wrote in another format."""
    try:
        return read_report(path)
    except ReportError as exc:
        instead = _what_instead(path)
        if instead is None:
            raise
        raise ReportError(f"{path}: {instead}, not a JSON report of check, build or "
                          "verify (their --format json)") from exc


def _what_instead(path: Path) -> str | None:
    """What a regular file that is no report holds, where it is plain: nothing, an HTML
    page (``--format html``), or the document of ``coverage``, which has no findings."""
    if not path.is_file():
        return None
    try:
        text = path.read_bytes().decode("utf-8").lstrip("\ufeff \t\r\n")
        if not text:
            return "an empty file"
        if text.startswith("<"):
            return "an HTML page or other markup (--format html)"
        data = json.loads(text)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    if isinstance(data, dict) and {"source_language", "languages"} <= data.keys():
        return "the translation coverage of `coursekit coverage --format json`"
    return None


def render_merged(merged: MergedReport, fmt: str, root: Path, output: Path | None,
                  show_all: bool = False) -> str:
    """The merged report in format ``fmt``, through the report pipeline the commands
    write theirs with: ``check``'s text report is its first report (errors with their fix,
    warnings by rule and language, notes counted), every finding by file with
    ``show_all``; each command's own renderers where it has them (verify's JUnit and
    SARIF with the notebooks, the HTML page)."""
    if fmt == "json":
        return json_text(merged_document(merged)) + "\n"
    check = merged.title.removeprefix("coursekit ").startswith("check")
    own = _own_renderers(merged, root, output).get(fmt)
    findings = shape(merged.diagnostics,
                     how=Shape(show_all=show_all, grouped=own is not None))
    out = io.StringIO()
    # --quiet and --statistics are offered only to check, which takes them; files are
    # named from the repository's top, as the run names them
    write_report(findings, fmt, out, title=merged.title, checked=merged.checked, own=own,
                 overview=check and not show_all, narrows=check, root=root)
    return out.getvalue()


def _own_renderers(merged: MergedReport, root: Path, output: Path | None,
                   ) -> dict[str, Renderer]:
    """The formats a command renders itself: its HTML page, and verify's JUnit and
    SARIF, which carry every notebook's verdict."""
    def page(diagnostics: Sequence[Diagnostic], out: IO[str], title: str,
             checked: Sequence[str] = ()) -> None:
        _merged_page(merged, list(diagnostics), root, output, out)

    def junit(diagnostics: Sequence[Diagnostic], out: IO[str], title: str,
              checked: Sequence[str] = ()) -> None:
        render_junit(diagnostics, out, title, checked, notebooks=merged.notebooks)

    def sarif(diagnostics: Sequence[Diagnostic], out: IO[str], title: str,
              checked: Sequence[str] = ()) -> None:
        render_sarif(diagnostics, out, title, checked, notebooks=merged.notebooks,
                     place=course_place(root))

    return {"html": page, **({"junit": junit, "sarif": sarif} if merged.verify else {})}


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
