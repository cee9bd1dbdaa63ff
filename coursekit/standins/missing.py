"""Which hub ids a course's lessons load, and which of them have no stand-in."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.lessons.model import CodeRole, Lesson
from coursekit.standins import rules
from coursekit.standins.catalog import Catalog, CatalogError, load_catalog
from coursekit.standins.scan import HubReference, Snippet, references, unique_ids

SINGULAR = {"models": "model", "datasets": "dataset", "metrics": "metric"}


@dataclass(slots=True)
class ScanResult:
    references: list[HubReference] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    missing: set[tuple[str, str]] = field(default_factory=set)
    """(kind, hub id) pairs without a stand-in."""


def lesson_references(lesson: Lesson) -> list[HubReference]:
    snippets = [Snippet(code.source, lesson.path, code.line + 1)
                for code in lesson.code_blocks() if code.role is CodeRole.PYTHON]
    return references(snippets)


def check_references(found: Sequence[HubReference], catalog: Catalog) -> ScanResult:
    """One STD101 finding per hub id without a stand-in, at its first use."""
    result = ScanResult(references=list(found))
    for (kind, hub_id), uses in unique_ids(found).items():
        if catalog.get(kind, hub_id) is None:
            first = min(uses, key=lambda r: (r.path, r.line))
            others = f" (and {len(uses) - 1} more use(s))" if len(uses) > 1 else ""
            result.missing.add((kind, hub_id))
            result.diagnostics.append(rules.STANDIN_MISSING.at(
                first.path, first.line,
                f"{SINGULAR[kind]} `{hub_id}` has no offline stand-in{others}",
                hint=f"add it under [tool.coursekit.standins.{kind}] in pyproject.toml",
            ))
    return result


def scan_course(course: Course, languages: Sequence[str] | None = None) -> ScanResult:
    """Every hub reference of the course's lessons, checked against its catalog."""
    from coursekit.lessons.load import load_lessons

    try:
        catalog = load_catalog(course.config.section("standins"))
    except CatalogError as exc:
        where = course.relative(course.config.path) if course.config.path else "pyproject.toml"
        return ScanResult(diagnostics=[rules.STANDIN_CATALOG_INVALID.at(where, None, str(exc))])
    found = [ref for lesson in load_lessons(course, languages)
             for ref in lesson_references(lesson)]
    return check_references(found, catalog)
