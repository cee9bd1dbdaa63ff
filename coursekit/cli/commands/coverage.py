"""``coursekit coverage``: what is translated, per language, for lessons and videos."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from coursekit.cli.options import (
    EXIT_CLEAN,
    guarded,
    known_languages,
    lang_option,
    open_course,
    root_option,
)
from coursekit.corpus import Corpus
from coursekit.subtitles.coverage import coverage as subtitle_coverage
from coursekit.translations.check import coverage as lesson_coverage


@click.command("coverage")
@root_option
@lang_option
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@guarded
def command(root: Path, langs: tuple[str, ...], fmt: str) -> int:
    """Show which lessons and video subtitles each language has."""
    course = open_course(root)
    available = sorted(set(course.lesson_languages()) | set(course.subtitle_languages()))
    wanted = known_languages(langs, available)  # `../x` names no language: exit 2
    lessons = lesson_coverage(Corpus(course), wanted)
    video_langs = wanted or course.subtitle_languages()
    if course.source_language not in video_langs:
        video_langs = [course.source_language, *video_langs]
    videos = subtitle_coverage(course, video_langs).matrix()
    if fmt == "json":
        click.echo(json.dumps({
            "lessons": [
                {"language": row.language, "done": list(row.done), "missing": list(row.missing),
                 "outdated": list(row.outdated), "percent_done": round(row.percent_done, 1)}
                for row in lessons
            ],
            "subtitles": [{"file": name, "languages": have} for name, have in videos],
        }, ensure_ascii=False, indent=2))
        return EXIT_CLEAN
    console = Console()
    table = Table(title="Lessons (translations against the source language)")
    for column in ("language", "done", "outdated", "missing", "% done"):
        table.add_column(column)
    for row in lessons:
        table.add_row(row.language, str(len(row.done)), str(len(row.outdated)),
                      str(len(row.missing)), f"{row.percent_done:.0f}")
    console.print(table)
    videos_table = Table(title="Video subtitles")
    videos_table.add_column("file")
    for lang in video_langs:
        videos_table.add_column(lang)
    for name, have in videos:
        videos_table.add_row(name, *("yes" if have.get(lang) else "-" for lang in video_langs))
    console.print(videos_table)
    return EXIT_CLEAN
