"""Language folders that the course's layout hides: the findings of ``check`` and ``build``
on the folders themselves."""

from __future__ import annotations

from coursekit.config import Course
from coursekit.config.rules import SHADOWED_LANGUAGE_FOLDER
from coursekit.diagnostics import Diagnostic


def shadowed_folders(course: Course) -> list[Diagnostic]:
    """One ``CFG004`` finding per language folder hidden by a case variant of its name."""
    return [SHADOWED_LANGUAGE_FOLDER.at(
        course.relative(hidden), None,
        f"language folder `{hidden.name}` has the tag of `{read.name}`, which is read "
        "instead: its files are neither checked nor built",
        hint=f"merge it into {course.relative(read)}/ and delete it",
    ) for hidden, read in course.shadowed_language_folders()]
