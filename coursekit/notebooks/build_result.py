"""What a build did, or with ``check`` would do."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from coursekit.diagnostics import Diagnostic


@dataclass(slots=True)
class BuildResult:
    """What a build did (or, with ``check``, would do). Paths are relative to
    ``<build>/notebooks``."""

    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    """With ``check``: outputs missing, out of date, or left over from a deleted lesson."""
    notebooks: list[str] = field(default_factory=list)
    """Every notebook of the lessons in scope, as the build leaves (or would leave) them."""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    """The lessons in scope the build read or found current (relative to the course
    root), findings or not: the files its JSON lists and its JUnit counts as cases."""
    out: Path = Path()
    """The ``notebooks`` folder the paths are relative to."""
