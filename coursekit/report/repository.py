"""Where GitHub reads a report's paths from: the top of the repository, not the course.

A course may be one folder of a larger repository (``docs/course/``). Its findings name
files from the course root; GitHub resolves an annotation's ``file=`` and a SARIF
result's location from the repository's top folder (``GITHUB_WORKSPACE`` in an Actions
job), so those two formats name each file from there.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from coursekit.diagnostics import Diagnostic

REPOSITORY_FORMATS = frozenset({"github", "sarif"})
"""The formats whose paths GitHub reads from the top of the repository."""


def course_place(root: Path, environ: Mapping[str, str] = os.environ) -> str:
    """The course root's path from the top GitHub reads paths from, with a final ``/``:
    from ``GITHUB_WORKSPACE`` where it holds the course, else from the top folder of the
    git checkout that holds it (the nearest folder with a ``.git``). Empty where the
    course is that top, or lies in neither."""
    course = root.resolve()
    workspace = environ.get("GITHUB_WORKSPACE")
    tops = [Path(workspace).resolve()] if workspace else []
    tops += [folder for folder in (course, *course.parents) if _holds_git(folder)][:1]
    for top in tops:
        if course.is_relative_to(top):
            place = course.relative_to(top).as_posix()
            return "" if place == "." else f"{place}/"
    return ""


def _holds_git(folder: Path) -> bool:
    try:
        return (folder / ".git").exists()
    except OSError:
        return False


def placed_path(path: str, place: str) -> str:
    """``path``, named from the course root, named from ``place``'s top instead; an
    absolute path, and none (``""``, ``-``), as it is."""
    if not place or path in ("", "-") or Path(path).is_absolute():
        return path
    return f"{place}{path}"


def placed(diagnostics: Sequence[Diagnostic], place: str) -> list[Diagnostic]:
    """``diagnostics`` with each path named from ``place``'s top (:func:`course_place`)."""
    if not place:
        return list(diagnostics)
    return [d if placed_path(d.path, place) == d.path
            else replace(d, path=placed_path(d.path, place)) for d in diagnostics]
