"""The lesson checks of ``check`` (syntax, toctrees, code style, translations) through
the cache: only what changed since the last run is parsed and judged again.

The units, each an entry of :class:`~coursekit.cache.CheckCache`:

- ``lesson``: one lesson file (its bytes and place) -> its parser findings and whether
  it could be read; a lesson is parsed only when this entry misses or a unit below
  needs its model;
- ``toctree``: a language's toctree and file list -> the toctree findings;
- ``format``: one lesson file and the formatter -> its LES124 findings;
- ``sections``: the toctrees and readable lessons of a translation and of the source
  -> the sections one has and the other lacks;
- ``pair``: a translated lesson and its source lesson -> every finding of their
  comparison. A changed source lesson is compared again with each of its translations,
  and nothing else is.

Judging translations by git history reads more than two files: with history on, the
translation check runs as without the cache (its parser findings still come from it).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Sequence
from dataclasses import replace
from importlib import metadata
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from coursekit.cache import CheckCache
from coursekit.check_result import CheckResult
from coursekit.diagnostics import Diagnostic, sorted_diagnostics
from coursekit.languages import normalise
from coursekit.lessons.load import LessonPlace, places_of
from coursekit.lessons.toctree import check_toctree
from coursekit.translations import sections
from coursekit.translations.check import check_translations, compare_in_time
from coursekit.translations.digest import Digest, digest
from coursekit.translations.rules import UNREADABLE
from coursekit.translations.settings import Settings, load_settings

if TYPE_CHECKING:
    from coursekit.corpus import Corpus
    from coursekit.lessons.model import Toctree


class _Lessons:
    """The lesson files of one run with their cache keys, parsed only on demand."""

    def __init__(self, corpus: Corpus, cache: CheckCache) -> None:
        self.corpus = corpus
        self.cache = cache
        self.places: dict[Path, LessonPlace] = {}
        self.records: dict[Path, dict[str, object]] = {}
        self.digests: dict[Path, Digest] = {}

    def files(self, language: str) -> list[Path]:
        files = self.corpus.lesson_files(language)
        if any(f not in self.places for f in files):
            self.places.update(zip(files, places_of(self.corpus.course, files), strict=True))
        return files

    def identity(self, file: Path) -> list[object] | None:
        """What a unit reading ``file`` depends on; ``None`` when it cannot be cached."""
        sha = self.cache.file_hash(file)
        place = self.places[file]
        return None if sha is None else [place.path, place.language, place.chapter,
                                         place.section, place.framework.value, place.folder, sha]

    def relative(self, file: Path) -> str:
        """The file's path as findings name it (its place knows it)."""
        return self.places[file].path

    def record(self, file: Path) -> dict[str, object]:
        """The parser findings of ``file`` and whether the translation check reads it."""
        found = self.records.get(file)
        if found is not None:
            return found
        identity = self.identity(file)
        key = self.cache.key("lesson", identity) if identity is not None else None
        if key is not None:
            found = self.cache.load("lesson", key, self.places[file].language)
            if found is not None and _valid_record(found):
                self.records[file] = found
                return found
        try:
            lesson = self.corpus.lesson(file)
        except Exception as exc:  # a parser failure on one file must not stop the others
            found = {"diagnostics": [], "readable": False, "error": f"{type(exc).__name__}: {exc}"}
        else:
            found = {"diagnostics": [_json(d) for d in lesson.diagnostics],
                     "readable": bool(lesson.blocks) or not lesson.diagnostics, "error": None}
        if key is not None:
            self.cache.save("lesson", key, found, self.places[file].language)
        self.records[file] = found
        return found

    def diagnostics(self, file: Path) -> list[Diagnostic]:
        from coursekit.cache import diagnostic_from_json

        found = self.record(file)["diagnostics"]
        assert isinstance(found, list)  # checked when the record was read
        return [diagnostic_from_json(d) for d in found]

    def digest(self, file: Path) -> Digest:
        found = self.digests.get(file)
        if found is None:
            found = self.digests[file] = digest(self.corpus.lesson(file))
        return found


def _json(diagnostic: Diagnostic) -> dict[str, object]:
    from coursekit.cache import diagnostic_json

    return diagnostic_json(diagnostic)


def _valid_record(value: dict[str, object]) -> bool:
    return isinstance(value.get("diagnostics"), list) and isinstance(value.get("readable"), bool)


def _cached(cache: CheckCache, kind: str, shard: str, parts: Sequence[object] | None,
            compute: Callable[[], list[Diagnostic]]) -> list[Diagnostic]:
    """The findings of a unit: from the cache when ``parts`` (``None``: not cacheable)
    has an entry, else from ``compute()``, then stored."""
    key = cache.key(kind, parts) if parts is not None else None
    if key is not None:
        found = cache.findings(kind, key, shard)
        if found is not None:
            return found
    found = compute()
    if key is not None:
        cache.save_findings(kind, key, found, shard)
    return list(found)


def _regular_or_absent(cache: CheckCache, path: Path) -> list[object] | None:
    """The identity of a file a unit reads when present: its hash, or ``absent``."""
    sha = cache.file_hash(path)
    if sha is not None:
        return [sha]
    return None if os.path.lexists(path) else ["absent"]


# --- syntax ------------------------------------------------------------------------


def _syntax(run: _Lessons, language: str) -> list[Diagnostic]:
    course = run.corpus.course
    files = run.files(language)
    if not files:
        return []
    found: list[Diagnostic] = []
    for file in files:
        found.extend(run.diagnostics(file))
    toctree_identity = _regular_or_absent(run.cache, course.toctree_path(language))

    def toctree_findings() -> list[Diagnostic]:
        toctree = run.corpus.toctree(language)
        return [*toctree.diagnostics,
                *check_toctree(course, language, toctree, run.corpus.lessons(language))]

    parts = None if toctree_identity is None else [
        language, course.relative(course.lesson_dir(language)), toctree_identity,
        [run.relative(f) for f in files]]
    found.extend(_cached(run.cache, "toctree", language, parts, toctree_findings))
    return found


# --- code style (LES124) -----------------------------------------------------------


def _formatter_identity(run: _Lessons) -> str:
    settings = run.corpus.code_formatter().settings
    try:
        version = metadata.version(str(settings.formatter))
    except metadata.PackageNotFoundError:
        version = "absent"
    return f"{settings.describe()} {version}"


def _formatting(run: _Lessons, languages: Sequence[str]) -> list[Diagnostic]:
    from coursekit.formatting.check import check_formatting, queue_code

    tool = _formatter_identity(run)
    keys: dict[Path, str | None] = {}
    stored: dict[Path, list[Diagnostic]] = {}
    missing: list[str] = []
    for language in languages:
        for file in run.files(language):
            identity = run.identity(file)
            key = keys[file] = None if identity is None else run.cache.key(
                "format", [tool, *identity])
            found = run.cache.findings("format", key, language) if key is not None else None
            if found is None:
                missing.append(language)
            else:
                stored[file] = found
    todo = list(dict.fromkeys(missing))
    fresh: list[Diagnostic] = []
    if todo:
        queue_code(run.corpus, todo)
        fresh = check_formatting(run.corpus, todo)
        if run.corpus.code_formatter().unavailable is None:
            by_path: dict[str, list[Diagnostic]] = {}
            for finding in fresh:
                by_path.setdefault(finding.path, []).append(finding)
            for language in todo:
                for file in run.files(language):
                    key = keys[file]
                    if key is not None and file not in stored:
                        run.cache.save_findings("format", key, by_path.get(
                            run.relative(file), []), language)
    found = [d for language in languages for file in run.files(language)
             for d in stored.get(file, [])]
    return found + fresh


# --- translations ------------------------------------------------------------------


def _lesson_key(folder: str, relative: str) -> str:
    path = PurePosixPath(relative)
    try:
        return path.relative_to(folder).with_suffix("").as_posix()
    except ValueError:
        return path.with_suffix("").as_posix()


def _toctree(run: _Lessons, language: str) -> Toctree | None:
    if not run.corpus.course.toctree_path(language).is_file():
        return None
    toctree = run.corpus.toctree(language)
    return toctree if toctree.chapters else None


class _Readable:
    """The lessons of one language that the translation check reads, by key."""

    def __init__(self, run: _Lessons, language: str) -> None:
        course = run.corpus.course
        self.language = language
        self.folder = course.relative(course.lesson_dir(language))
        self.lessons: dict[str, Path] = {}
        self.diagnostics: list[Diagnostic] = []
        for file in run.files(language):
            record = run.record(file)
            relative = run.relative(file)
            if record.get("error"):
                self.diagnostics.append(UNREADABLE.at(
                    relative, None, f"the lesson could not be parsed ({record['error']}); "
                    "its translation was not compared"))
            elif record["readable"]:
                self.lessons[_lesson_key(self.folder, relative)] = file
        self.toctree_identity = _regular_or_absent(run.cache, course.toctree_path(language))

    def toctree_path(self, toctree: Toctree | None) -> str:
        return toctree.path if toctree else f"{self.folder}/_toctree.yml"


def _sections(run: _Lessons, source: _Readable, translation: _Readable) -> list[Diagnostic]:
    def compute() -> list[Diagnostic]:
        src_toctree, tgt_toctree = _toctree(run, source.language), _toctree(
            run, translation.language)
        return list(sections.compare_toctrees(
            sections.sections(src_toctree, list(source.lessons)),
            source.toctree_path(src_toctree),
            sections.sections(tgt_toctree, list(translation.lessons)),
            translation.toctree_path(tgt_toctree),
        ))

    parts = None
    if source.toctree_identity is not None and translation.toctree_identity is not None:
        parts = [source.folder, translation.folder, source.toctree_identity,
                 translation.toctree_identity, list(source.lessons), list(translation.lessons)]
    return _cached(run.cache, "sections", translation.language, parts, compute)


def _translations(run: _Lessons, languages: Sequence[str] | None,
                  settings: Settings, tool: str) -> CheckResult:
    course = run.corpus.course
    source = _Readable(run, course.source_language)
    result = CheckResult()
    if languages is None or course.source_language in languages:
        result.diagnostics.extend(source.diagnostics)
        result.checked.extend(run.relative(f) for f in source.lessons.values())
    present = course.lesson_languages()
    wanted = present if languages is None else [lang for lang in languages if lang in present]
    pairs: list[tuple[str | None, Path, Path, str]] = []
    stored: dict[str, list[Diagnostic]] = {}
    for language in wanted:
        if language == course.source_language:
            continue
        translation = _Readable(run, language)
        result.diagnostics.extend(translation.diagnostics)
        result.diagnostics.extend(_sections(run, source, translation))
        for key, file in translation.lessons.items():
            original = source.lessons.get(key)
            if original is None:
                continue
            ours, theirs = run.identity(original), run.identity(file)
            entry = None if ours is None or theirs is None else run.cache.key(
                "pair", [tool, ours, theirs])
            cached = run.cache.findings("pair", entry, language) if entry is not None else None
            if cached is not None and entry is not None:
                stored[entry] = cached
            pairs.append((entry, original, file, language))
        result.checked.extend(run.relative(f) for f in translation.lessons.values())
    _queue_code(run, [(s, t) for entry, s, t, _ in pairs if entry not in stored])
    for entry, original, file, language in pairs:
        if entry is not None and entry in stored:
            result.diagnostics.extend(stored[entry])
            continue
        found = compare_in_time(run.digest(original), run.digest(file), settings, None)[0]
        if entry is not None:
            run.cache.save_findings("pair", entry, found, language)
        result.diagnostics.extend(found)
    return result


def _queue_code(run: _Lessons, pairs: Sequence[tuple[Path, Path]]) -> None:
    """Give the run's formatter the code of the lessons compared again, in one batch:
    the comparison tells a change of formatting from drift by formatting both blocks."""
    from coursekit.formatting.lessons import wants_formatting

    formatter = run.corpus.code_formatter()
    for file in dict.fromkeys(f for pair in pairs for f in pair):
        for code in run.digest(file).code:
            if wants_formatting(code):
                formatter.add(code.facts)


def check_lessons_cached(corpus: Corpus, languages: Sequence[str] | None,
                         cache: CheckCache, formatting: bool) -> CheckResult:
    """What :func:`coursekit.checks.check_lessons` returns, each unit from ``cache``
    when its inputs are unchanged."""
    course = corpus.course
    run = _Lessons(corpus, cache)
    wanted = [normalise(lang) for lang in languages] if languages else course.lesson_languages()
    result = CheckResult(
        diagnostics=sorted_diagnostics(
            [d for language in wanted for d in _syntax(run, language)]),
        checked=[run.relative(f) for lang in (languages or course.lesson_languages())
                 for f in run.files(lang)],
    )
    if formatting:
        result.diagnostics.extend(_formatting(run, wanted))
    settings, _ = load_settings(course)  # bad values: CFG001, from the configuration check
    if _reads_history(corpus, settings):
        result.extend(check_translations(corpus, languages))
        return result
    tool = _formatter_identity(run)
    settings = replace(settings, formatted=corpus.code_formatter().formatted)
    result.extend(_translations(run, languages, settings, tool))
    return result


def _reads_history(corpus: Corpus, settings: Settings) -> bool:
    from coursekit.translations.history import History

    if settings.history is False:
        return False
    course = corpus.course
    history = History.open(course.root, course.relative(course.content_dir),
                           nested=bool(settings.history))
    if history is None:
        return False
    with contextlib.suppress(Exception):
        history.close()
    return True
