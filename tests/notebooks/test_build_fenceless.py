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


@pytest.mark.parametrize(("text", "with_code"), [(UNTITLED_PROSE, False), (UNTITLED_CODE, True)])
def test_a_lesson_is_parsed_and_reported_by_the_build_only_when_it_has_code(
    course_root: Path, monkeypatch: pytest.MonkeyPatch, text: str, with_code: bool,
) -> None:
    """The same defect (no title) in a lesson without a fence and in one with code: the
    build reads and reports only the second; ``check`` reports both."""
    lesson = "content/en/chapter1/5.mdx"
    write(course_root, lesson, text)
    parsed = _parsed(monkeypatch)
    result = build(course_root)
    assert "content/en/chapter1/1.mdx" in parsed
    assert (lesson in parsed) is with_code
    untitled = lesson_rules.MISSING_TITLE.code
    assert any(d.path == lesson and d.rule == untitled
               for d in result.diagnostics) is with_code
    assert ("en/chapter1/5.ipynb" in result.notebooks) is with_code
    checked = check_course(Course.open(course_root), [Area.LESSONS]).diagnostics
    assert any(d.path == lesson and d.rule == untitled for d in checked)


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
