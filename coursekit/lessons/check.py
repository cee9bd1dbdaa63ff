"""Syntax findings of the lessons of a course: parser and toctree diagnostics."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from coursekit.diagnostics import Diagnostic, sorted_diagnostics
from coursekit.languages import normalise
from coursekit.lessons.toctree import check_toctree

if TYPE_CHECKING:
    from coursekit.corpus import Corpus


def check_lesson_syntax(corpus: Corpus, languages: Sequence[str] | None = None
                        ) -> list[Diagnostic]:
    """Every parser and toctree finding of the lessons of ``languages`` (default: all)."""
    course = corpus.course
    wanted = [normalise(lang) for lang in languages] if languages else course.lesson_languages()
    found: list[Diagnostic] = []
    for language in wanted:
        lessons = corpus.lessons(language)
        if not lessons:
            continue
        for lesson in lessons:
            found.extend(lesson.diagnostics)
        toctree = corpus.toctree(language)
        found.extend(toctree.diagnostics)
        found.extend(check_toctree(course, language, toctree, lessons))
    return sorted_diagnostics(found)
