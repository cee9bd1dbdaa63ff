"""A lesson without a code fence yields no notebook: the build records it unparsed and
leaves what its text says to ``check``; a lesson with a fence is read and reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.checks import Area, check_course
from coursekit.config import Course
from coursekit.lessons import rules as lesson_rules
from coursekit.lessons.load import LessonPlace
from coursekit.lessons.model import CodeRole, Framework, Lesson
from coursekit.notebooks.build import BuildResult, build_course
from coursekit.notebooks.lesson_files import LessonSource

from ..bundled import REPOSITORY
from ..lessons.test_lesson_markdown import CORPORA
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


@pytest.mark.parametrize(("data", "python"), [
    (b"# T\n\n```py\nx = 1\n```\n", True),
    (b"# T\n\n~~~ Python3 title='a'\nx = 1\n~~~\n", True),
    (b"# T\n\n````py:\nx = 1\n````\n", True),  # a typo read as Python
    (b"# T\n\n> ```py\r\n> x = 1\r\n> ```\r\n", True),  # in a quote, CRLF
    (b"# T\n\n1. Step\n\n   ```python\n   x = 1\n   ```\n", True),  # in a list
    # A run inside a line opens no fence: parsed for nothing, as the scan may be wrong
    (b"# T\n\n\xff```py\nx = '\xfe'\n```\n", None),
    (b"# T\n\n```py\xc2\xa0title\nx = 1\n```\n", True),  # a no-break space after py
    (b"# T\n\n~~~\nx\n~~~\n", False),
    (b"# T\n\n```json\n{}\n```\n\n```bash\npip install x\n```\n", False),
    (b"# T\n\n```python out\n1\n```\n", False),  # output, not code
    (b"# T\n\nInline `code` and ``two`` only.\n", False),
    # Not UTF-8 text: parsed, so that the build says so (LES101), whatever it holds
    (b"# T\n\n`\xff``py\n", None),  # a replaced byte splits the marker
    ("# T\n\n```py\nx = 1\n```\n".encode("utf-16-le"), None),  # no mark: NULs
    (b"# T\n\nCaf\xc3\xa9, na\xc3\xafve: no code.\n", False),  # UTF-8 beyond ASCII
    (b"", False),
])
def test_python_is_found_in_the_bytes_as_the_parse_finds_it(
    data: bytes, python: bool | None,
) -> None:
    """``None``: no Python, though the scan finds a run that could open a Python fence."""
    place = LessonPlace(path="content/en/1.mdx", language="en", chapter=None, section="1",
                        framework=Framework.BOTH)
    source = LessonSource(place=place, data=data)
    assert source.has_python_fence is (python is not False)
    lesson = source.parse()
    assert any(code.role is CodeRole.PYTHON for code in lesson.code_blocks()) is bool(python)


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16", "utf-8"])
def test_a_lesson_that_is_not_utf8_text_is_an_error_of_the_build(
    course_root: Path, encoding: str,
) -> None:
    """Saved as UTF-16 (with or without its mark), the lesson's code is no fence a
    UTF-8 reader finds: the build says so instead of writing no notebook unsaid. Its
    clean counterpart, the same lesson in UTF-8, is built."""
    lesson = "content/en/chapter1/5.mdx"
    (course_root / lesson).write_bytes(UNTITLED_CODE.encode(encoding))
    result = build(course_root)
    invalid = [d for d in result.diagnostics
               if d.path == lesson and d.rule == lesson_rules.INVALID_UTF8.code]
    assert bool(invalid) is (encoding != "utf-8")
    said = {"utf-16-le": "saved as UTF-16-LE without a byte order mark, not UTF-8",
            "utf-16": "saved as UTF-16-LE, not UTF-8"}  # with its mark, in this order
    if encoding in said:
        assert invalid[0].message.startswith(said[encoding])
    assert ("en/chapter1/5.ipynb" in result.notebooks) is (encoding == "utf-8")
    checked = check_course(Course.open(course_root), [Area.LESSONS]).diagnostics
    assert any(d.path == lesson and d.rule == lesson_rules.INVALID_UTF8.code
               for d in checked) is (encoding != "utf-8")


def test_a_lesson_with_fences_but_no_python_is_not_parsed_by_the_build(
    course_root: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """JSON and shell fences run in no notebook: the build leaves the lesson unread, as
    one without a fence; the same lesson with a Python fence is read and built."""
    lesson = "content/en/chapter1/5.mdx"
    write(course_root, lesson, "# Five\n\n```json\n{}\n```\n\n```bash\nls\n```\n")
    parsed = _parsed(monkeypatch)
    result = build(course_root)
    assert lesson not in parsed
    assert not any(path.startswith("en/chapter1/5") for path in result.notebooks)
    write(course_root, lesson, "# Five\n\n```json\n{}\n```\n\n```py\nx = 1\n```\n")
    assert "en/chapter1/5.ipynb" in build(course_root).written
    assert lesson in parsed


def _lesson_files() -> list[Path]:
    roots = [REPOSITORY / "content", CORPORA]
    return sorted(p for root in roots if root.is_dir() for p in root.rglob("*.mdx"))


def test_no_lesson_of_the_real_courses_with_python_is_taken_for_one_without() -> None:
    """Over the bundled course and the corpora: a lesson the byte scan finds no Python
    in has no Python code block once parsed (the scan may only err the other way)."""
    files = _lesson_files()
    if not files:
        pytest.skip("no course to read")
    place = LessonPlace(path="content/en/1.mdx", language="en", chapter=None, section="1",
                        framework=Framework.BOTH)
    for path in files:
        source = LessonSource(place=place, data=path.read_bytes())
        if not source.has_python_fence:
            codes = source.parse().code_blocks()
            assert not any(c.role is CodeRole.PYTHON for c in codes), path
