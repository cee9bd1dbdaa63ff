"""``check_subtitles``: every subtitle rule over a course, the entry point of CI."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from coursekit.check_result import CheckResult
from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.language_folders import unknown_languages
from coursekit.languages import normalise
from coursekit.subtitles.alignment import check_alignment
from coursekit.subtitles.bilingual import Splitter, check_bilingual, is_bilingual
from coursekit.subtitles.coverage import check_coverage, check_metadata, coverage
from coursekit.subtitles.formats import unread_formats
from coursekit.subtitles.load import failure
from coursekit.subtitles.metadata import read_metadata
from coursekit.subtitles.model import SubtitleFile
from coursekit.subtitles.readability import all_lines, check_readability
from coursekit.subtitles.settings import Settings, settings_for
from coursekit.subtitles.sound_notes import over_sound_notes
from coursekit.subtitles.spoken_source import SpokenSource
from coursekit.subtitles.storage import check_storage
from coursekit.subtitles.timing import check_timing
from coursekit.subtitles.videos import check_lesson_videos

if TYPE_CHECKING:
    from coursekit.corpus import Corpus


def check_file(
    sub: SubtitleFile, settings: Settings, source: SpokenSource | None, source_language: str,
) -> list[Diagnostic]:
    """Every rule for one loaded file; ``source`` is its source-language counterpart."""
    return settings.apply(over_sound_notes(
        _file_findings(sub, settings, source, source_language),
        sub, source if sub.language != source_language else None))


def _checked(
    sub: SubtitleFile, settings: Settings, source: SpokenSource | None, source_language: str,
) -> list[Diagnostic]:
    try:
        return check_file(sub, settings, source, source_language)
    except Exception as exc:  # a bug on one file must not stop the others' checks
        return [*sub.diagnostics, failure(sub.display_path, sub.language, exc)]


def _file_findings(
    sub: SubtitleFile, settings: Settings, source: SpokenSource | None, source_language: str,
) -> Iterator[Diagnostic]:
    yield from sub.diagnostics
    yield from check_storage(sub, settings)
    yield from check_timing(sub, settings)
    shown = all_lines
    if is_bilingual(sub, settings, source_language):
        splitter = Splitter.of_file(sub, source.index if source is not None else None)
        shown = splitter.translated
        yield from check_bilingual(sub, splitter)
    yield from check_readability(sub, settings, shown)
    if source is not None and sub.language != source_language:
        yield from check_alignment(sub, source, settings, shown)


def check_subtitles(corpus: Corpus, languages: Sequence[str] | None = None) -> CheckResult:
    """Check the subtitles of ``languages`` (default: every language with a folder)."""
    course = corpus.course
    result = CheckResult()
    section = course.config.section("subtitles")
    config_path = course.relative(course.config.path) if course.config.path else "pyproject.toml"
    available = course.subtitle_languages()
    wanted = [normalise(lang) for lang in languages] if languages else available
    # A language with lessons but no subtitles has none to check, and is no finding.
    result.diagnostics.extend(unknown_languages(course, wanted, course.subtitles_dir))
    wanted = [lang for lang in wanted if course.subtitle_dir(lang).is_dir()]
    src_lang = course.source_language
    sources = corpus.subtitles(src_lang) if course.subtitle_dir(src_lang).is_dir() else {}
    spoken: dict[str, SpokenSource] = {}  # each source file measured once for all languages
    resolved: dict[str, Settings] = {}

    def settings_of(lang: str) -> Settings:
        """The settings of ``lang``, resolved once per run (bad values are reported
        once, when the configuration is checked: CFG001)."""
        found = resolved.get(lang)
        if found is None:
            found = resolved[lang] = settings_for(section, lang, config_path)[0]
        return found

    for lang in wanted:
        settings = settings_of(lang)
        files = sources if lang == src_lang else corpus.subtitles(lang)
        for name, sub in files.items():
            result.checked.append(sub.display_path)
            source = sources.get(name) if lang != src_lang else None
            if source is not None and name not in spoken:
                spoken[name] = SpokenSource(source)
            reading = spoken[name] if source is not None else None
            result.diagnostics.extend(_checked(sub, settings, reading, src_lang))
        result.diagnostics.extend(settings.apply(unread_formats(course, lang)))
        meta = read_metadata(course, lang)
        if meta is not None:
            result.diagnostics.extend(settings.apply(check_metadata(course, lang, meta)))
            result.diagnostics.extend(settings.apply(check_lesson_videos(corpus, lang, meta)))
    if src_lang in wanted or sources:
        cov = coverage(course, sorted({src_lang, *wanted}, key=lambda x: (x != src_lang, x)))
        for diag in check_coverage(course, cov):
            result.diagnostics.extend(
                settings_of(_language_of(diag.path, course)).apply([diag]))
    return result


def _language_of(path: str, course: Course) -> str:
    parts = Path(path).parts
    base = Path(course.relative(course.subtitles_dir)).parts
    return normalise(parts[len(base)]) if len(parts) > len(base) else course.source_language
