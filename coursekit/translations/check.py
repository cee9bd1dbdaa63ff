"""Translation checks: every translated lesson against its source-language lesson.

:func:`check_translations` is what ``coursekit check lessons`` runs; :func:`coverage`
returns the per-language coverage table as data.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from coursekit.check_result import CheckResult
from coursekit.diagnostics import Diagnostic
from coursekit.translations import (
    code_blocks,
    errors,
    outdated,
    rules,
    sections,
    structure,
    sync,
)
from coursekit.translations.align import CHUNK, CappedRun, Pair, align
from coursekit.translations.coverage import (
    Coverage,
    CoverageRow,
    coverage_row,
    hidden_lessons,
    history_read,
    outdated_paths,
)
from coursekit.translations.digest import Digest
from coursekit.translations.freshness import Freshness
from coursekit.translations.history import History
from coursekit.translations.languages import LanguageLessons, load_language
from coursekit.translations.rules import ALIGNMENT_CAPPED
from coursekit.translations.settings import Settings, load_settings
from coursekit.translations.verdict import Verdict

if TYPE_CHECKING:
    from coursekit.corpus import Corpus


def compare_in_time(
    source: Digest, translation: Digest, settings: Settings, freshness: Freshness | None,
) -> tuple[list[Diagnostic], Verdict | None]:
    """The findings on one translated lesson, judged with its history when there is one:
    an outdated translation gets one ``TRN005`` finding, the differences its source's
    changes made folded into it (its own, measured against the source it followed, stay)."""
    found = compare_lessons(source, translation, settings)
    verdict = freshness.judge(source, translation) if freshness is not None else None
    directive = sync.synced(translation.lesson)
    if verdict is None or not verdict.outdated:
        owed = None if directive is None else outdated.prose_owed(
            source, translation, directive, freshness)
        left = directive is not None and "base" in directive.args  # code a sync left
        if directive is None or (owed is None and not left):
            return found, verdict
        # Behind in code a sync left, or in prose: outdated all the same (never fresh).
        return ([outdated.code_synced_finding(source, translation, directive, owed), *found],
                outdated.synced_verdict(verdict, freshness, (source, translation), directive,
                                        owed))
    # Compared one at a time, and only while fold still asks: most differences are gone
    # after the first version. The version it followed last is aligned with it once, for
    # fold and for the sync plan.
    aligned: dict[int, list[Pair]] = {}

    def against(version: Digest) -> list[Diagnostic]:
        pairs = aligned[id(version)] = align(version.code, translation.code)
        return differences(version, translation, settings, pairs)

    followed = (found if version is source else against(version)
                for version in verdict.followed)
    folded = outdated.fold(found, source, translation, verdict, followed)
    assert freshness is not None
    base = sync.base_version(freshness, source, translation) or verdict.then
    if base is None:
        return folded, verdict
    plan = sync.plan_sync(base, source, translation, aligned.get(id(base)))
    return [outdated.carried_over(d, plan) if d.rule == rules.OUTDATED.code else d
            for d in folded], verdict


def compare_lessons(source: Digest, translation: Digest, settings: Settings) -> list[Diagnostic]:
    """Every finding on one translated lesson against its source lesson."""
    capped: list[CappedRun] = []
    pairs = align(source.code, translation.code, capped=capped)
    mismatch = sections.mismatch(source, translation, pairs)
    if mismatch is not None:
        return [mismatch]
    found: list[Diagnostic] = [ALIGNMENT_CAPPED.at(
        translation.path, run.translation[0].line if run.translation else None,
        f"{len(run.source)} code blocks of the source (from {source.path}:"
        f"{run.source[0].line if run.source else '?'}) and {len(run.translation)} of the "
        f"translation differ, too many to align as a whole; they were aligned {CHUNK} at a "
        "time, so a block moved further than that is reported missing and extra",
    ) for run in capped]
    found.extend(_differences(source, translation, settings, pairs))
    found.extend(code_blocks.undefined_names(source, translation, pairs))
    found.extend(stale_apis(source, translation, settings))
    return found


def differences(source: Digest, translation: Digest, settings: Settings,
                pairs: list[Pair] | None = None) -> list[Diagnostic]:
    """How ``translation`` differs from ``source`` in structure, code and errors: the
    findings an outdated translation's differences are measured by against an older
    version of its source (:func:`coursekit.translations.outdated.fold`). What the
    translation's own code breaks (an undefined name, a stale API) is no difference and
    is left out. ``pairs``: the two lessons' code blocks aligned already."""
    if pairs is None:
        pairs = align(source.code, translation.code)
    mismatch = sections.mismatch(source, translation, pairs)
    if mismatch is not None:
        return [mismatch]
    return _differences(source, translation, settings, pairs)


def _differences(source: Digest, translation: Digest, settings: Settings,
                 pairs: list[Pair]) -> list[Diagnostic]:
    return [*structure.compare(source, translation, settings.pages),
            *code_blocks.compare(source, translation, pairs, settings.ignored,
                                 settings.formatted),
            *errors.compare(source, translation, pairs)]


def stale_apis(source: Digest, translation: Digest, settings: Settings) -> Iterator[Diagnostic]:
    """Stale APIs the translation uses and its source lesson no longer does.

    A stale API of the source lesson itself is no translation matter: the source
    runs it, and ``coursekit verify`` judges it."""
    scan = settings.stale_scan
    in_source = {d.message for d in scan.check_lesson(source.code, source.path)}
    for diag in scan.check_lesson(translation.code, translation.path):
        if diag.message not in in_source:
            yield diag


def source_sections(source: LanguageLessons) -> list[sections.Section]:
    return sections.sections(source.toctree, list(source.lessons))


def compare_language(
    source: LanguageLessons, translation: LanguageLessons, settings: Settings,
    freshness: Freshness | None = None, fresh: set[str] | None = None,
    verdicts: dict[str, Verdict] | None = None,
) -> list[Diagnostic]:
    """Every finding on one translation: sections, then each lesson against its source
    (with its history, when ``freshness`` reads one). The paths that history judges
    current are added to ``fresh``; each verdict history gives, to ``verdicts``."""
    found: list[Diagnostic] = list(translation.diagnostics)
    found.extend(sections.compare_toctrees(
        source_sections(source), source.toctree_path,
        sections.sections(translation.toctree, list(translation.lessons)),
        translation.toctree_path,
    ))
    for key, lesson in translation.lessons.items():
        original = source.lessons.get(key)
        if original is not None:
            lesson_found, verdict = compare_in_time(original, lesson, settings, freshness)
            found.extend(lesson_found)
            if fresh is not None and verdict is not None and not verdict.outdated:
                fresh.add(lesson.path)
            if verdicts is not None and verdict is not None:
                verdicts[lesson.path] = verdict
    return found


@dataclass(slots=True)
class _Run:
    """One run over a course: the source language, loaded once, and each translation."""

    corpus: Corpus
    settings: Settings
    source: LanguageLessons
    diagnostics: list[Diagnostic] = field(default_factory=list)
    freshness: Freshness | None = None
    fresh: set[str] = field(default_factory=set)
    """Translations that history judges current."""
    verdicts: dict[str, Verdict] = field(default_factory=dict)
    """What history says of each translation it can judge."""
    loaded: dict[str, LanguageLessons] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    """Why the course's git history could not be read, in git's words."""

    @classmethod
    def start(cls, corpus: Corpus, languages: Sequence[str] | None) -> _Run:
        from coursekit.formatting.check import queue_code

        # Bad values are reported once, when the configuration is checked (CFG001).
        settings, _ = load_settings(corpus.course)
        queue_code(corpus, languages)
        settings = replace(settings, formatted=corpus.code_formatter().formatted_facts)
        course = corpus.course
        problems: list[str] = []
        history = None if settings.history is False else History.open(
            course.root, course.relative(course.content_dir), nested=bool(settings.history),
            problems=problems)
        source = load_language(corpus, course.source_language)
        settings = replace(settings, pages=frozenset(source.lessons))
        return cls(corpus, settings, source,
                   freshness=Freshness(history, corpus.code_facts) if history is not None else None,
                   problems=problems)

    def close(self) -> None:
        if self.freshness is not None:
            self.freshness.history.close()

    def translations(self, languages: Sequence[str] | None) -> list[str]:
        course = self.corpus.course
        found = course.lesson_languages()
        wanted = found if languages is None else [lang for lang in languages if lang in found]
        return [lang for lang in wanted if lang != course.source_language]

    def prepare(self, languages: Sequence[str]) -> None:
        """Load each of ``languages`` and, with history, judge its lessons first: the
        versions of the source an outdated one followed are compared with it, and their
        code joins the formatter's one batch rather than making batches of its own."""
        from coursekit.formatting.lessons import wants_formatting

        formatter = self.corpus.code_formatter()
        for language in languages:
            translation = self.loaded[language] = load_language(self.corpus, language)
            if self.freshness is None:
                continue
            for key, lesson in translation.lessons.items():
                original = self.source.lessons.get(key)
                verdict = None if original is None else self.freshness.judge(original, lesson)
                for version in verdict.followed if verdict is not None else ():
                    for code in version.code:
                        if wants_formatting(code):
                            formatter.add(code.facts)

    def language(self, language: str) -> tuple[LanguageLessons, list[Diagnostic]]:
        loaded = self.loaded.pop(language, None)
        translation = load_language(self.corpus, language) if loaded is None else loaded
        return translation, compare_language(self.source, translation, self.settings,
                                             self.freshness, self.fresh, self.verdicts)


def check_translations(corpus: Corpus, languages: Sequence[str] | None = None) -> CheckResult:
    """Compare each translation in ``languages`` (default: all) with the source language.

    The source lessons are always loaded; the translation rules compare a translation
    with them and nothing else, so the source language yields only its read failures.
    """
    run = _Run.start(corpus, languages)
    result = CheckResult(diagnostics=list(run.diagnostics))
    if languages is None or corpus.course.source_language in languages:
        result.diagnostics.extend(run.source.diagnostics)
        result.checked.extend(d.path for d in run.source.lessons.values())
    judged = False
    try:
        run.prepare(run.translations(languages))
        for language in run.translations(languages):
            translation, found = run.language(language)
            result.diagnostics.extend(found)
            result.checked.extend(d.path for d in translation.lessons.values())
            judged = judged or any(key in run.source.lessons for key in translation.lessons)
    finally:
        run.close()
    course = corpus.course
    result.diagnostics.extend(outdated.history_findings(
        run.freshness.history if run.freshness is not None else None, run.problems,
        course.relative(course.content_dir), judged))
    return result


def _unknown(hidden: Callable[[str], bool], unread: Container[str]) -> Callable[[str], bool]:
    """Whether a lesson key's file may lie unlisted (``hidden``) or be ``unread``."""
    return lambda key: hidden(key) or key in unread


def coverage(corpus: Corpus, languages: Sequence[str] | None = None) -> Coverage:
    """Per translation: which source sections are current, outdated (in code, or in
    prose only) or missing; and whether the whole history judged them."""
    run = _Run.start(corpus, languages)
    history = run.freshness.history if run.freshness is not None else None
    read = history_read(history, run.problems, run.settings.history, corpus.course.root)
    units = source_sections(run.source)
    rows: list[CoverageRow] = []
    unread: list[tuple[str, str]] = []
    try:
        for language in run.translations(languages):
            hidden = hidden_lessons(corpus, language)
            if hidden is None:  # its folder, or the source's, cannot be listed: unknown
                continue
            translation, found = run.language(language)
            translated = {key: d.path for key, d in translation.lessons.items()}
            listed = None if translation.toctree is None else {
                local for s in sections.sections(translation.toctree, []) for local in s.locals}
            unread.extend(translation.unread.values())
            rows.append(coverage_row(
                language, units, translated, outdated_paths(found) - run.fresh, run.verdicts,
                listed, _unknown(hidden, translation.unread)))
    finally:
        run.close()
    return Coverage(rows, read, tuple(unread))
