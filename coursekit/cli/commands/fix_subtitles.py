"""``coursekit fix subtitles``: safe, idempotent repairs of the course's .srt files.

Its options and exit codes are those of the other ``fix`` commands, as ruff's and
black's: ``--check`` writes nothing and exits 1 when a file would change, ``--dry-run``
(``--diff``) shows the unified diff instead of writing and exits 1 likewise; 0 when
nothing would change (or everything was written), 2 for a usage error.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from coursekit.cli.commands.fix_rewritten import say_shared_links, says_what_was_rewritten
from coursekit.cli.options import (
    EXIT_CLEAN,
    EXIT_FINDINGS,
    guarded,
    known_languages,
    lang_option,
    open_course,
    rewrite_options,
)
from coursekit.cli.options import root_option as _root_option
from coursekit.cli.paths import OutputPath
from coursekit.config import Course
from coursekit.subtitles.fix import FixResult, fix_course, write_fixes
from coursekit.subtitles.monolingual import (
    MonolingualResult,
    copy_changes,
    monolingual_copies,
    write_copy,
)


@click.command("subtitles")
@_root_option
@lang_option
@rewrite_options("subtitle files")
@click.option("--monolingual", "monolingual_out", type=OutputPath(folder=True),
              help="Also write monolingual copies of bilingual files under this folder.")
@guarded
def subtitles(root: Path, langs: tuple[str, ...], dry_run: bool, check_only: bool,
              monolingual_out: Path | None) -> int:
    """Renumber cues, split merged cues, turn SBV timings in .srt files into SRT, clamp
    overlaps, normalise BOM and line endings as configured (.srt files; an .sbv file is
    left as it is, and counted)."""
    course = open_course(root, content=True)
    languages = known_languages(langs, course.subtitle_languages(), course)
    if monolingual_out is not None and monolingual_out.resolve().is_relative_to(
            course.subtitles_dir.resolve()):
        raise click.UsageError(f"--monolingual {monolingual_out} lies in the subtitles folder, "
                               "where the copies would replace or join the files they come from")
    write = not (dry_run or check_only)
    results = fix_course(course, languages)
    if write:
        say_shared_links((r.path, r.display_path) for r in results if r.changed)
        with says_what_was_rewritten("fix subtitles") as rewritten:
            write_fixes(results, lambda result: rewritten.append(result.display_path))
    problems = _said_results(results, dry_run=dry_run, check_only=check_only)
    problems += _said_unlisted(course, languages)
    copied = 0
    if monolingual_out is not None:
        copies = monolingual_copies(course, monolingual_out, languages)
        problems += _said_copies(copies, monolingual_out, write)
        if not write:  # written copies change nothing more
            copied = sum(copy_changes(copy) for copy in copies if not copy.refused)
    changed = sum(r.changed for r in results)
    _say_summary(course, languages, results, changed, write)
    if problems:
        return EXIT_FINDINGS
    return EXIT_FINDINGS if not write and (changed or copied) else EXIT_CLEAN


def _said_results(results: Sequence[FixResult], *, dry_run: bool, check_only: bool) -> int:
    """Say what became of each file (its diff with ``dry_run``, its name and changes
    otherwise); the number of problems said: files refused and overlaps left."""
    problems = 0
    for result in results:
        if result.refused:
            click.echo(f"{result.display_path}: {result.refused}", err=True)
            problems += 1
        elif result.changed and dry_run:
            click.echo(result.diff(), nl=False)
        elif result.changed:
            verb = "would fix" if check_only else "fixed"
            click.echo(f"{verb} {result.display_path} ({', '.join(result.changes) or 'format'})")
        for left in result.left if not result.refused else ():
            click.echo(f"{result.display_path}:{left}", err=True)
            problems += 1
    return problems


def _said_copies(copies: Sequence[MonolingualResult], out: Path, write: bool) -> int:
    """Write (or, without ``write``, name) each monolingual copy; the number of problems
    said: files with no copy, cues left out of one."""
    problems = 0
    for copy in copies:
        if copy.refused:
            click.echo(f"{copy.source}: {copy.refused}", err=True)
            problems += 1
            continue
        for cue in copy.missing:
            click.echo(f"{copy.source}:{cue.line}: cue {cue.number} has no translated line; "
                       "left out of the monolingual copy", err=True)
            problems += 1
        if not write:
            click.echo(f"would write {copy.target}")
            continue
        try:
            write_copy(copy, out)
        except OSError as exc:
            click.echo(f"{copy.target}: not written: {exc.strerror or exc}", err=True)
            problems += 1
        else:
            click.echo(f"wrote {copy.target}")
    return problems


def _said_unlisted(course: Course, languages: Sequence[str] | None) -> int:
    """Name each subtitle folder that could not be listed (a language folder without
    read permission), whose files are not fixed; how many."""
    folders = dict.fromkeys([*course.unlisted_roots(lessons=False), *(
        folder for lang in languages or course.subtitle_languages()
        for folder in course.subtitle_listing(lang).unlisted)])
    for folder in folders:
        click.echo(f"{course.relative(folder.path)}: cannot list the folder: {folder.reason}; "
                   "its subtitle files are not fixed", err=True)
    return len(folders)


def _say_summary(course: Course, languages: Sequence[str] | None, results: Sequence[FixResult],
                 changed: int, write: bool) -> None:
    """The last line: files changed (or that would change), and the .sbv files left."""
    verb = "changed" if write else "would change"
    sbv = sum(path.suffix.lower() == ".sbv" for lang in languages or course.subtitle_languages()
              for path in course.subtitle_files(lang))
    click.echo(f"fix subtitles: {verb} {changed} of {len(results)} file(s)"
               + (f"; {sbv} .sbv file(s) left as they are: it writes SRT, and check "
                  "subtitles reads them" if sbv else ""), err=True)
