"""The [tool.coursekit.translations] table."""

from __future__ import annotations

from pathlib import Path

from coursekit.config import Course
from coursekit.translations.code_changes import IGNORABLE, Change
from coursekit.translations.settings import load_settings
from coursekit.translations.stale import bundled


def course_with(tmp_path: Path, table: str) -> Course:
    (tmp_path / "coursekit.toml").write_text(table, encoding="utf-8")
    return Course.open(tmp_path)


def test_defaults(tmp_path: Path) -> None:
    settings, problems = load_settings(Course.open(tmp_path))
    assert problems == []
    assert settings.ignored == IGNORABLE
    assert settings.stale_apis == bundled()


def test_values_are_read(tmp_path: Path) -> None:
    course = course_with(tmp_path, """
[translations]
ignore-changes = ["whitespace"]
bundled-stale-apis = false
stale-apis = [{ method = "old_call", reason = "is gone", use = "new_call()" }]
""")
    settings, problems = load_settings(course)
    assert problems == []
    assert settings.ignored == frozenset({Change.WHITESPACE})
    assert [api.method for api in settings.stale_apis] == ["old_call"]


def test_bad_values_are_reported_and_defaults_kept(tmp_path: Path) -> None:
    course = course_with(tmp_path, """
[translations]
ignore-changes = ["typos"]
bundled-stale-apis = "yes"
stale-apis = [{ method = "old_call" }, 3]
colour = 1
""")
    settings, problems = load_settings(course)
    assert [d.rule for d in problems] == ["CFG001"] * 5
    assert all(d.path == "coursekit.toml" and d.line is not None for d in problems)
    assert settings.ignored == IGNORABLE
    assert settings.stale_apis == bundled()
