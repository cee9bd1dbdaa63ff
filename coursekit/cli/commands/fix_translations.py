"""``coursekit fix translations``: the source's new code carried into outdated translations."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from coursekit.cli.commands.fix_rewritten import (
    said_unlisted,
    say_shared_links,
    says_what_was_rewritten,
)
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
    from coursekit.corpus import Corpus
    from coursekit.fixes.translations import SyncRun, TranslationFix


@click.command("translations")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@_root_option
@lang_option
@rewrite_options("translations")
@guarded
@named_lessons_only(translations=True)
def translations(files: tuple[Path, ...], root: Path, langs: tuple[str, ...], dry_run: bool,
                 check_only: bool) -> int:
    """Carry the source's new code into outdated translations, block by block (a
    three-way merge from the source they last followed): their comments, strings and
    prose kept; a block both sides changed is reported, not written. FILES, when given,
    narrows it to those lessons."""
    from coursekit.corpus import Corpus
    from coursekit.filescope import file_scope
    from coursekit.fixes.translations import plan_translation_fixes

    course = open_course(root_of_files(root, files), content=True)
    languages = known_languages(langs, course.lesson_languages(), course)
    if languages == [course.source_language]:
        raise click.UsageError(f"--lang {course.source_language} is the course's source "
                               "language; fix translations rewrites its translations: "
                               "name their languages, or leave --lang out")
    paths = file_scope(course, files).paths if files else None
    corpus = Corpus(course)
    run = plan_translation_fixes(corpus, languages, paths)
    if not run.history or run.shallow:
        click.echo("coursekit: fix translations needs the course's git history (the source "
                   f"each translation last followed); {_no_history(run)}", err=True)
        return EXIT_USAGE
    write = not (dry_run or check_only)
    failed = []
    if write:
        say_shared_links((fix.file, fix.path) for fix in run.changed)
        with says_what_was_rewritten("fix translations", "synced") as rewritten:
            failed = run.write(lambda fix: rewritten.append(fix.path))
    for fix, error in failed:
        click.echo(f"{fix.path}: cannot write: {error.strerror or error}; left as it was",
                   err=True)
    left = _say(corpus, run, [fix for fix in run.changed if all(fix is not f for f, _ in failed)],
                write, dry_run)
    # What is left to a person (a conflict, a block with no place, a group held back, an
    # output not carried over, a translation not synced) fails the run, as ruff's
    # violations that no fix removed do: CI sees it, and a second run says it again.
    if failed or left:
        return EXIT_FINDINGS
    return EXIT_FINDINGS if not write and run.changed else EXIT_CLEAN


def _no_history(run: SyncRun) -> str:
    """Why the run has no history to merge from, and what to do."""
    if run.shallow:
        return ("the git history is shallow: the source a translation followed may lie "
                "beyond its oldest commit, and one that fell behind earlier seems current; "
                "fetch the whole history: `fetch-depth: 0` for actions/checkout, or "
                "`git fetch --unshallow`")
    if run.turned_off:
        return "the configuration turns it off (`history = false`)"
    if run.unreadable is None:
        return ("--root is not the top folder of a git checkout (the history of a "
                "repository it lies inside is read with `history = true` under "
                "[tool.coursekit.translations])")
    return f"git does not read it: {run.unreadable}"


def _say(corpus: Corpus, run: SyncRun, changed: list[TranslationFix], write: bool,
         dry_run: bool) -> bool:
    """What the run did or would do, then what it leaves to a person (a lesson folder it
    could not list among it, as the translations there were never looked at); whether
    it leaves anything."""
    from coursekit.fixes.sync_report import conflict_lines

    verb = "synced" if write else "would sync"
    if dry_run:
        click.echo(run.diff(), nl=False)
    else:
        for fix in changed:
            click.echo(f"{verb} {fix.path} ({fix.carried} code block(s))")
    left = list(conflict_lines(run))
    for line in left:
        click.echo(line, err=True)
    unlisted = said_unlisted(corpus, "synced")
    blocks = sum(fix.carried for fix in changed)
    click.echo(f"fix translations: {verb} {blocks} code block(s) in {len(changed)} of "
               f"{run.files} translation(s); {len(run.conflicts)} conflict(s) left to merge "
               "by hand", err=True)
    return bool(left) or unlisted
