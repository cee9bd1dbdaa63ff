"""Fixture cases: ``<case>.mdx`` parses to the summary in ``<case>.expected``."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.diagnostics import Rule
from coursekit.lessons import rules
from coursekit.lessons.parse import parse_lesson

from .lesson_summary import summarise

FIXTURES = Path(__file__).parent.parent / "fixtures" / "lessons"
CASES = sorted(p.stem for p in FIXTURES.glob("*.mdx"))


def test_every_case_has_an_expectation() -> None:
    missing = [case for case in CASES if not (FIXTURES / f"{case}.expected").is_file()]
    assert CASES
    assert missing == []


@pytest.mark.parametrize("case", CASES)
def test_case(case: str) -> None:
    source = (FIXTURES / f"{case}.mdx").read_bytes()
    expected = (FIXTURES / f"{case}.expected").read_text(encoding="utf-8")
    lesson = parse_lesson(source, path=f"{case}.mdx", language="en")
    assert summarise(lesson) == expected


def _rules_found() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for case in CASES:
        lesson = parse_lesson((FIXTURES / f"{case}.mdx").read_bytes(), path=case, language="en")
        for diagnostic in lesson.diagnostics:
            found.setdefault(diagnostic.rule, set()).add(case)
    return found


def test_dialect_cases_are_clean() -> None:
    """The ``dialect_*`` cases are the clean counterparts: every variant, no finding."""
    found = _rules_found()
    noisy = {
        rule: {c for c in cases if c.startswith("dialect_")}
        for rule, cases in found.items()
        if any(c.startswith("dialect_") for c in cases)
    }
    assert noisy == {}


def test_every_lesson_rule_has_a_planted_case() -> None:
    file_rules = {r.code for r in vars(rules).values() if isinstance(r, Rule) and r.code < "LES150"}
    # Found only on files no text fixture can be (a folder, a parser failure): planted in
    # test_lesson_course.py; found by the formatter, not the parser: in tests/formatting;
    # found only in a page of one framework (a fixture is read as both's): in
    # test_dead_framework_branch.py.
    planted_elsewhere = {rules.UNREADABLE_LESSON.code, rules.LESSON_FAILURE.code,
                         rules.UNFORMATTED_CODE.code, rules.DEAD_FRAMEWORK_BRANCH.code}
    untested = file_rules - set(_rules_found()) - planted_elsewhere
    assert untested == set()
