"""Each lesson as it was at a commit of the course's history, read from git and parsed
once: many commits share one version of a file, and its object id says so; the version
that is the file as it is now is the lesson read already, never parsed again."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from coursekit.files import read_regular
from coursekit.lessons.parse import parse_lesson
from coursekit.lessons.python import CodeFactsTable
from coursekit.translations.digest import Digest, digest
from coursekit.translations.history import Commit, History
from coursekit.translations.substance import Substance

Version = tuple[Digest, Substance]
"""A lesson as it was at a commit, and its substance."""


@dataclass(slots=True)
class Versions:
    """The versions of the course's lessons that the freshness checks read."""

    history: History
    facts: CodeFactsTable | None = None
    """The run's code facts: a code block an old version shares with the lessons read
    now (most of them) is tokenized once."""
    _seen: dict[tuple[str, str], Version | None] = field(default_factory=dict)
    """(commit, the file's name there) -> the lesson as it was there."""
    _by_id: dict[str, Version] = field(default_factory=dict)
    """Object id -> the version of a lesson it holds: read once, however many commits
    share it."""
    _current: dict[str, Version] = field(default_factory=dict)
    """The substance of each lesson as it is now, shared by its translations."""
    _oids: dict[str, str | None] = field(default_factory=dict)
    """Path -> the object id of its text now: a version with that id is the lesson
    already read, never parsed again."""

    def version(self, commit: Commit, lesson: Digest) -> Digest | None:
        """``lesson`` as it was at ``commit``; None where it did not exist."""
        found = self.at(commit, lesson)
        return None if found is None else found[0]

    def befores(self, commit: Commit, lesson: Digest) -> list[Version | None]:
        """The lesson as it was before ``commit``: at each of its parents (one None for
        a first commit)."""
        return [self.at(parent, lesson) for parent in self.history.parents_of(commit)] \
            or [None]

    def wrote(self, commit: Commit, lesson: Digest) -> bool:
        """Whether ``commit`` changed the substance of ``lesson`` (created or deleted
        it): a merge, against every parent (one that took a side's version wrote none)."""
        befores = self.befores(commit, lesson)
        if all(before is None for before in befores):
            return True  # it created the lesson: read no version of it
        version = self.at(commit, lesson)
        return version is None or all(
            before is None or before[1] != version[1] for before in befores)

    def at(self, commit: Commit, lesson: Digest) -> Version | None:
        """``lesson`` as it was at ``commit`` (or at a parent that
        :meth:`History.parents_of` gives); None where it did not exist."""
        # By the name the file had there: a parent names it as its child does.
        key = (commit.sha, self.history.name_at(lesson.path, commit))
        if key not in self._seen:
            found = self.history.blob_at(commit, lesson.path, _Known(self, lesson))
            self._seen[key] = None if found is None else self._read(found, lesson)
        return self._seen[key]

    def now(self, lesson: Digest) -> Substance:
        """The substance of ``lesson`` as it is now."""
        found = self._current.get(lesson.path)
        if found is None or found[0] is not lesson:
            found = self._current[lesson.path] = (lesson, Substance.of(lesson))
        return found[1]

    def _read(self, blob: tuple[str, bytes | None], lesson: Digest) -> Version:
        oid, text = blob
        if oid not in self._by_id and oid == self._oid_now(lesson):
            # The file as it is now (its last commit's, most often): parsed already.
            self._by_id[oid] = (lesson, self.now(lesson))
        if oid not in self._by_id:
            assert text is not None  # read unless its id was known
            read = lesson.lesson
            version = digest(parse_lesson(
                text, path=read.path, language=read.language, chapter=read.chapter,
                section=read.section, framework=read.framework, folder=read.folder,
                facts=self.facts,
            ))
            self._by_id[oid] = (version, Substance.of(version))
        return self._by_id[oid]

    def _oid_now(self, lesson: Digest) -> str | None:
        """The git object id of the lesson's file as it is on disk; None when it cannot
        be read."""
        if lesson.path not in self._oids:
            try:
                data = read_regular(self.history.root / lesson.path)
            except OSError:
                self._oids[lesson.path] = None
            else:
                self._oids[lesson.path] = hashlib.sha1(
                    b"blob %d\0%s" % (len(data), data), usedforsecurity=False).hexdigest()
        return self._oids[lesson.path]


class _Known:
    """The versions of a file that need not be read from git: those read already, and
    the file as it is now (asked only of an id that is neither)."""

    __slots__ = ("_lesson", "_versions")

    def __init__(self, versions: Versions, lesson: Digest) -> None:
        self._versions, self._lesson = versions, lesson

    def __contains__(self, oid: object) -> bool:
        return oid in self._versions._by_id or oid == self._versions._oid_now(self._lesson)
