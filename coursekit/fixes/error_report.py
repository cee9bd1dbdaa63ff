"""What ``coursekit fix errors`` says: each documented error updated or left, the
errors the report did not prove drifted, and a line per language."""

from __future__ import annotations

from collections import Counter
from typing import Any

from coursekit.fixes.errors import RULE, ErrorOutcome, ErrorPlan
from coursekit.report.json import VERSION


def as_json(plan: ErrorPlan, *, written: bool) -> dict[str, Any]:
    """Every documented error looked at: updated, left, or not proven drifted."""
    return {
        "tool": "coursekit",
        "version": VERSION,
        "written": written,
        "files": plan.files,
        "changed": [lesson.format.path for lesson in plan.changed],
        "fixes": [_entry(found) for found in plan.outcomes],
        "not_proven": [{"rule": RULE, "path": left.path, "line": left.line,
                        "documented": left.documented, "why": left.why}
                       for left in plan.not_proven],
        "unread": [{"path": path, "why": why} for path, why in plan.unread],
        "languages": {language: dict(counts) for language, counts in _counts(plan).items()},
    }


def _entry(found: ErrorOutcome) -> dict[str, Any]:
    return {
        "rule": RULE, "fixed": found.fixed, "language": found.language, "path": found.path,
        "line": found.line, "documented": found.documented, "raised": found.raised,
        "source": found.source or None, "why": found.why or None,
    }


def _counts(plan: ErrorPlan) -> dict[str, Counter[str]]:
    counts: dict[str, Counter[str]] = {}
    for lesson in plan.lessons:
        count = counts.setdefault(lesson.language, Counter())
        for found in lesson.outcomes:
            count["fixed" if found.fixed else "left"] += 1
    return counts


def left_lines(plan: ErrorPlan) -> list[str]:
    """One line per documented error left as it was, with why; then one per error
    the report did not prove drifted."""
    return [
        *(f"{found.path}{'' if found.line is None else f':{found.line}'}: {RULE} left "
          f"`{found.documented}`: {found.why}"
          for found in plan.outcomes if not found.fixed),
        *(f"{left.path}:{left.line}: {RULE} not proven drifted, left "
          f"`{left.documented.split(chr(10), 1)[0]}`: {left.why}" for left in plan.not_proven),
    ]


def language_lines(plan: ErrorPlan, verb: str) -> list[str]:
    """Per language: how many documented errors were updated (``verb``: "updated",
    "would update") and how many were left."""
    return [f"  {language}: {verb} {count['fixed']}, left {count['left']}"
            for language, count in _counts(plan).items()]
