"""A course checkout: where its lessons and subtitles are, and in which languages.

Folders are listed by :mod:`coursekit.config.listing`, which keeps every folder that
cannot be listed (for its finding, and so that ``build`` keeps its notebooks) and walks
any depth; not for speed: a listing of its own made the whole ``check`` of a
real-shaped course only 1.01x faster (``bench/speed_paths.py --only lesson-listing``
at 8442fab).
"""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from coursekit.config.listing import (
    Listing,
    Unlisted,
    broken_folder_link,
    list_folder,
    walk_files,
)
from coursekit.config.load import load_config
from coursekit.config.model import DEFAULT_SOURCE_LANGUAGE, Config
from coursekit.config.values import LANGUAGE_TAG
from coursekit.languages import normalise
from coursekit.selection import excluded_by

CONTENT_DIRS = ("content", "chapters", "units")
"""Lesson folders, in the order they are looked for: this project's, then the public
courses' (``chapters/<lang>/chapterN/``, ``units/<lang>/<unit>/``). Any other layout
names its folder with ``content-dir``."""
LESSON_SUFFIXES = (".mdx", ".md")
"""The suffixes of lesson files (a ``README.md`` is none)."""


_Languages = tuple[dict[str, Path], list[tuple[Path, Path]], list[Unlisted]]


@dataclass(frozen=True, slots=True)
class Course:
    """A course checkout: its root, configuration and where things are."""

    root: Path
    config: Config
    _listed: dict[Path, tuple[tuple[int, int, int] | None, _Languages]] = field(
        default_factory=dict, compare=False, repr=False)
    """Folder -> its language folders, with the folder's identity and times when they
    were listed: listed again once an entry came, went or changed its name there, or
    the folder's permissions changed (a run asks for them many times)."""
    _excluding: set[str] = field(default_factory=set, compare=False, repr=False)
    """The ``exclude`` patterns that took a file or folder in a listing so far."""
    _source: list[str] = field(default_factory=list, compare=False, repr=False)
    """The source language, once known (:attr:`source_language`)."""

    @classmethod
    def open(cls, root: Path | str = ".", config: Path | None = None) -> Course:
        """The course checked out at ``root``, its configuration read from its own file,
        or from ``config`` where given (what cannot be used is in its ``problems``). A
        root that is missing is :class:`FileNotFoundError`, one that is not a folder
        :class:`NotADirectoryError`: no course to report on, as the command line says too
        (exit 2), rather than a course with no lessons."""
        root = Path(root).resolve()
        if not root.is_dir():
            missing = not root.exists()
            raise (FileNotFoundError if missing else NotADirectoryError)(
                errno.ENOENT if missing else errno.ENOTDIR,
                "course root does not exist" if missing else "course root is not a folder",
                str(root))
        return cls(root=root, config=load_config(root, config))

    @property
    def content_dir(self) -> Path:
        if self.config.content_dir is not None:
            return self.root / self.config.content_dir
        for name in CONTENT_DIRS:
            if (self.root / name).is_dir():
                return self.root / name
        return self.root / CONTENT_DIRS[0]

    @property
    def subtitles_dir(self) -> Path:
        return self.root / self.config.subtitles_dir

    @property
    def build_dir(self) -> Path:
        return self.root / self.config.build_dir

    @property
    def source_language(self) -> str:
        """The configured source language; the default where the course has no lessons
        or subtitles in the one configured (CFG001 says so: a bad value is left at its
        default, and every translation judged against a language of no lessons would be
        a false finding)."""
        if not self._source:
            wanted, default = self.config.source_language, DEFAULT_SOURCE_LANGUAGE
            found = [] if wanted == default else self.found_languages()
            unusable = bool(found) and wanted not in found and not self.unlisted_roots()
            self._source.append(default if unusable else wanted)
        return self._source[0]

    def relative(self, path: Path) -> str:
        """``path`` relative to the root, with forward slashes, for diagnostics.

        A path under the root is named as found, so that a dangling or looping link is
        named by its own path, not its target's."""
        try:
            return path.absolute().relative_to(self.root).as_posix()
        except ValueError:
            pass
        try:
            return path.resolve().relative_to(self.root).as_posix()
        except (ValueError, OSError, RuntimeError):
            return path.as_posix()

    def excluded(self, path: Path, *, above: bool = False) -> str | None:
        """The first ``exclude`` pattern that takes ``path`` (a file or folder of the
        course), or ``None``; with ``above``, the folders above it in the course are
        tried too (a walk tries each folder as it goes, and enters none excluded)."""
        patterns = self.config.excludes
        if not patterns:
            return None
        relative = self.relative(path)
        parts = relative.split("/")
        names = ["/".join(parts[:end]) for end in range(1, len(parts) + 1)] if above \
            else [relative]
        for name in names:
            found = excluded_by(patterns, name)
            if found:
                self._excluding.update(found)
                return found[0]
        return None

    def exclusions_used(self) -> set[str]:
        """The ``exclude`` patterns that took something in this course's listings."""
        return set(self._excluding)

    def _folders(self, base: Path) -> dict[str, Path]:
        return self._languages(base)[0]

    def _languages(self, base: Path) -> _Languages:
        stamp = _stamp(base)
        known = self._listed.get(base)
        if known is None or stamp is None or known[0] != stamp:
            known = self._listed[base] = (stamp, _language_folders(base, self.excluded))
        return known[1]

    def shadowed_language_folders(self) -> list[tuple[Path, Path]]:
        """Language folders (lessons or subtitles) that another folder of the same tag
        in another case hides (``zh-cn/`` beside ``zh-CN/``), each with the folder
        that is read instead: the one named in canonical case, else the first by name."""
        return [*self._languages(self.content_dir)[1], *self._languages(self.subtitles_dir)[1]]

    def unlisted_roots(self, *, lessons: bool = True, subtitles: bool = True) -> list[Unlisted]:
        """The lesson and subtitle folders above the language folders that exist but
        cannot be listed (no language in them can be found), and the links named as a
        language folder that lead to none."""
        bases = [self.content_dir] * lessons + [self.subtitles_dir] * subtitles
        return [found for base in dict.fromkeys(bases) for found in self._languages(base)[2]]

    def found_languages(self) -> list[str]:
        """Every language with a lesson or subtitle folder, whatever ``languages`` says."""
        return sorted({*self._folders(self.content_dir), *self._folders(self.subtitles_dir)})

    def languages_under(self, base: Path) -> list[str]:
        """The tags of the language folders under ``base``, whatever ``languages`` says."""
        return list(self._folders(base))

    def lesson_languages(self) -> list[str]:
        found = list(self._folders(self.content_dir))
        return self._order(self.config.languages or tuple(found), found)

    def subtitle_languages(self) -> list[str]:
        found = list(self._folders(self.subtitles_dir))
        return self._order(self.config.languages or tuple(found), found)

    def _order(self, wanted: tuple[str, ...], found: list[str]) -> list[str]:
        langs = [lang for lang in wanted if lang in found]
        src = self.source_language
        return ([src] if src in langs else []) + [lang for lang in langs if lang != src]

    def lesson_dir(self, language: str) -> Path:
        return self._folders(self.content_dir).get(language, self.content_dir / language)

    def subtitle_dir(self, language: str) -> Path:
        return self._folders(self.subtitles_dir).get(language, self.subtitles_dir / language)

    def toctree_path(self, language: str) -> Path:
        return self.lesson_dir(language) / "_toctree.yml"

    def lesson_files(self, language: str) -> list[Path]:
        """Every ``.mdx`` (and ``.md``) lesson of a language, in a stable order; a FIFO,
        socket or broken link with such a name is listed too, for its reader to report.
        A ``README.md`` describes its folder and is no lesson."""
        return self.lesson_listing(language).files

    def lesson_listing(self, language: str) -> Listing:
        """:meth:`lesson_files`, with the folders of the language that cannot be listed."""
        base = self.lesson_dir(language)
        if not _is_dir(base):
            return _absent(self.content_dir)
        if self.excluded(base, above=True) is not None:
            return Listing()
        listing = walk_files(base, _is_lesson,  # linked folders are not entered
                             enter=lambda folder: self.excluded(folder) is None)
        listing.files[:] = [file for file in listing.files if self.excluded(file) is None]
        listing.files.sort(key=lambda p: _natural_key(p.relative_to(base).as_posix()))
        return listing

    def subtitle_files(self, language: str) -> list[Path]:
        return self.subtitle_listing(language).files

    def subtitle_listing(self, language: str) -> Listing:
        """The subtitle files of a language, or why its folder cannot be listed."""
        base = self.subtitle_dir(language)
        if not _is_dir(base):
            return _absent(self.subtitles_dir)
        if self.excluded(base, above=True) is not None:
            return Listing()
        entries, unlisted = list_folder(base)
        return Listing(sorted(p for p in entries if p.suffix.lower() in (".srt", ".sbv")
                              and self.excluded(p) is None),
                       [unlisted] if unlisted is not None else [])


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:  # a folder above it may not be entered: nothing to list either way
        return False


def _absent(parent: Path) -> Listing:
    """The listing of a language folder that was not found: empty, unless the folder
    that would hold it cannot be listed (the language may be there, unseen)."""
    return Listing(unlisted=[found for found in _language_folders(parent)[2]
                             if found.path == parent])


def _is_lesson(entry: os.DirEntry[str]) -> bool:
    name = entry.name
    dot = name.rfind(".")  # the suffix as Path.suffix has it: `..md` has one, `.md` none
    if not 0 < dot < len(name) - 1 or name[dot:] not in LESSON_SUFFIXES \
            or name.lower() == "readme.md":
        return False
    try:
        return not entry.is_dir()  # a link to a folder named like a lesson is none
    except OSError:
        return True


def _stamp(folder: Path) -> tuple[int, int, int] | None:
    """What changes when a folder's entries or permissions do (None: no such folder)."""
    try:
        found = os.stat(folder)
    except OSError:
        return None
    return found.st_ino, found.st_mtime_ns, found.st_ctime_ns


def _language_folders(base: Path,
                      excluded: Callable[..., str | None] = lambda *_, **__: None,
                      ) -> _Languages:
    """The language folders under ``base`` by normalised tag, the ``(hidden, read)``
    pairs of folders whose names differ only in case (one tag, one folder read), and
    what cannot be listed: ``base``, or a link named as a language that leads to no
    folder; a folder ``excluded`` names (``base`` or one above it too) is none."""
    found: dict[str, Path] = {}
    hidden: list[tuple[Path, Path]] = []
    if not _is_dir(base) or excluded(base, above=True) is not None:
        return found, hidden, []
    entries, unlisted = list_folder(base)
    unread = [unlisted] if unlisted is not None else []
    for path in sorted(entries):
        if not (LANGUAGE_TAG.fullmatch(path.name) and path.name != "raw") \
                or excluded(path) is not None:
            continue
        if not _is_dir(path):
            if (broken := broken_folder_link(path)) is not None:  # it hides a language
                unread.append(broken)
            continue
        tag = normalise(path.name)
        kept = found.get(tag)
        if kept is None:
            found[tag] = path
        elif path.name == tag:
            hidden.append((kept, path))
            found[tag] = path
        else:
            hidden.append((path, kept))
    return found, hidden, unread


def _natural_key(text: str) -> list[tuple[int, int | str]]:
    """Sort ``chapter10`` after ``chapter9``."""
    return [(0, int(tok)) if tok.isdigit() else (1, tok) for tok in re.split(r"(\d+)", text)]
