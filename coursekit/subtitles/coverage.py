"""Which videos have subtitles in which language (SUB401, SUB402, SUB410, SUB411, SUB413)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.subtitles import rules
from coursekit.subtitles.fingerprint import fingerprint
from coursekit.subtitles.metadata import (
    Metadata,
    folder_language,
    read_metadata,
    subtitle_target,
)


@dataclass(frozen=True, slots=True)
class Coverage:
    """File names per language, and the source language's names."""

    source_language: str
    files: Mapping[str, frozenset[str]]

    def matrix(self) -> list[tuple[str, dict[str, bool]]]:
        """One row per video (file name): which languages have it."""
        names = sorted(set().union(*self.files.values())) if self.files else []
        return [(name, {lang: name in have for lang, have in self.files.items()})
                for name in names]


def coverage(course: Course, languages: Sequence[str]) -> Coverage:
    files = {lang: frozenset(p.name for p in course.subtitle_files(lang)) for lang in languages}
    return Coverage(course.source_language, files)


def check_coverage(course: Course, cov: Coverage) -> Iterator[Diagnostic]:
    source = cov.files.get(cov.source_language)
    if source is None:
        return
    for lang, names in cov.files.items():
        if lang == cov.source_language:
            continue
        folder = course.relative(course.subtitle_dir(lang))
        for name in sorted(source - names):
            yield rules.MISSING_TRANSLATION.at(
                f"{folder}/{name}", None,
                f"no {lang} subtitles for `{name}` (the {cov.source_language} file exists)",
                fingerprint=fingerprint(lang, name))
        for name in sorted(names - source):
            yield rules.EXTRA_TRANSLATION.at(
                f"{folder}/{name}", None,
                f"no {cov.source_language} file named `{name}`: renamed, or a typo?",
                hint=f"name it as in {course.relative(course.subtitle_dir(cov.source_language))}/",
                fingerprint=fingerprint(lang, name))


def check_metadata(
    course: Course, language: str, meta: Metadata | None = None,
) -> Iterator[Diagnostic]:
    """Rows of ``metadata.csv`` whose subtitle file does not exist or lies in another
    language's folder; ``meta``, when given, is that file already read."""
    if meta is None:
        meta = read_metadata(course, language)
    if meta is None:
        return
    yield from meta.problems
    for row in meta.rows:
        if not row.srt_filename:
            continue
        target = subtitle_target(course, language, row.srt_filename)
        other = folder_language(course, target)
        if other is not None and other != language:
            # One finding for the row: its file is the wrong language's, there or not.
            there = "" if target.is_file() else " (and it does not exist)"
            yield rules.METADATA_OTHER_LANGUAGE.at(
                meta.shown, row.line, f"video `{row.id}` ({row.title}) lists "
                f"`{row.srt_filename}`, a file of the {other} subtitles{there}",
                hint=f"list the {language} file, `{target.name}`, or remove the row",
                fingerprint=fingerprint(language, row.srt_filename, "language"))
        elif not target.is_file():
            yield rules.VIDEO_WITHOUT_SUBTITLES.at(
                meta.shown, row.line, f"video `{row.id}` ({row.title}) lists "
                f"`{row.srt_filename}`, which does not exist",
                fingerprint=fingerprint(language, row.srt_filename))
