"""``coursekit standins``: find the hub ids lessons load, and build their stand-ins."""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from coursekit.cli.options import (
    EXIT_CLEAN,
    EXIT_FINDINGS,
    ReportRequest,
    finish,
    guarded,
    known_languages,
    lang_option,
    open_course,
    report_options,
    root_option,
)

if TYPE_CHECKING:
    from coursekit.diagnostics import Diagnostic
    from coursekit.report.json import DocumentBuilder
    from coursekit.standins.missing import ScanResult


@click.group("standins")
def command() -> None:
    """Offline stand-ins for the models, datasets and metrics lessons load."""


@command.command("scan")
@root_option
@lang_option
@report_options
@guarded
def scan(
    root: Path, langs: tuple[str, ...], report: ReportRequest,
) -> int:
    """List every hub id the lessons reference; report those without a stand-in."""
    from coursekit.standins.hub_references import PLACEHOLDER_ROLE, PUSH, unique_ids
    from coursekit.standins.missing import SINGULAR, scan_course

    course = open_course(root, content=True)  # a root with no lesson is no clean scan
    result = scan_course(course, known_languages(langs, course.lesson_languages(), course))
    if report.fmt == "text" and report.output is None:
        for (kind, hub_id), uses in unique_ids(result.references).items():
            mark = "missing" if (kind, hub_id) in result.missing else "ok"
            via = sorted({u.via for u in uses if u.via})
            how = f", {' '.join(via)}" if via else ""
            click.echo(f"{mark:<8} {SINGULAR[kind]:<8} {hub_id}  ({len(uses)} use(s){how})")
        for role, title in ((PUSH, "pushed to (not loaded)"),
                            (PLACEHOLDER_ROLE, "placeholders (not loaded)")):
            names = sorted({(r.hub_id, r.path, r.line) for r in result.by_role(role)})
            if names:
                click.echo(f"{title}:")
                for hub_id, path, line in names:
                    click.echo(f"  {hub_id}  ({path}:{line})")
    return finish(result.diagnostics, report, title="coursekit standins scan",
                  checked=result.scanned, selection=course.config.selection,
                  document=_json(result))


def _json(result: ScanResult) -> DocumentBuilder:
    """The JSON document, with what the scan found (``standins``) after the findings."""
    from coursekit.report.json import json_document
    from coursekit.standins.missing import listing

    def document(diagnostics: Sequence[Diagnostic], title: str, checked: Sequence[str],
                 not_shown: dict[str, Any] | None) -> dict[str, Any]:
        return {**json_document(diagnostics, title, checked, not_shown),
                "standins": listing(result)}

    return document


@command.command("build")
@root_option
@click.option("--framework", "frameworks", multiple=True, type=click.Choice(["pt", "tf"]),
              help="Only this framework (repeatable). Default: the course's frameworks.")
@click.option("--force", is_flag=True, help="Build again even when the set exists (after "
              "the verify runs that use it end: a run holds its set until it ends).")
@click.option("--verbose", "-v", is_flag=True, help="Show the builder's output.")
@guarded
def build(root: Path, frameworks: tuple[str, ...], force: bool, verbose: bool) -> int:
    """Build the stand-ins in each framework's kernel (once; cached by their hash)."""
    from coursekit.standins import CatalogError, StandinError, prepare

    course = open_course(root)
    status = EXIT_CLEAN
    for fw in frameworks or course.config.frameworks:
        started = time.monotonic()
        try:
            env = prepare(course, fw, force=force, progress=(
                lambda line: click.echo(f"  {line}", err=True)) if verbose else None,
                on_wait=partial(click.echo, f"{fw}: waiting for the verify runs that use "
                                "the stand-in set to end", err=True))
        except CatalogError as exc:
            raise click.UsageError(str(exc)) from exc
        except StandinError as exc:
            click.echo(f"{fw}: {exc}\n{exc.output}".rstrip(), err=True)
            status = EXIT_FINDINGS
            continue
        verb = "built" if env.built else "already built"
        click.echo(f"{fw}: {verb} in {time.monotonic() - started:.0f}s: HF_HOME={env.hf_home}")
        if env.uncovered:
            names = ", ".join(f"{kind[:-1]} {hub_id}" for kind, hub_id in env.uncovered)
            click.echo(f"{fw}: warning: {len(env.uncovered)} hub id(s) the lessons load have "
                       f"no stand-in and are not in the set ({names}): `coursekit standins "
                       "scan` says what to add", err=True)
    return status
