"""The scope of a verification: the notebooks its paths, languages and frameworks select."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.execution.plan.sources import NotebookSource, collect


class EmptyScopeError(ValueError):
    """The paths, languages and frameworks asked for select no notebook at all."""


def _described(paths: list[Path], languages: list[str] | None, frameworks: set[str] | None,
               course: Course) -> str:
    parts = [", ".join(course.relative(p) for p in paths) if paths else course.relative(
        course.root) or "."]
    if languages is not None:
        parts.append(f"language(s) {', '.join(languages) or '(none)'}")
    if frameworks is not None:
        parts.append(f"framework(s) {', '.join(sorted(frameworks))}")
    elif set(course.config.frameworks) != {"pt", "tf"}:
        chosen = ", ".join(sorted(course.config.frameworks)) or "(none)"
        parts.append(f"framework(s) {chosen} (the configuration's `frameworks`)")
    return "; ".join(parts)


def notebooks_in_scope(
    course: Course,
    *,
    languages: Iterable[str] | None,
    frameworks: Iterable[str] | None,
    paths: Iterable[Path],
) -> tuple[list[NotebookSource], list[Diagnostic]]:
    """The notebooks to verify and what could not be read; raises
    :class:`EmptyScopeError` when the scope selects nothing at all."""
    wanted_languages = list(languages) if languages is not None else None
    wanted_frameworks = set(frameworks) if frameworks is not None else None
    scope = list(paths)
    sources, diagnostics = collect(
        course, languages=wanted_languages, frameworks=wanted_frameworks, paths=scope,
    )
    if not sources and not diagnostics:
        raise EmptyScopeError(
            "no notebook to verify in "
            f"{_described(scope, wanted_languages, wanted_frameworks, course)}: give lesson "
            "files or folders with code, or notebooks"
        )
    return sources, diagnostics
