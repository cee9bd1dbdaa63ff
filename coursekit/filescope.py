"""Checks narrowed to a few files (a commit's, for pre-commit hooks).

The checks still read what the named files are judged against (the source-language
lessons and subtitles, the toctree of their language), but only the languages of
those files are checked, and only findings in those files are kept.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from coursekit.check_result import CheckResult
from coursekit.config import Course
from coursekit.languages import normalise


@dataclass(frozen=True, slots=True)
class FileScope:
    paths: frozenset[str]
    """The named files that belong to the course, relative to its root."""
    languages: tuple[str, ...]
    """The languages of those files, in the course's order."""

    def keep(self, result: CheckResult) -> CheckResult:
        """Only the findings in, and the checked files among, the named files."""
        return CheckResult(
            diagnostics=[d for d in result.diagnostics if d.path in self.paths],
            checked=[p for p in result.checked if p in self.paths],
        )


def _language(path: Path, base: Path) -> str | None:
    """The language folder ``path`` lies in under ``base``, if it does."""
    try:
        parts = path.relative_to(base.resolve()).parts
    except ValueError:
        return None
    return normalise(parts[0]) if len(parts) > 1 else None


def file_scope(course: Course, files: Iterable[Path]) -> FileScope:
    """The scope of ``files`` (relative to the working folder, or absolute).

    A file outside the course's lesson and subtitle folders, or in a language the
    course does not check, is outside the scope: there is nothing to check it against.
    """
    known = set(course.lesson_languages()) | set(course.subtitle_languages())
    paths: set[str] = set()
    found: set[str] = set()
    for file in files:
        resolved = file.resolve()
        for base in (course.content_dir, course.subtitles_dir):
            language = _language(resolved, base)
            if language is not None and language in known:
                paths.add(course.relative(resolved))
                found.add(language)
    order = [*course.lesson_languages(), *course.subtitle_languages()]
    languages = tuple(sorted(found, key=order.index))
    return FileScope(paths=frozenset(paths), languages=languages)


def touched_files(course: Course, changed: Iterable[str]) -> list[Path]:
    """What a change touched, for ``check --since``: the changed files (relative to the
    course root) and, for each changed file of the source language, the file at the
    same place in every other language (its translation, judged against it)."""
    found: set[Path] = set()
    source = course.source_language
    folders = [
        (course.lesson_dir(source), course.lesson_dir, course.lesson_languages()),
        (course.subtitle_dir(source), course.subtitle_dir, course.subtitle_languages()),
    ]
    for name in changed:
        path = course.root / name
        found.add(path)
        for source_folder, folder_of, languages in folders:
            try:
                inside = path.relative_to(source_folder)
            except ValueError:
                continue
            found.update(folder_of(language) / inside for language in languages)
    return sorted(found)
