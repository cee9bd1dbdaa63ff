"""LES124 over a course: one finding per fence that the formatter changes."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from coursekit.diagnostics import Diagnostic
from coursekit.formatting.lessons import (
    LessonFormat,
    format_lessons,
    read_lesson_or_why,
    wants_formatting,
)
from coursekit.formatting.settings import SECTION
from coursekit.languages import normalise
from coursekit.lessons.fences import may_hold_python

if TYPE_CHECKING:
    from coursekit.corpus import Corpus


def wanted_languages(corpus: Corpus, languages: Sequence[str] | None) -> list[str]:
    """``languages`` normalised, or every lesson language of the course."""
    course = corpus.course
    return [normalise(lang) for lang in languages] if languages else course.lesson_languages()


def queue_code(corpus: Corpus, languages: Sequence[str] | None = None) -> None:
    """Give the run's formatter the code of the lessons of ``languages`` (default: all)
    and of the source language, to format in its one batch when first asked: the
    translation check compares translated code with its source as formatted."""
    course = corpus.course
    formatter = corpus.code_formatter()
    present = course.lesson_languages()
    for language in dict.fromkeys([course.source_language, *wanted_languages(corpus, languages)]):
        if language not in present:
            continue
        for lesson in corpus.lessons(language):
            for code in lesson.code_blocks():
                if wants_formatting(code):
                    formatter.add(code.facts)


def lesson_formats(corpus: Corpus, languages: Sequence[str] | None = None,
                   unread: list[tuple[Path, str]] | None = None) -> list[LessonFormat]:
    """The lessons of ``languages`` (default: all) that may hold Python, each with what
    formatting changes in it; a lesson holding no Python fence is not even parsed.
    ``unread`` is given each lesson file that cannot be read as text, with why."""
    entries, read = [], {}
    for language in wanted_languages(corpus, languages):
        for file in corpus.lesson_files(language):
            found = read_lesson_or_why(file)
            if isinstance(found, str):
                if unread is not None:
                    unread.append((file, found))
                continue
            if may_hold_python(found[0]):
                entries.append((file, found[0], corpus.lesson(file)))
                read[file] = found[1]
    return [dataclasses.replace(lesson, read=read[lesson.file])
            for lesson in format_lessons(entries, corpus.code_formatter())]


def check_formatting(corpus: Corpus, languages: Sequence[str] | None = None
                     ) -> list[Diagnostic]:
    """LES124 findings of the lessons of ``languages``; a ``CFG001`` finding instead
    when the configured formatter cannot run."""
    formats = lesson_formats(corpus, languages)
    formatter = corpus.code_formatter()
    if formatter.unavailable is not None:
        return [corpus.course.config.finding((SECTION, "formatter"), str(formatter.unavailable))]
    return [finding for lesson in formats for finding in lesson.findings(formatter.settings)]
