"""Fixture cases: ``<case>.mdx`` parses to the summary in ``<case>.expected``."""

from __future__ import annotations

from pathlib import Path

import pytest
from lesson_summary import summarise

from coursekit.lessons.parse import parse_lesson

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
