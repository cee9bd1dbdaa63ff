"""Language folders that the course's layout hides or that cannot be listed: the
findings of ``check`` and ``build`` on the folders themselves."""

from __future__ import annotations

import errno
from collections.abc import Iterable
from pathlib import Path

from coursekit.config import Course
from coursekit.config.listing import Unlisted
from coursekit.config.rules import SHADOWED_LANGUAGE_FOLDER, UNKNOWN_LANGUAGE, UNLISTED_FOLDER
from coursekit.diagnostics import Diagnostic


def shadowed_folders(course: Course) -> list[Diagnostic]:
    """One ``CFG004`` finding per language folder hidden by a case variant of its name."""
    return [SHADOWED_LANGUAGE_FOLDER.at(
        course.relative(hidden), None,
        f"language folder `{hidden.name}` has the tag of `{read.name}`, which is read "
        "instead: its files are neither checked nor built",
        hint=f"merge it into {course.relative(read)}/ and delete it",
    ) for hidden, read in course.shadowed_language_folders()]


def unknown_languages(course: Course, languages: Iterable[str], at: Path) -> list[Diagnostic]:
    """One ``CFG003`` finding, placed at the folder ``at``, per language of ``languages``
    (normalised tags) that has neither a lesson nor a subtitle folder in ``course``."""
    return [UNKNOWN_LANGUAGE.at(
        course.relative(at), None,
        f"language `{lang}` has neither lessons nor subtitles in this course",
    ) for lang in languages
        if not course.subtitle_dir(lang).is_dir() and not course.lesson_dir(lang).is_dir()]


_HINTS = {
    errno.EACCES: "let the user running coursekit read and enter it",
    errno.EPERM: "let the user running coursekit read and enter it",
    errno.ENAMETOOLONG: "shorten the names of the folders above it",
}


def unlisted_folders(course: Course, folders: Iterable[Unlisted],
                     consequence: str = "its files are neither checked nor built",
                     ) -> list[Diagnostic]:
    """One ``CFG007`` finding per folder that cannot be listed, each named once."""
    found = dict.fromkeys(folders)
    return [UNLISTED_FOLDER.at(
        course.relative(folder.path), None,
        f"cannot list the folder: {folder.reason}; {consequence}",
        hint=_HINTS.get(folder.errno or 0),
    ) for folder in found]
