"""Which videos have subtitles in which language (SUB401, SUB402, SUB410, SUB411, SUB413)."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePath

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.subtitles import rules
from coursekit.subtitles.fingerprint import fingerprint
from coursekit.subtitles.metadata import (
    Metadata,
    VideoRow,
    column_faults,
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
        """One row per video (file name, the source language's where it has the video):
        which languages have it, in either format (``01_a.sbv`` for ``01_a.srt``)."""
        source = self.files.get(self.source_language, frozenset())
        shown: dict[str, str] = {}  # a video's stem -> the name its row shows
        for name in sorted(set().union(*self.files.values())) if self.files else ():
            shown.setdefault(PurePath(name).stem, counterpart(name, source) or name)
        return [(name, {lang: counterpart(name, have) is not None
                        for lang, have in self.files.items()})
                for name in sorted(shown.values())]


def coverage(course: Course, languages: Sequence[str]) -> Coverage:
    files = {lang: frozenset(p.name for p in course.subtitle_files(lang)) for lang in languages}
    return Coverage(course.source_language, files)


def counterpart(name: str, names: Collection[str]) -> str | None:
    """The file among ``names`` with the subtitles of the same video as ``name``: of the
    same name, else of the same stem in the other format (``01_intro.sbv`` for
    ``01_intro.srt``); None where there is none."""
    if name in names:
        return name
    stem = PurePath(name).stem
    return next((other for other in sorted(names) if PurePath(other).stem == stem), None)


def check_coverage(
    course: Course, cov: Coverage, listed: Mapping[str, Collection[str]] | None = None,
) -> Iterator[Diagnostic]:
    """Source files without a translation (SUB401) and translations without a source
    file (SUB402); a counterpart that the configuration excludes is there, only not
    read, and no such finding. ``listed``: per language, the stems of the missing files
    that its ``metadata.csv`` lists (:func:`listed_missing`); such a file is the
    metadata's one finding (SUB410, or SUB412 where a lesson embeds its video)."""
    source = cov.files.get(cov.source_language)
    if source is None:
        return
    source_dir = course.subtitle_dir(cov.source_language)
    for lang, names in cov.files.items():
        if lang == cov.source_language:
            continue
        folder = course.relative(course.subtitle_dir(lang))
        told = (listed or {}).get(lang, ())
        for name in sorted(n for n in source - names if counterpart(n, names) is None):
            here = course.subtitle_dir(lang) / name
            if PurePath(name).stem in told or _excluded_file(course, here):
                continue
            yield rules.MISSING_TRANSLATION.at(
                f"{folder}/{name}", None,
                f"no {lang} subtitles for `{name}` (the {cov.source_language} file exists)",
                fingerprint=fingerprint(lang, name))
        for name in sorted(n for n in names - source if counterpart(n, source) is None):
            if _excluded_file(course, source_dir / name):
                continue
            yield rules.EXTRA_TRANSLATION.at(
                f"{folder}/{name}", None,
                f"no {cov.source_language} file named `{name}`: renamed, or a typo?",
                hint=f"name it as in {course.relative(course.subtitle_dir(cov.source_language))}/",
                fingerprint=fingerprint(lang, name))


def _excluded_file(course: Course, path: Path) -> bool:
    """Whether ``path`` is a file that the configuration's ``exclude`` takes (it, or a
    folder above it): it is there, only not read."""
    return course.excluded(path, above=True) is not None and path.is_file()


def check_metadata(
    course: Course, language: str, meta: Metadata | None = None,
    embedded: Collection[str] = (),
) -> Iterator[Diagnostic]:
    """Rows of ``metadata.csv`` whose subtitle file does not exist or lies in another
    language's folder; ``meta``, when given, is that file already read. A fault most rows
    share is the column's, and one finding (:func:`column_faults`). A missing file of a
    video that a lesson embeds (a video id in ``embedded``) is the lesson's finding
    (SUB412), which names the row."""
    if meta is None:
        meta = read_metadata(course, language)
    if meta is None:
        return
    faults = column_faults(course, meta)
    in_column = {row.line for rows in faults.values() for row in rows}
    yield from (d for d in meta.problems if d.line not in in_column)
    for fault, rows in faults.items():
        yield _column_finding(meta, fault, rows)
    for row in meta.rows:
        if not row.srt_filename or row.line in in_column:
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
        elif not target.is_file() and not (row.id in embedded and meta.row_for(row.id) is row):
            yield rules.VIDEO_WITHOUT_SUBTITLES.at(
                meta.shown, row.line, f"video `{row.id}` ({row.title}) lists "
                f"`{row.srt_filename}`, which does not exist",
                fingerprint=fingerprint(language, row.srt_filename))


def _column_finding(meta: Metadata, fault: str, rows: list[VideoRow]) -> Diagnostic:
    """One finding for a fault of the ``srt_filename`` column, at its first row."""
    share = f"in {len(rows)} of {len(meta.rows)} rows"
    first = rows[0]
    example = f"line {first.line}: video `{first.id}` lists `{first.srt_filename}`"
    if fault == "empty":
        rule, what = rules.BAD_METADATA, f"the srt_filename column is empty {share}"
        hint, example = "fill in the column", f"line {first.line}: video `{first.id}`"
    elif fault == "missing":
        rule, what = rules.VIDEO_WITHOUT_SUBTITLES, (
            f"the srt_filename column names files that do not exist {share}")
        hint = "correct the column (a naming of the files, a folder), or add the files"
    else:
        other = fault.removeprefix("other:")
        rule, what = rules.METADATA_OTHER_LANGUAGE, (
            f"the srt_filename column lists files of the {other} subtitles {share}")
        hint = f"list the {meta.language} files in the column"
    return rule.at(meta.shown, first.line, f"{what} ({example}, ...): one fault of the column",
                   hint=hint, fingerprint=fingerprint(meta.language, "column", fault))
