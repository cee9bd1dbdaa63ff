"""``check_subtitles``: every subtitle rule over a course, the entry point of CI."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coursekit.check_result import CheckResult
from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.language_folders import unknown_languages
from coursekit.languages import normalise
from coursekit.subtitles.alignment import check_alignment
from coursekit.subtitles.bilingual import Splitter, check_bilingual, is_bilingual
from coursekit.subtitles.coverage import check_coverage, check_metadata, counterpart, coverage
from coursekit.subtitles.formats import unread_formats
from coursekit.subtitles.load import failure
from coursekit.subtitles.metadata import Metadata, listed_missing, read_metadata
from coursekit.subtitles.model import SubtitleFile
from coursekit.subtitles.readability import all_lines, check_readability
from coursekit.subtitles.settings import Settings, settings_for
from coursekit.subtitles.sound_notes import over_sound_notes
from coursekit.subtitles.spoken_source import SpokenSource
from coursekit.subtitles.storage import check_storage
from coursekit.subtitles.timing import check_timing
from coursekit.subtitles.videos import check_lesson_videos, embedded_videos

if TYPE_CHECKING:
    from coursekit.cache import CheckCache
    from coursekit.corpus import Corpus

CACHE_KIND = "subtitles"
"""The check cache's entries of subtitle files: each file's findings, keyed by its bytes
and those of its source-language counterpart (see :mod:`coursekit.cache`)."""


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


def check_subtitles(corpus: Corpus, languages: Sequence[str] | None = None,
                    cache: CheckCache | None = None) -> CheckResult:
    """Check the subtitles of ``languages`` (default: every language with a folder).
    With ``cache``, a file whose bytes, and its source counterpart's, are those a run
    stored findings for is not read again: its findings come from the cache."""
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
    sources = ({path.name: path for path in corpus.subtitle_listing(src_lang).files}
               if course.subtitle_dir(src_lang).is_dir() else {})
    files = _FileChecks(corpus, section, config_path, cache)
    listed: dict[str, frozenset[str]] = {}
    for lang in wanted:
        settings = files.settings_of(lang)
        for path in corpus.subtitle_listing(lang).files:
            result.checked.append(course.relative(path))
            paired = counterpart(path.name, sources) if lang != src_lang else None
            source = sources[paired] if paired is not None else None
            result.diagnostics.extend(files.findings(path, lang, source))
        result.diagnostics.extend(settings.apply(unread_formats(course, lang)))
        meta = read_metadata(course, lang)
        if meta is not None:
            result.diagnostics.extend(settings.apply(_metadata_findings(corpus, meta)))
            listed[lang] = listed_missing(course, meta)
    if src_lang in wanted or sources:
        cov = coverage(course, sorted({src_lang, *wanted}, key=lambda x: (x != src_lang, x)))
        for diag in check_coverage(course, cov, listed):
            result.diagnostics.extend(
                files.settings_of(_language_of(diag.path, course)).apply([diag]))
    return result


def _metadata_findings(corpus: Corpus, meta: Metadata) -> Iterator[Diagnostic]:
    """The findings of a language's ``metadata.csv`` and of the videos its lessons
    embed. A listed file that is missing is one finding: the lesson's where a lesson
    embeds its video (SUB412), else the row's (SUB410)."""
    embeds = embedded_videos(corpus, meta.language) if meta.rows else []
    yield from check_metadata(corpus.course, meta.language, meta, {e.video for e in embeds})
    yield from check_lesson_videos(corpus, meta.language, meta, embeds)


class _FileChecks:
    """Each file's findings, from the cache or judged (each source file measured once
    for all languages), and each language's settings, resolved once per run (bad values
    are reported once, when the configuration is checked: CFG001)."""

    def __init__(self, corpus: Corpus, section: Mapping[str, Any], config_path: str,
                 cache: CheckCache | None) -> None:
        self.corpus = corpus
        self.section = section
        self.config_path = config_path
        self.cache = cache if cache is not None and cache.enabled else None
        self.spoken: dict[str, SpokenSource] = {}
        self.resolved: dict[str, Settings] = {}

    def settings_of(self, lang: str) -> Settings:
        found = self.resolved.get(lang)
        if found is None:
            found = self.resolved[lang] = settings_for(self.section, lang, self.config_path)[0]
        return found

    def findings(self, path: Path, lang: str, source: Path | None) -> list[Diagnostic]:
        """The findings of the file at ``path``; ``source``: its source-language
        counterpart, for a translation that has one."""
        key = self._key(path, lang, source)
        if key is not None:
            assert self.cache is not None
            stored = self.cache.findings(CACHE_KIND, key, lang)
            if stored is not None:
                return stored
        src_lang = self.corpus.course.source_language
        sub = self.corpus.subtitle_file(path, lang)
        reading = None
        if source is not None:
            if source.name not in self.spoken:
                self.spoken[source.name] = SpokenSource(
                    self.corpus.subtitle_file(source, src_lang), self.settings_of(src_lang))
            reading = self.spoken[source.name]
        found = _checked(sub, self.settings_of(lang), reading, src_lang)
        if key is not None:
            assert self.cache is not None
            self.cache.save_findings(CACHE_KIND, key, found, lang)
        return found

    def _key(self, path: Path, lang: str, source: Path | None) -> str | None:
        """What the file's findings depend on besides the configuration and coursekit
        (in every key): its place and bytes, and its source counterpart's; ``None``
        when a file is no regular one, whose findings are never kept."""
        if self.cache is None:
            return None
        own = self.cache.file_hash(path)
        theirs = self.cache.file_hash(source) if source is not None else ""
        if own is None or theirs is None:
            return None
        course = self.corpus.course
        return self.cache.key(CACHE_KIND, [course.relative(path), lang,
                                           course.source_language, own, theirs])


def _language_of(path: str, course: Course) -> str:
    parts = Path(path).parts
    base = Path(course.relative(course.subtitles_dir)).parts
    return normalise(parts[len(base)]) if len(parts) > len(base) else course.source_language
