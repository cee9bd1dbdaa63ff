"""The lessons a ``coursekit fix`` command is narrowed to by the files it is given.

A named file is read as ``coursekit check FILES`` reads it (relative to the working
folder, or absolute; see :func:`coursekit.filescope.file_scope`), and each one the fix
does not work on is a diagnostic of the same stable rules: ``CFG005`` for a file that
does not exist, ``CFG006`` for one outside the lesson folders or one the fix does not
rewrite (no lesson, a language left out by ``--lang``, a source lesson for
``fix translations``). A fix rewrites files, so these are errors: the command line
named something it cannot act on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from coursekit.config import Course
from coursekit.config.rules import MISSING_PATH, UNCHECKED_PATH
from coursekit.diagnostics import Diagnostic, Severity
from coursekit.filescope import file_scope


@dataclass(frozen=True, slots=True)
class NamedLessons:
    """The files named to a fix, sorted into the lessons it works on and the rest."""

    paths: frozenset[str]
    """The named lessons the fix works on, relative to the course root."""
    refused: tuple[Diagnostic, ...]
    """One error per named file the fix does not work on, naming the file."""


def named_lessons(course: Course, files: Sequence[Path], languages: Sequence[str] | None,
                  *, translations: bool = False) -> NamedLessons:
    """Sort ``files`` into the lessons of ``languages`` (default: all) that a fix works
    on, and a diagnostic for each other file; with ``translations``, the lessons of the
    source language are not among them (``fix translations`` rewrites translations)."""
    scope = file_scope(course, files, [course.content_dir])
    refused = [(MISSING_PATH if u.missing else UNCHECKED_PATH).at(
        u.path, None, u.reason, severity=Severity.ERROR) for u in scope.unmatched]
    wanted = set(languages or course.lesson_languages())
    if translations:
        wanted.discard(course.source_language)
    language_of = {course.relative(file): language for language in course.lesson_languages()
                   for file in course.lesson_files(language)}
    kept = frozenset(p for p in scope.paths if language_of.get(p) in wanted)
    refused += [UNCHECKED_PATH.at(path, None, _why(course, language_of.get(path), translations),
                                  severity=Severity.ERROR)
                for path in sorted(scope.paths - kept)]
    return NamedLessons(kept, tuple(refused))


def _why(course: Course, language: str | None, translations: bool) -> str:
    """Why a file in a language folder is not fixed."""
    if language is None:
        return "not fixed: it is no lesson (an .mdx or .md file of a language folder)"
    if translations and language == course.source_language:
        return (f"not fixed: a lesson of the source language ({language}); "
                "`fix translations` rewrites its translations: name those")
    return f"not fixed: its language ({language}) is not among those --lang asked for"
