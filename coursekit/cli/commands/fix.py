"""``coursekit fix``: safe, idempotent repairs; nothing is written unless asked."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from coursekit.cli.commands.fix_rewritten import (
    said_unlisted,
    say_shared_links,
    says_what_was_rewritten,
)
from coursekit.cli.commands.fix_subtitles import subtitles
from coursekit.cli.commands.fix_translations import translations
from coursekit.cli.named_files import named_lessons_only
from coursekit.cli.options import (
    EXIT_CLEAN,
    EXIT_FINDINGS,
    EXIT_USAGE,
    guarded,
    known_languages,
    lang_option,
    open_course,
    rewrite_options,
    root_of_files,
)
from coursekit.cli.options import root_option as _root_option

if TYPE_CHECKING:
    from coursekit.fixes.plan import FilePlan, L
    from coursekit.judgement.model import NotebookJudgement


@click.group("fix")
def command() -> None:
    """Repair what can be repaired without losing anything."""


@command.command("lessons")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@_root_option
@lang_option
@rewrite_options("lessons")
@guarded
@named_lessons_only()
def lessons(files: tuple[Path, ...], root: Path, langs: tuple[str, ...], dry_run: bool,
            check_only: bool) -> int:
    """Format the Python of the lessons' code fences with the course's formatter
    ([tool.coursekit.format]); FILES, when given, narrows it to those lessons."""
    from coursekit.corpus import Corpus
    from coursekit.formatting.engines import FormatterUnavailable
    from coursekit.formatting.fix import plan_fixes

    course = open_course(root_of_files(root, files), content=True)
    languages = known_languages(langs, course.lesson_languages(), course)
    corpus = Corpus(course)
    try:
        plan = plan_fixes(corpus, languages, files)
    except FormatterUnavailable as exc:
        click.echo(f"coursekit: {exc}", err=True)
        return EXIT_USAGE
    changed = plan.changed
    if check_only:
        for lesson in changed:
            click.echo(f"would format {lesson.path} ({len(lesson.changes)} fence(s))")
    elif dry_run:
        for lesson in changed:
            click.echo(lesson.diff(), nl=False)
    else:
        say_shared_links((lesson.file, lesson.path) for lesson in changed)
        with says_what_was_rewritten("fix lessons") as rewritten:
            failed = plan.write(lambda lesson: rewritten.append(lesson.path))
        for lesson, error in failed:
            click.echo(f"{lesson.path}: cannot write: {error.strerror or error}; "
                       "left as it was", err=True)
        left = {lesson.path for lesson, _ in failed}
        changed = [lesson for lesson in changed if lesson.path not in left]
        for lesson in changed:
            click.echo(f"formatted {lesson.path} ({len(lesson.changes)} fence(s))")
    unformatted = plan.left_lines()
    for line in unformatted:
        click.echo(line, err=True)
    for path, why in plan.unread:
        click.echo(f"{path}: cannot read: {why}; not formatted", err=True)
    unlisted = said_unlisted(corpus, "formatted")
    verb = "would format" if dry_run or check_only else "formatted"
    fences = sum(len(lesson.changes) for lesson in changed)
    click.echo(f"fix lessons: {verb} {fences} fence(s) in {len(changed)} of "
               f"{plan.files} file(s)" + (f"; left {len(unformatted)} unformatted fence(s) "
                                          "it cannot rewrite in place" if unformatted else ""),
               err=True)
    if len(changed) < len(plan.changed) or plan.unread or unformatted or unlisted:
        return EXIT_FINDINGS
    return EXIT_FINDINGS if (check_only or dry_run) and changed else EXIT_CLEAN


@command.command("drift")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@_root_option
@lang_option
@click.option("--unsafe-fixes", "unsafe", is_flag=True,
              help="Apply the unsafe fixes too (they may change behaviour).")
@rewrite_options("lessons")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="json: every use found, fixed or left.")
@click.option("--no-verify", is_flag=True,
              help="Write the fixes without running the changed lessons' notebooks first.")
@guarded
@named_lessons_only()
def drift(files: tuple[Path, ...], root: Path, langs: tuple[str, ...], unsafe: bool,
          dry_run: bool, check_only: bool, fmt: str, no_verify: bool) -> int:
    """Repair uses of removed or renamed APIs from the stale-API table, in the lessons
    of every language: safe fixes, and unsafe ones with --unsafe-fixes; FILES, when
    given, narrows it to those lessons. Before writing, the changed lessons' notebooks
    run with the fixes (on the CPU, in a copy of the course): a fix whose cell still
    raises the drift is reverted. --dry-run and --check run nothing."""
    import json

    from coursekit.corpus import Corpus
    from coursekit.filescope import file_scope
    from coursekit.fixes.lessons import plan_drift_fixes
    from coursekit.fixes.proof import prove_drift_fixes
    from coursekit.fixes.report import as_json, language_lines, left_lines, proof_lines

    course = open_course(root_of_files(root, files), content=True)
    corpus = Corpus(course)
    languages = known_languages(langs, course.lesson_languages(), course)
    paths = file_scope(course, files).paths if files else None
    plan = plan_drift_fixes(corpus, languages, unsafe, paths)
    write = not (dry_run or check_only)
    proof = prove_drift_fixes(corpus, plan) if write and not no_verify else None
    if proof is not None:
        plan = proof.plan
    failed = _write_plan(plan, "fix drift", "fixed") if write else []
    plan = plan.without(lesson for lesson, _ in failed)  # said as left as it was
    if fmt == "json":
        click.echo(json.dumps(as_json(plan, written=write, proof=proof), indent=2))
    elif dry_run:
        click.echo(plan.diff(), nl=False)
    else:
        verb = "fixed" if write else "would fix"
        for lesson in plan.changed:
            fixes = sum(found.outcome.fixed for found in lesson.outcomes)
            click.echo(f"{verb} {lesson.format.path} ({fixes} use(s))")
    if fmt == "text":
        for line in left_lines(plan) + proof_lines(proof):
            click.echo(line, err=True)
    for path, why in plan.unread:
        click.echo(f"{path}: cannot read: {why}; not fixed", err=True)
    unlisted = said_unlisted(corpus, "fixed")
    verb = "fixed" if write else "would fix"
    fixes = sum(found.outcome.fixed for found in plan.outcomes)
    click.echo(f"fix drift: {verb} {fixes} use(s) in {len(plan.changed)} of {plan.files} "
               "file(s)", err=True)
    for line in language_lines(plan, verb):
        click.echo(line, err=True)
    if failed or plan.unread or plan.stuck or unlisted or (proof and proof.reverted):
        return EXIT_FINDINGS
    return EXIT_FINDINGS if not write and plan.changed else EXIT_CLEAN


def _write_plan(plan: FilePlan[L], name: str, verb: str) -> list[tuple[L, OSError]]:
    """Write the plan's changed lessons, saying which were rewritten if interrupted; those
    that could not be written, each named on standard error."""
    say_shared_links((lesson.format.file, lesson.format.path) for lesson in plan.changed)
    with says_what_was_rewritten(name, verb) as rewritten:
        failed = plan.write(lambda lesson: rewritten.append(lesson.format.path))
    for lesson, error in failed:
        click.echo(f"{lesson.format.path}: cannot write: {error.strerror or error}; "
                   "left as it was", err=True)
    return failed


def _judged_notebooks(report_file: Path) -> tuple[NotebookJudgement, ...]:
    """The notebooks of a stored verify report; a usage error for any other file."""
    from coursekit.judgement.stored import ReportError, read_report

    try:
        stored = read_report(report_file)
    except ReportError as exc:
        raise click.UsageError(str(exc)) from exc
    if stored.notebooks is None:
        raise click.UsageError(f"{report_file}: a report without notebooks; "
                               "`coursekit verify --format json` writes them")
    return stored.notebooks


@command.command("errors")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--from", "report_file", required=True,
              type=click.Path(dir_okay=False, path_type=Path),
              help="The report of `coursekit verify --format json` that proved the drift.")
@_root_option
@lang_option
@rewrite_options("lessons")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="json: every documented error updated or left.")
@guarded
@named_lessons_only()
def errors(files: tuple[Path, ...], report_file: Path, root: Path, langs: tuple[str, ...],
           dry_run: bool, check_only: bool, fmt: str) -> int:
    """Update the documented errors that a verification proved drifted (error-drift) to
    what is raised now, in the source lessons and in every translation whose output
    fence is the same; FILES, when given, narrows it to those lessons."""
    import json

    from coursekit.corpus import Corpus
    from coursekit.filescope import file_scope
    from coursekit.fixes.error_report import as_json, language_lines, left_lines
    from coursekit.fixes.errors import plan_error_fixes
    from coursekit.fixes.proven import proven_drifts

    course = open_course(root_of_files(root, files), content=True)
    languages = known_languages(langs, course.lesson_languages(), course)
    paths = file_scope(course, files).paths if files else None
    drifts, not_proven = proven_drifts(_judged_notebooks(report_file))
    plan = plan_error_fixes(Corpus(course), drifts, languages, paths, not_proven)
    write = not (dry_run or check_only)
    failed = _write_plan(plan, "fix errors", "updated") if write else []
    plan = plan.without(lesson for lesson, _ in failed)  # said as left as it was
    verb = "updated" if write else "would update"
    if fmt == "json":
        click.echo(json.dumps(as_json(plan, written=write), indent=2))
    elif dry_run:
        click.echo(plan.diff(), nl=False)
    else:
        for lesson in plan.changed:
            fixes = sum(found.fixed for found in lesson.outcomes)
            click.echo(f"{verb} {lesson.format.path} ({fixes} documented error(s))")
    if fmt == "text":
        for line in left_lines(plan):
            click.echo(line, err=True)
    for path, why in plan.unread:
        click.echo(f"{path}: {why}; not updated", err=True)
    fixes = sum(found.fixed for found in plan.outcomes)
    click.echo(f"fix errors: {verb} {fixes} documented error(s) in {len(plan.changed)} of "
               f"{plan.files} file(s)", err=True)
    for line in language_lines(plan, verb):
        click.echo(line, err=True)
    if failed or plan.unread or plan.stuck:
        return EXIT_FINDINGS
    return EXIT_FINDINGS if not write and plan.changed else EXIT_CLEAN


command.add_command(subtitles)
command.add_command(translations)
