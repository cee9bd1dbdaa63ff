"""The translation check of ``check`` through the cache: the sections a translation and
its source lack of each other (a ``sections`` unit per language), and each translated
lesson compared with its source (a ``pair`` unit), compared again only when one of the
two changed, or, with git history, what history says of them
(:mod:`coursekit.cache.history`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from coursekit.cache.history import edge, pair_history
from coursekit.cache.lesson_run import LessonRun, cached_findings, regular_or_absent
from coursekit.check_result import CheckResult
from coursekit.diagnostics import Diagnostic
from coursekit.lessons.toctree import toctree_excluded
from coursekit.translations import outdated, sections
from coursekit.translations.check import compare_in_time
from coursekit.translations.freshness import Freshness
from coursekit.translations.history import History
from coursekit.translations.rules import UNREADABLE
from coursekit.translations.settings import Settings

if TYPE_CHECKING:
    from coursekit.lessons.model import Toctree


def _lesson_key(folder: str, relative: str) -> str:
    """``relative`` (a lesson's path from the course root) from ``folder`` (its
    language's), without its suffix: ``units/fr/unit1/intro.mdx`` -> ``unit1/intro``."""
    if folder not in ("", ".") and relative.startswith(f"{folder}/"):
        rest = relative[len(folder) + 1:]
        slash, dot = rest.rfind("/"), rest.rfind(".")
        return rest[:dot] if slash + 1 < dot < len(rest) - 1 else rest
    path = PurePosixPath(relative)
    try:
        return path.relative_to(folder).with_suffix("").as_posix()
    except ValueError:
        return path.with_suffix("").as_posix()


def _toctree(run: LessonRun, language: str) -> Toctree | None:
    try:
        present = run.corpus.course.toctree_path(language).is_file()
    except OSError:  # a language folder that cannot be entered: CFG007 names it
        return None
    if not present:
        return None
    toctree = run.corpus.toctree(language)
    return toctree if toctree.chapters else None


class _Readable:
    """The lessons of one language that the translation check reads, by key."""

    def __init__(self, run: LessonRun, language: str) -> None:
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
        self.toctree_identity = regular_or_absent(run.cache, course.toctree_path(language),
                                                  toctree_excluded(course, language))

    def toctree_path(self, toctree: Toctree | None) -> str:
        return toctree.path if toctree else f"{self.folder}/_toctree.yml"


def _sections(run: LessonRun, source: _Readable, translation: _Readable) -> list[Diagnostic]:
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
    return cached_findings(run.cache, "sections", translation.language, parts, compute)


def check_translations_cached(run: LessonRun, languages: Sequence[str] | None,
                              settings: Settings, tool: str, history: History | None = None,
                              problems: Sequence[str] = ()) -> CheckResult:
    """What the translation check finds (judging by ``history`` when given; ``problems``
    say why a checkout's history could not be read), each unit from the run's cache when
    its inputs are unchanged; ``tool`` names the code formatter the pairs depend on."""
    course = run.corpus.course
    freshness = None if history is None else Freshness(history, run.corpus.code_facts)
    edges = None if history is None else edge(history)
    source = _Readable(run, course.source_language)
    settings = replace(settings, pages=frozenset(source.lessons))
    pages = sorted(settings.pages or ())  # a link to a page names this course or another
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
            parts: list[object] = [tool, ours, theirs, pages]
            if history is not None:
                parts.extend([edges, pair_history(history, run.relative(original),
                                                  run.relative(file))])
            entry = None if ours is None or theirs is None else run.cache.key("pair", parts)
            cached = run.cache.findings("pair", entry, language) if entry is not None else None
            if cached is not None and entry is not None:
                stored[entry] = cached
            pairs.append((entry, original, file, language))
        result.checked.extend(run.relative(f) for f in translation.lessons.values())
    result.diagnostics.extend(_judged(run, pairs, stored, settings, freshness))
    result.diagnostics.extend(outdated.history_findings(
        history, problems, course.relative(course.content_dir), bool(pairs)))
    return result


def _judged(run: LessonRun, pairs: Sequence[tuple[str | None, Path, Path, str]],
            stored: dict[str, list[Diagnostic]], settings: Settings,
            freshness: Freshness | None) -> list[Diagnostic]:
    """The findings of each (entry, source, translation, language) pair: those
    ``stored`` in the cache as they are, the others judged and stored."""
    _queue_code(run, [(s, t) for entry, s, t, _ in pairs if entry not in stored])
    found: list[Diagnostic] = []
    for entry, original, file, language in pairs:
        if entry is not None and entry in stored:
            found.extend(stored[entry])
            continue
        judged = compare_in_time(run.digest(original), run.digest(file), settings,
                                 freshness)[0]
        if entry is not None:
            run.cache.save_findings("pair", entry, judged, language)
        found.extend(judged)
    return found


def _queue_code(run: LessonRun, pairs: Sequence[tuple[Path, Path]]) -> None:
    """Give the run's formatter the code of the lessons compared again, in one batch:
    the comparison tells a change of formatting from drift by formatting both blocks."""
    from coursekit.formatting.lessons import wants_formatting

    formatter = run.corpus.code_formatter()
    for file in dict.fromkeys(f for pair in pairs for f in pair):
        for code in run.digest(file).code:
            if wants_formatting(code):
                formatter.add(code.facts)
