"""Syntax findings of the lessons of a course: parser and toctree diagnostics."""

from __future__ import annotations

from collections.abc import Sequence

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic, sorted_diagnostics
from coursekit.languages import normalise
from coursekit.lessons.load import load_lesson
from coursekit.lessons.toctree import check_toctree, load_toctree


def check_lesson_syntax(course: Course, languages: Sequence[str] | None = None) -> list[Diagnostic]:
    """Every parser and toctree finding of the lessons of ``languages`` (default: all)."""
    wanted = [normalise(lang) for lang in languages] if languages else course.lesson_languages()
    found: list[Diagnostic] = []
    for language in wanted:
        files = course.lesson_files(language)
        if not files:
            continue
        lessons = [load_lesson(course, file) for file in files]
        for lesson in lessons:
            found.extend(lesson.diagnostics)
        toctree = load_toctree(course, language)
        found.extend(toctree.diagnostics)
        found.extend(check_toctree(course, language, toctree, lessons))
    return sorted_diagnostics(found)
