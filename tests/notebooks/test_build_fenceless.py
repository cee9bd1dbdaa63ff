"""A lesson without a code fence yields no notebook: the build records it unparsed and
leaves what its text says to ``check``; a lesson with a fence is read and reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.checks import Area, check_course
from coursekit.config import Course
from coursekit.lessons import rules as lesson_rules
from coursekit.lessons.load import LessonPlace
from coursekit.lessons.model import Framework, Lesson
from coursekit.notebooks.build import BuildResult, build_course
from coursekit.notebooks.lesson_files import LessonSource

from .sample_course import write

UNTITLED_PROSE = "Text without a title, and no code.\n\n<Tip>\nA tip.\n</Tip>\n"
UNTITLED_CODE = "Text without a title.\n\n```py\nx = 1\n```\n"


def build(root: Path) -> BuildResult:
    return build_course(Course.open(root))


def _parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    parsed: list[str] = []
    real = LessonSource.parse

    def parse(source: LessonSource, *args: object, **kwargs: object) -> Lesson:
        parsed.append(source.relative)
        return real(source, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(LessonSource, "parse", parse)
    return parsed


def test_a_lesson_without_a_fence_is_not_parsed_and_its_findings_are_checks(
    course_root: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    lesson = "content/en/chapter1/5.mdx"
    write(course_root, lesson, UNTITLED_PROSE)
    parsed = _parsed(monkeypatch)
    result = build(course_root)
    assert lesson not in parsed
    assert "content/en/chapter1/1.mdx" in parsed
    assert not [d for d in result.diagnostics if d.path == lesson]
    assert not [n for n in result.notebooks if n.startswith("en/chapter1/5")]
    checked = check_course(Course.open(course_root), [Area.LESSONS]).diagnostics
    assert any(d.path == lesson and d.rule == lesson_rules.MISSING_TITLE.code for d in checked)


def test_the_same_finding_in_a_lesson_with_code_is_reported_by_the_build(
    course_root: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    lesson = "content/en/chapter1/5.mdx"
    write(course_root, lesson, UNTITLED_CODE)
    parsed = _parsed(monkeypatch)
    result = build(course_root)
    assert lesson in parsed
    assert any(d.path == lesson and d.rule == lesson_rules.MISSING_TITLE.code
               for d in result.diagnostics)
    assert "en/chapter1/5.ipynb" in result.notebooks


def test_a_lesson_whose_fences_go_loses_its_notebook(course_root: Path) -> None:
    lesson = "content/en/chapter1/5.mdx"
    write(course_root, lesson, "# Five\n\n~~~py\nx = 1\n~~~\n")
    assert "en/chapter1/5.ipynb" in build(course_root).written
    write(course_root, lesson, "# Five\n\nThe code moved to the next lesson.\n")
    assert build(course_root).removed == ["en/chapter1/5.ipynb"]
    assert not (course_root / "build/notebooks/en/chapter1/5.ipynb").exists()


@pytest.mark.parametrize(("data", "fenced"), [
    (b"# T\n\n```py\nx = 1\n```\n", True),
    (b"# T\n\n~~~\nx\n~~~\n", True),
    (b"# T\n\n\xff```py\nx = '\xfe'\n```\n", True),  # invalid bytes beside the fence
    (b"# T\n\nInline `code` and ``two`` only.\n", False),
    (b"# T\n\n`\xff``py\n", False),  # a replaced byte splits the marker
    (b"", False),
])
def test_a_fence_is_found_in_the_bytes_as_the_parse_finds_it(data: bytes, fenced: bool) -> None:
    place = LessonPlace(path="content/en/1.mdx", language="en", chapter=None, section="1",
                        framework=Framework.BOTH)
    source = LessonSource(place=place, data=data)
    assert source.has_fence is fenced
    lesson = source.parse()
    assert bool(lesson.code_blocks()) is fenced
