"""``coursekit coverage``: per language, which lessons are current, outdated (in code, or
in prose only) or missing, and which videos have subtitles."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from coursekit.atomic import write_output
from coursekit.cli.consoles import print_whole
from coursekit.cli.options import (
    EXIT_CLEAN,
    EXIT_FINDINGS,
    guarded,
    known_languages,
    lang_option,
    open_course,
    root_option,
)
from coursekit.cli.paths import OutputPath
from coursekit.corpus import Corpus
from coursekit.report.coverage import NOTICES, coverage_document, render_coverage_html
from coursekit.report.encoding import json_text
from coursekit.subtitles.coverage import Coverage as SubtitleCoverage
from coursekit.translations.check import coverage as lesson_coverage
from coursekit.translations.coverage import Coverage, Status


@click.command("coverage")
@root_option
@lang_option
@click.option("--format", "fmt", type=click.Choice(["text", "json", "html"]), default="text",
              show_default=True)
@click.option("--output", "-o", type=OutputPath(),
              help="Write the report to this file instead of standard output.")
@guarded
def command(root: Path, langs: tuple[str, ...], fmt: str, output: Path | None) -> int:
    """Show, per language, the lessons current, outdated and missing, and which video
    subtitles each language has."""
    course = open_course(root, content=True)  # a picture of no course is a wrong --root
    available = sorted(set(course.lesson_languages()) | set(course.subtitle_languages()))
    wanted = known_languages(langs, available, course)  # `../x` names no language: exit 2
    corpus = Corpus(course)
    lessons = lesson_coverage(corpus, wanted)
    video_langs = wanted or course.subtitle_languages()
    if course.source_language not in video_langs:
        video_langs = [course.source_language, *video_langs]
    # A language whose subtitle folder cannot be listed has no column: its files are unknown.
    video_langs = [lang for lang in video_langs if not corpus.subtitle_listing(lang).unlisted]
    videos = SubtitleCoverage(course.source_language, {
        lang: frozenset(p.name for p in corpus.subtitle_listing(lang).files) for lang in video_langs
    }).matrix()
    unlisted = _said_unlisted(corpus)
    unread = _said_unread(lessons)
    only_source = wanted is not None and set(wanted) == {course.source_language}
    empty = (f"Lessons: {course.source_language} is the source language; its translations "
             "are counted with --lang LANG, or without --lang") if only_source else (
        "Lessons: no translation counted" if unlisted else "Lessons: no translated lesson folder")
    if fmt == "json":
        text = json_text(coverage_document(course.source_language, lessons, videos,
                                           [path for path, _ in unlisted])) + "\n"
    elif fmt == "html":
        out = io.StringIO()
        render_coverage_html(course.source_language, lessons, videos, out,
                             title=f"Translation coverage: {course.root.name}",
                             alerts=[line for _, line in unlisted] + unread,
                             empty=empty)
        text = out.getvalue()
    else:
        _print_text(lessons, videos, video_langs, output, empty=empty)
        return EXIT_FINDINGS if unlisted or unread else EXIT_CLEAN
    if output is not None:
        write_output(output, text.encode("utf-8", "surrogateescape"))
    else:
        sys.stdout.write(text)
    return EXIT_FINDINGS if unlisted or unread else EXIT_CLEAN


def _said_unlisted(corpus: Corpus) -> list[tuple[str, str]]:
    """Name on standard error each lesson and subtitle folder the run could not list (a
    language folder without read permission): its files are not counted, neither as
    translated nor as missing. Each folder from the course root, with its line."""
    course = corpus.course
    found = [(folder, "its lessons") for folder in dict.fromkeys(
        [*course.unlisted_roots(subtitles=False), *corpus.unlisted(subtitles=False)])]
    found += [(folder, "its subtitle files") for folder in dict.fromkeys(
        [*course.unlisted_roots(lessons=False), *corpus.unlisted(lessons=False)])]
    said: list[tuple[str, str]] = []
    for folder, files in found:
        path = course.relative(folder.path)
        line = f"{path}: cannot list the folder: {folder.reason}; {files} are not counted"
        click.echo(line, err=True)
        said.append((path, line))
    return said


def _said_unread(lessons: Coverage) -> list[str]:
    """Name on standard error each translated lesson that could not be read: whether it
    translates its section is unknown, so it is counted neither as translated nor as
    missing. Its lines."""
    said = [f"{path}: {why}; the lesson is not counted" for path, why in lessons.unread]
    for line in said:
        click.echo(line, err=True)
    return said


def _print_text(lessons: Coverage, videos: list[tuple[str, dict[str, bool]]],
                video_langs: list[str], output: Path | None, *,
                empty: str = "Lessons: no translated lesson folder") -> None:
    """The tables; ``empty``: the line said where no translation is counted."""
    out = io.StringIO() if output is not None else None
    # A report file is read as a file: its tables are as wide as their rows.
    console = Console(file=out) if out is not None else Console()
    # A table with no row says nothing: a course without subtitles (or lessons) gets a
    # line instead, as the HTML page does.
    if lessons.rows:
        table = Table(title="Lessons (translations against the source language)")
        for column in ("language", "current", "outdated (code)", "outdated (prose)",
                       "missing", "% current"):
            table.add_column(column)
        for row in lessons.rows:
            table.add_row(row.language, *(str(row.count(status)) for status in Status),
                          f"{row.percent_shown(0):.0f}")
        print_whole(console, table)
    else:
        console.print(empty, markup=False, soft_wrap=True)
    if lessons.history in NOTICES:
        console.print(f"warning: {NOTICES[lessons.history]}", markup=False)
    if not videos:
        console.print("Video subtitles: none", markup=False)
    else:
        videos_table = Table(title="Video subtitles")
        videos_table.add_column("file")
        for lang in video_langs:
            videos_table.add_column(lang)
        for name, have in videos:  # a name is text: `01_intro[draft].srt` is no markup
            videos_table.add_row(Text(name), *("yes" if have.get(lang) else "-"
                                         for lang in video_langs))
        print_whole(console, videos_table)
    if out is not None and output is not None:
        # A file name that is not UTF-8 is written as its bytes, as on standard output.
        write_output(output, out.getvalue().encode("utf-8", "surrogateescape"))
