"""The real courses in ``../shared/corpora``: every lesson with code has a notebook,
and the output fences of the lessons reach notebook cells."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.diagnostics import Severity
from coursekit.lessons.load import load_lesson
from coursekit.notebooks.build import build_course
from coursekit.notebooks.quiz import is_quiz_page

ROOT = Path(__file__).resolve().parents[2]
CORPORA = next(
    (c for c in (ROOT.parent / "shared" / "corpora", ROOT.parents[1] / "shared" / "corpora")
     if c.is_dir()),
    ROOT.parent / "shared" / "corpora",
)
sys.path.insert(0, str(ROOT / "bench"))

import corpus_outputs  # type: ignore[import-not-found]  # noqa: E402


@pytest.mark.parametrize("name", ["audio-course", "agents-course"])
def test_real_course_builds_every_lesson_with_its_outputs(name: str, tmp_path: Path) -> None:
    root = CORPORA / name
    if not root.is_dir():
        pytest.skip(f"{root} is absent (the shared corpora belong beside the checkout)")
    course = Course.open(root)
    result = build_course(course, out=tmp_path, quizzes=True)
    files = [f for lang in course.lesson_languages() for f in course.lesson_files(lang)]
    counts = corpus_outputs.count(course.root, tmp_path, files)
    assert counts.lessons_with_python > 50
    assert counts.lessons_without_notebook == []
    assert counts.ratio >= 0.99, counts.lost_outputs
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    assert {d.rule for d in errors} <= {"LES103"}, errors


@pytest.mark.parametrize("name", ["audio-course", "agents-course"])
def test_only_quiz_pages_go_without_a_notebook_by_default(name: str, tmp_path: Path) -> None:
    root = CORPORA / name
    if not root.is_dir():
        pytest.skip(f"{root} is absent (the corpora are not checked out here)")
    course = Course.open(root)
    build_course(course, out=tmp_path)
    files = [f for lang in course.lesson_languages() for f in course.lesson_files(lang)]
    counts = corpus_outputs.count(course.root, tmp_path, files)
    quizzes = sorted(course.relative(f) for f in files if is_quiz_page(load_lesson(course, f)))
    assert sorted(counts.lessons_without_notebook) == quizzes
    if name == "audio-course":  # chapter 1's quiz offers code snippets as answers
        assert len(quizzes) == len(course.lesson_languages())
