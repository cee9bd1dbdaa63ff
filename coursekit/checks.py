"""What ``coursekit check`` runs over a course, as a library call returning data.

:func:`check_course` decides which checks run (lessons: syntax, toctrees and
translations; subtitles), over which languages, on one :class:`~coursekit.corpus.Corpus`
so that every file is read once; the command line only renders the report.
"""

from __future__ import annotations

import enum
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from coursekit.cache import CheckCache
from coursekit.cache.lessons import check_lessons_cached
from coursekit.check_result import CheckResult
from coursekit.collector import collector_paused
from coursekit.config.check import config_findings
from coursekit.config.patterns import unmatched_patterns
from coursekit.config.rules import MISSING_PATH, NO_CONTENT, UNCHECKED_PATH
from coursekit.corpus import Corpus
from coursekit.filescope import file_scope
from coursekit.formatting.check import check_formatting, queue_code
from coursekit.judgement.documented import documented_notebooks
from coursekit.language_folders import shadowed_folders, unknown_languages, unlisted_folders
from coursekit.languages import normalise
from coursekit.lessons.check import check_lesson_syntax
from coursekit.lessons.rules import UNFORMATTED_CODE
from coursekit.selection import Selection
from coursekit.subtitles.check import check_subtitles
from coursekit.subtitles.metadata import METADATA
from coursekit.translations.check import check_translations

if TYPE_CHECKING:
    from coursekit.config import Course
    from coursekit.diagnostics import Diagnostic

__all__ = ["Area", "CheckReport", "CheckResult", "check_course", "check_lessons",
           "check_subtitle_files"]


class Area(enum.StrEnum):
    """What ``check`` can look at."""

    LESSONS = "lessons"
    """Lesson syntax, toctrees, and translations against the source language."""
    SUBTITLES = "subtitles"
    """Subtitle files: parsing, timing, readability and alignment with the source."""


CheckReport = CheckResult
"""The findings of :func:`check_course` and the files it checked."""


def check_lessons(corpus: Corpus, languages: Sequence[str] | None,
                  selection: Selection | None = None, cache: CheckCache | None = None,
                  ) -> CheckResult:
    """Lesson syntax, toctrees and code style, then translation drift against the source.

    Code style (LES124) is looked at only when ``selection`` (default: the course's)
    turns its rule on: formatting every fence and writing a diff of each change is the
    larger part of a cold check, and a course that never asked for it is not told.
    With ``cache``, what did not change since the run that filled it is not judged again
    (see :mod:`coursekit.cache.lessons`)."""
    course = corpus.course
    selection = course.config.selection if selection is None else selection
    formatting = selection.enabled(UNFORMATTED_CODE.code)
    if cache is not None and cache.enabled:
        return check_lessons_cached(corpus, languages, cache, formatting)
    langs = languages or course.lesson_languages()
    result = CheckResult(
        diagnostics=check_lesson_syntax(corpus, languages),
        checked=[course.relative(f) for lang in langs for f in corpus.lesson_files(lang)],
    )
    if formatting:
        queue_code(corpus, languages)  # one formatting batch for both checks below
        result.diagnostics.extend(check_formatting(corpus, languages))
    result.extend(check_translations(corpus, languages))
    return result


def check_subtitle_files(corpus: Corpus, languages: Sequence[str] | None,
                         selection: Selection | None = None, cache: CheckCache | None = None,
                         ) -> CheckResult:
    return check_subtitles(corpus, languages, cache)


_CHECKS = {Area.LESSONS: check_lessons, Area.SUBTITLES: check_subtitle_files}


def no_content(course: Course) -> list[Diagnostic]:
    """``CFG002`` for a course with no language folder at all. One whose configuration
    names only languages it lacks has content all the same: that is CFG001's finding."""
    if course.found_languages() or course.unlisted_roots():
        return []
    return [NO_CONTENT.at(
        course.relative(course.root), None,
        f"no lessons under {course.relative(course.content_dir)}/ and no subtitles under "
        f"{course.relative(course.subtitles_dir)}/",
        hint="point --root at a course checkout, or set content-dir in [tool.coursekit]",
    )]


def check_course(
    course: Course, areas: Iterable[Area] = tuple(Area),
    languages: Sequence[str] | None = None, files: Sequence[Path] = (),
    *, documented: bool = False, selection: Selection | None = None, cache: bool = False,
) -> CheckReport:
    """Check ``areas`` of ``course`` in ``languages`` (default: all), with the
    configuration's own findings first (a language the course has neither lessons
    nor subtitles in is ``CFG003``); ``files``, when given, narrows the check to
    the languages of those files and the findings to those files. With ``documented``,
    the report also carries the notebooks of the checked lessons, documented and not
    run, from the lessons the check read. A rule that ``selection`` (default: the
    configuration's) leaves off may be skipped: its findings are then absent. With
    ``cache``, what the check derives from each file is kept in the course's build
    folder (``.check-cache``, see :mod:`coursekit.cache`) and taken from there while
    the file, its configuration and coursekit are unchanged."""
    wanted = list(areas)
    if languages is not None:  # as ``--lang`` reads them: `zh-cn` is `zh-CN`, once
        languages = list(dict.fromkeys(normalise(lang) for lang in languages))
    folders = [course.content_dir] * (Area.LESSONS in wanted) + \
        [course.subtitles_dir] * (Area.SUBTITLES in wanted)
    scope = file_scope(course, files, folders).narrowed(languages) if files else None
    if scope is not None:
        languages = [lang for lang in scope.languages if languages is None or lang in languages]
        if not languages:
            wanted = []
    report = CheckReport(diagnostics=config_findings(course))
    report.diagnostics.extend(no_content(course))
    report.diagnostics.extend(shadowed_folders(course))
    if Area.SUBTITLES not in wanted:  # the subtitle check names them otherwise
        report.diagnostics.extend(unknown_languages(course, languages or (), course.content_dir))
    with collector_paused():
        corpus = Corpus(course)
        store = CheckCache.of(course, cache)
        for area in wanted:
            report.extend(_CHECKS[area](corpus, languages, selection, store))
        store.flush()
        report.diagnostics.extend(_unlisted(corpus, wanted, languages))
        _add_answered(report, course, wanted, languages)
        if scope is None and languages is None and _judges_patterns(course, wanted):
            report.diagnostics.extend(unmatched_patterns(course, _known_files(corpus, report)))
        if documented:
            report.notebooks = documented_notebooks(corpus, [
                p for p in report.checked if scope is None or scope.covers(p)])
        del corpus  # see collector_paused: what the check read goes before the collector resumes
    if scope is None:
        return report
    kept = scope.keep(report)
    kept.diagnostics[:0] = [(MISSING_PATH if u.missing else UNCHECKED_PATH).at(
        u.path, None, u.reason) for u in scope.unmatched]
    return kept


def _known_files(corpus: Corpus, report: CheckReport) -> list[str]:
    """What a check of the whole course read or reported on, relative to its root: the
    files its patterns may be meant for, known without walking the disk again."""
    course = corpus.course
    files = [*report.checked, *(d.path for d in report.diagnostics)]
    for language in course.lesson_languages():
        files.append(course.relative(course.toctree_path(language)))
        files.extend(course.relative(file) for file in corpus.lesson_files(language))
    for language in course.subtitle_languages():
        files.append(course.relative(course.subtitle_dir(language) / METADATA))
    if course.config.path is not None:
        files.append(course.relative(course.config.path))
    return files


def _judges_patterns(course: Course, wanted: Sequence[Area]) -> bool:
    """Whether a check of every file of ``wanted`` judges the configuration's file
    patterns (``CFG008``): it checks every area, and there are patterns to judge."""
    config = course.config
    return set(wanted) == set(Area) and bool(
        config.selection.per_file_ignores or config.exclude or config.extend_exclude)


def _add_answered(report: CheckReport, course: Course, areas: list[Area],
                  languages: Sequence[str] | None) -> None:
    """The toctree of each language whose lessons were checked, and the metadata of each
    whose subtitles were, there or not, as the ``answered`` files of ``report`` (read and
    reported on in full); those there are listed as checked too."""
    report.answered = _answered(course, areas, languages)
    report.checked.extend(p for p in report.answered if os.path.isfile(course.root / p))


def _answered(course: Course, areas: list[Area], languages: Sequence[str] | None,
              ) -> list[str]:
    """The toctree of each language whose lessons were checked, and the metadata of each
    whose subtitles were, there or not."""
    files = []
    if Area.LESSONS in areas:
        files += [course.toctree_path(lang) for lang in languages or course.lesson_languages()]
    if Area.SUBTITLES in areas:
        files += [course.subtitle_dir(lang) / METADATA
                  for lang in languages or course.subtitle_languages()]
    return [course.relative(file) for file in files]


def _unlisted(corpus: Corpus, areas: list[Area], languages: Sequence[str] | None,
              ) -> list[Diagnostic]:
    """The folders of the checked languages that cannot be listed (each language's
    listing is the one its checks made)."""
    course = corpus.course
    if Area.LESSONS in areas:
        for language in languages or course.lesson_languages():
            corpus.lesson_listing(language)
    if Area.SUBTITLES in areas:
        for language in languages or course.subtitle_languages():
            corpus.subtitle_listing(language)
    roots = course.unlisted_roots(lessons=Area.LESSONS in areas,
                                  subtitles=Area.SUBTITLES in areas)
    return unlisted_folders(course, [*roots, *corpus.unlisted()])
