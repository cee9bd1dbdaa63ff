"""Which videos have subtitles in which language (SUB401, SUB402, SUB410, SUB411)."""

from __future__ import annotations

import csv
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.subtitles import rules
from coursekit.subtitles.fingerprint import fingerprint

METADATA = "metadata.csv"
_COLUMNS = ("id", "title", "link", "srt_filename")


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


def check_metadata(course: Course, language: str) -> Iterator[Diagnostic]:
    """Rows of ``metadata.csv`` whose subtitle file does not exist."""
    folder = course.subtitle_dir(language)
    path = folder / METADATA
    if not path.is_file():
        return
    shown = course.relative(path)
    try:
        with path.open(encoding="utf-8-sig", newline="") as handle:
            rows = list(csv.DictReader(handle))
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        yield rules.BAD_METADATA.at(shown, None, f"cannot read: {exc}",
                                    fingerprint=fingerprint(language, "metadata"))
        return
    if rows and not set(_COLUMNS) <= set(rows[0]):
        yield rules.BAD_METADATA.at(
            shown, 1, f"expected the columns {', '.join(_COLUMNS)}, found "
            f"{', '.join(str(k) for k in rows[0])}", fingerprint=fingerprint(language, "columns"))
        return
    for line, row in enumerate(rows, start=2):
        name = (row.get("srt_filename") or "").strip()
        if not name:
            yield rules.BAD_METADATA.at(shown, line, f"video `{row.get('id')}` has no srt_filename",
                                        fingerprint=fingerprint(language, str(row.get("id"))))
            continue
        target = (folder / name) if "/" not in name else (course.subtitles_dir / name)
        if not _exists(target, course.root / name):
            yield rules.VIDEO_WITHOUT_SUBTITLES.at(
                shown, line, f"video `{row.get('id')}` ({row.get('title')}) lists `{name}`, "
                "which does not exist", fingerprint=fingerprint(language, name))


def _exists(*candidates: Path) -> bool:
    return any(p.is_file() for p in candidates)
