"""A course root that is not a folder is no course: the library raises, as the command
line exits 2, instead of reporting a course with no lessons.

Planted: a missing root and a file as root. Clean counterpart: an empty folder opens
(and its check says it has no lessons)."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.checks import check_course
from coursekit.config import Course


def test_a_missing_root_or_a_file_is_no_course(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="course root does not exist"):
        Course.open(tmp_path / "missing")
    (tmp_path / "file.txt").write_text("not a course", encoding="utf-8")
    with pytest.raises(NotADirectoryError, match="course root is not a folder"):
        Course.open(tmp_path / "file.txt")


def test_an_empty_folder_is_a_course_with_nothing_in_it(tmp_path: Path) -> None:
    course = Course.open(tmp_path)
    assert course.root == tmp_path.resolve()
    assert [d.rule for d in check_course(course).diagnostics] == ["CFG002"]
