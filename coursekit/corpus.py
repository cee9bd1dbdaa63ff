"""What the checks of one run read from a course, each file loaded once, on first use.

A :class:`Corpus` is created per run and passed to every check: the lesson syntax
check, the translation comparison and the subtitle check's lesson videos read the
same parsed lessons, and nothing is kept once the run is over.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from coursekit.config import Course
from coursekit.config.listing import Listing, Unlisted
from coursekit.languages import normalise
from coursekit.lessons.model import Lesson, Toctree
from coursekit.lessons.python import CodeFactsTable
from coursekit.subtitles.model import SubtitleFile

if TYPE_CHECKING:
    from coursekit.formatting.lessons import CodeFormatter
    from coursekit.lessons.load import LessonPlace


class Corpus:
    """The course's lessons, toctrees and subtitle files, loaded lazily and kept for the run."""

    def __init__(self, course: Course) -> None:
        self.course = course
        self._listings: dict[str, Listing] = {}
        self._subtitle_listings: dict[str, Listing] = {}
        self._lessons: dict[Path, Lesson] = {}
        self.placed: dict[Path, LessonPlace] = {}
        """The place of each lesson file of the languages placed so far (:meth:`places`)."""
        self._placed: set[str] = set()
        self._toctrees: dict[str, Toctree] = {}
        self._subtitles: dict[str, dict[str, SubtitleFile]] = {}
        self._subtitle_files: dict[Path, SubtitleFile] = {}
        self.code_facts = CodeFactsTable()
        """The facts of the lessons' code, each distinct text read once for the run."""
        self._formatter: CodeFormatter | None = None

    def lesson(self, file: Path, data: bytes | None = None) -> Lesson:
        """The lesson in ``file`` (parsed from ``data`` when its bytes were read already);
        an unreadable file gives a lesson with a diagnostic."""
        found = self._lessons.get(file)
        if found is None:
            from coursekit.lessons.load import load_lesson

            found = self._lessons[file] = load_lesson(
                self.course, file, self.placed.get(file), facts=self.code_facts, data=data)
        return found

    def places(self, language: str) -> dict[Path, LessonPlace]:
        """The place of each lesson file of ``language`` (and of the languages placed
        before it), worked out from its folder's list once: a lesson's framework
        depends on its siblings."""
        language = normalise(language)
        if language not in self._placed:
            from coursekit.lessons.load import places_of

            files = self.lesson_files(language)
            self.placed.update(zip(files, places_of(self.course, files), strict=True))
            self._placed.add(language)
        return self.placed

    def code_formatter(self) -> CodeFormatter:
        """The run's formatter of lesson code, as ``[tool.coursekit.format]`` sets it:
        the formatting check and the translation check share its one batch."""
        if self._formatter is None:
            from coursekit.formatting.lessons import CodeFormatter
            from coursekit.formatting.settings import load_settings

            self._formatter = CodeFormatter(load_settings(self.course))
        return self._formatter

    def lesson_files(self, language: str) -> list[Path]:
        """The lesson files of ``language``, in the course's order, listed once."""
        return self.lesson_listing(language).files

    def lesson_listing(self, language: str) -> Listing:
        """:meth:`lesson_files`, with the folders of ``language`` that cannot be listed."""
        language = normalise(language)
        found = self._listings.get(language)
        if found is None:
            found = self._listings[language] = self.course.lesson_listing(language)
        return found

    def subtitle_listing(self, language: str) -> Listing:
        """The subtitle files of ``language``, listed once, or why their folder cannot be."""
        language = normalise(language)
        found = self._subtitle_listings.get(language)
        if found is None:
            found = self._subtitle_listings[language] = self.course.subtitle_listing(language)
        return found

    def unlisted(self, *, lessons: bool = True, subtitles: bool = True) -> list[Unlisted]:
        """Every folder this run's listings could not list, lessons' then subtitles'."""
        kept = [self._listings] * lessons + [self._subtitle_listings] * subtitles
        return [folder for listings in kept
                for listing in listings.values() for folder in listing.unlisted]

    def lessons(self, language: str) -> list[Lesson]:
        """Every lesson of ``language``, in the course's file order."""
        files = self.lesson_files(language)
        if any(file not in self._lessons for file in files):
            self.places(language)
            for file in files:
                self.lesson(file)
        return [self._lessons[file] for file in files]

    def toctree(self, language: str) -> Toctree:
        """The ``_toctree.yml`` of ``language``; a missing or unreadable one carries a
        diagnostic."""
        language = normalise(language)
        found = self._toctrees.get(language)
        if found is None:
            from coursekit.lessons.toctree import load_toctree

            found = self._toctrees[language] = load_toctree(self.course, language)
        return found

    def subtitles(self, language: str) -> dict[str, SubtitleFile]:
        """The subtitle files of ``language`` by file name; a file the loader fails on
        carries a finding instead of its cues."""
        language = normalise(language)
        found = self._subtitles.get(language)
        if found is None:
            found = self._subtitles[language] = {
                path.name: self.subtitle_file(path, language)
                for path in self.subtitle_listing(language).files
            }
        return found

    def subtitle_file(self, path: Path, language: str) -> SubtitleFile:
        """The subtitle file at ``path``, of ``language``, loaded once for the run."""
        found = self._subtitle_files.get(path)
        if found is None:
            from coursekit.subtitles.load import load_file

            found = self._subtitle_files[path] = load_file(
                path, normalise(language), self.course.relative(path))
        return found

