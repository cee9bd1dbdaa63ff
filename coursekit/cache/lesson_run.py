"""What the cached lesson checks of one run share: the lesson files with their cache
identities and parser records (each lesson parsed only on demand), and the lookup of a
unit's findings in the cache."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coursekit.cache import CheckCache, InvalidEntry, diagnostic_from_json, diagnostic_json
from coursekit.cache.diagnostic_json import diagnostics_from_json
from coursekit.diagnostics import Diagnostic, Severity
from coursekit.lessons.load import LessonPlace
from coursekit.lessons.model import Lesson
from coursekit.translations.digest import Digest, digest

if TYPE_CHECKING:
    from coursekit.corpus import Corpus


class LessonRun:
    """The lesson files of one run with their cache keys, parsed only on demand."""

    def __init__(self, corpus: Corpus, cache: CheckCache) -> None:
        self.corpus = corpus
        self.cache = cache
        self.places: dict[Path, LessonPlace] = corpus.placed
        self.records: dict[Path, dict[str, object]] = {}
        self.digests: dict[Path, Digest] = {}
        self._parsed: dict[Path, list[Diagnostic]] = {}
        """The parser findings of the lessons this run parsed, as they came."""

    def files(self, language: str) -> list[Path]:
        self.corpus.places(language)  # the places of its files join the others
        return self.corpus.lesson_files(language)

    def identity(self, file: Path) -> list[object] | None:
        """What a unit reading ``file`` depends on; ``None`` when it cannot be cached."""
        sha = self.cache.file_hash(file, keep=True)
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
            found = self.cache.read("lesson", key, _record, self.places[file].language)
            if found is not None:
                self.records[file] = found
                return found
        try:
            lesson = self._lesson(file)
        except Exception as exc:  # a parser failure on one file must not stop the others
            found = {"diagnostics": [], "readable": False, "error": f"{type(exc).__name__}: {exc}"}
        else:
            found = {"diagnostics": [diagnostic_json(d) for d in lesson.diagnostics],
                     "readable": bool(lesson.blocks) or not any(
                         d.severity is Severity.ERROR for d in lesson.diagnostics),
                     "error": None}
            self._parsed[file] = list(lesson.diagnostics)
        if key is not None:
            self.cache.save("lesson", key, found, self.places[file].language)
        self.records[file] = found
        return found

    def diagnostics(self, file: Path) -> list[Diagnostic]:
        found = self.record(file)["diagnostics"]
        parsed = self._parsed.get(file)
        if parsed is not None:
            return list(parsed)
        assert isinstance(found, list)  # checked when the record was read
        return [diagnostic_from_json(d) for d in found]

    def digest(self, file: Path) -> Digest:
        found = self.digests.get(file)
        if found is None:
            found = self.digests[file] = digest(self._lesson(file))
        return found

    def _lesson(self, file: Path) -> Lesson:
        """The lesson in ``file``, parsed from the bytes its identity hashed."""
        return self.corpus.lesson(file, self.cache.hashed_bytes(file))


def _record(value: dict[str, Any]) -> dict[str, object]:
    """A lesson's stored record, every part of it checked (:class:`InvalidEntry`)."""
    diagnostics_from_json(value.get("diagnostics"))
    error = value.get("error")
    if (value.keys() != {"diagnostics", "readable", "error"}
            or not isinstance(value["readable"], bool)
            or not (error is None or isinstance(error, str))):
        raise InvalidEntry("not a lesson's record")
    return value


def cached_findings(cache: CheckCache, kind: str, shard: str, parts: Sequence[object] | None,
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


def regular_or_absent(cache: CheckCache, path: Path, excluded: bool = False,
                      ) -> list[object] | None:
    """The identity of a file a unit reads when present: its hash, or ``absent``; a file
    the configuration excludes (``excluded``) is not read, and is ``excluded``."""
    if excluded:
        return ["excluded"]
    sha = cache.file_hash(path)
    if sha is not None:
        return [sha]
    return None if os.path.lexists(path) else ["absent"]
