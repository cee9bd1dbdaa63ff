"""The lesson checks of ``check`` (syntax, toctrees, code style, translations) through
the cache: only what changed since the last run is parsed and judged again.

The units, each an entry of :class:`~coursekit.cache.CheckCache`:

- ``lesson``: one lesson file (its bytes and place) -> its parser findings and whether
  it could be read; a lesson is parsed only when this entry misses or a unit below
  needs its model (:mod:`coursekit.cache.lesson_run`);
- ``toctree``: a language's toctree and file list -> the toctree findings;
- ``format``: one lesson file and the formatter -> its LES124 findings;
- ``sections``: the toctrees and readable lessons of a translation and of the source
  -> the sections one has and the other lacks;
- ``pair``: a translated lesson and its source lesson -> every finding of their
  comparison. A changed source lesson is compared again with each of its translations,
  and nothing else is (these two: :mod:`coursekit.cache.translations`). With git
  history on, the key holds what the verdict reads of it too (the two files' commits:
  :mod:`coursekit.cache.history`), so that a new commit judges again only the pairs
  whose files it touched;
- ``log``: the options of the course's ``git log`` -> the log and the commit it was read
  from (:mod:`coursekit.translations.kept_log`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

from coursekit.cache import CheckCache
from coursekit.cache.history import CachedLogs
from coursekit.cache.lesson_run import LessonRun, cached_findings, regular_or_absent
from coursekit.cache.translations import check_translations_cached
from coursekit.check_result import CheckResult
from coursekit.diagnostics import Diagnostic, sorted_diagnostics
from coursekit.languages import normalise
from coursekit.lessons.toctree import check_toctree, toctree_excluded
from coursekit.translations.history import History
from coursekit.translations.settings import Settings, load_settings

if TYPE_CHECKING:
    from coursekit.corpus import Corpus


# --- syntax ------------------------------------------------------------------------


def _syntax(run: LessonRun, language: str) -> list[Diagnostic]:
    course = run.corpus.course
    files = run.files(language)
    if not files:
        return []
    found: list[Diagnostic] = []
    for file in files:
        found.extend(run.diagnostics(file))
    toctree_identity = regular_or_absent(run.cache, course.toctree_path(language),
                                         toctree_excluded(course, language))

    def toctree_findings() -> list[Diagnostic]:
        toctree = run.corpus.toctree(language)
        return [*toctree.diagnostics,
                *check_toctree(course, language, toctree, run.corpus.lessons(language))]

    parts = None if toctree_identity is None else [
        language, course.relative(course.lesson_dir(language)), toctree_identity,
        [run.relative(f) for f in files]]
    found.extend(cached_findings(run.cache, "toctree", language, parts, toctree_findings))
    return found


# --- code style (LES124) -----------------------------------------------------------


def _formatter_identity(run: LessonRun) -> str:
    settings = run.corpus.code_formatter().settings
    try:
        version = metadata.version(str(settings.formatter))
    except metadata.PackageNotFoundError:
        version = "absent"
    return f"{settings.describe()} {version}"


def _formatting(run: LessonRun, languages: Sequence[str]) -> list[Diagnostic]:
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
    # A language formatted again is in ``fresh`` whole, its unchanged files included.
    found = [d for language in languages if language not in todo
             for file in run.files(language) for d in stored.get(file, [])]
    return found + fresh


def check_lessons_cached(corpus: Corpus, languages: Sequence[str] | None,
                         cache: CheckCache, formatting: bool) -> CheckResult:
    """What :func:`coursekit.checks.check_lessons` returns, each unit from ``cache``
    when its inputs are unchanged."""
    course = corpus.course
    run = LessonRun(corpus, cache)
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
    tool = _formatter_identity(run)
    settings = replace(settings, formatted=corpus.code_formatter().formatted_facts)
    problems: list[str] = []
    history = _history(run, settings, problems)
    try:
        result.extend(check_translations_cached(run, languages, settings, tool, history,
                                                problems))
    finally:
        if history is not None:
            history.close()
    return result


def _history(run: LessonRun, settings: Settings, problems: list[str]) -> History | None:
    """The course's git history when the translation check reads it, its log kept in
    the cache between runs; ``problems`` gets why a checkout's history cannot be read."""
    if settings.history is False:
        return None
    course = run.corpus.course
    return History.open(course.root, course.relative(course.content_dir),
                        nested=bool(settings.history), problems=problems,
                        logs=CachedLogs(run.cache) if run.cache.enabled else None)
