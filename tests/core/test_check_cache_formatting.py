"""The code-style findings (LES124) of a cached ``check`` are those of a check without
the cache, after any lesson changed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from coursekit.checks import Area, check_course
from coursekit.config import Course

BUNDLED = Path(__file__).resolve().parents[2]


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """The bundled course with a code style whose lines are short: most fences are
    unformatted."""
    for name in ("content", "subtitles"):
        shutil.copytree(BUNDLED / name, tmp_path / name)
    config = (BUNDLED / "pyproject.toml").read_text(encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        config + "\n[tool.coursekit.format]\nline-length = 40\n", encoding="utf-8")
    return tmp_path


def _findings(root: Path, cache: bool) -> list[str]:
    report = check_course(Course.open(root), [Area.LESSONS], cache=cache)
    return sorted(repr(d) for d in report.diagnostics)


def _append(lesson: Path, text: str) -> None:
    lesson.write_text(lesson.read_text(encoding="utf-8") + text, encoding="utf-8")


def test_a_cached_run_reports_each_unformatted_fence_once(root: Path) -> None:
    plain = _findings(root, cache=False)
    assert sum("LES124" in d for d in plain) > 10
    assert _findings(root, cache=True) == plain
    assert _findings(root, cache=True) == plain


@pytest.mark.parametrize("lesson", ["content/en/chapter3/4.mdx", "content/fr/chapter3/4.mdx"])
def test_after_one_lesson_changed_the_others_unformatted_fences_are_not_doubled(
    root: Path, lesson: str,
) -> None:
    _findings(root, cache=True)
    _append(root / lesson, "\nOne more line.\n")
    assert _findings(root, cache=True) == _findings(root, cache=False)


def test_a_new_unformatted_fence_is_reported_once_beside_the_stored_ones(root: Path) -> None:
    _findings(root, cache=True)
    lesson = root / "content/en/chapter3/4.mdx"
    _append(lesson, "\n```py\nvalue = compute(first_argument, second_argument, third)\n```\n")
    fence = len(lesson.read_text(encoding="utf-8").splitlines()) - 2
    found = _findings(root, cache=True)
    assert found == _findings(root, cache=False)
    assert len([d for d in found if "LES124" in d and f"line={fence}," in d]) == 1
