"""Helpers of the formatting tests: a lesson file formatted, and what lies outside
its code."""

from __future__ import annotations

from pathlib import Path

from coursekit.formatting.lessons import CodeFormatter, LessonFormat, format_lessons
from coursekit.formatting.places import place_code, split_lines
from coursekit.formatting.settings import FormatSettings, Formatter
from coursekit.lessons.model import CodeRole
from coursekit.lessons.parse import parse_lesson

FORMATTERS = [Formatter.RUFF, Formatter.BLACK]


def format_file(file: Path, settings: FormatSettings) -> LessonFormat:
    """``file``, read as a lesson, with what ``settings``' formatter changes in it."""
    data = file.read_bytes()
    lesson = parse_lesson(data, path=file.name, language="en")
    [result] = format_lessons([(file, data.decode("utf-8"), lesson)], CodeFormatter(settings))
    return result


def outside_code(data: bytes) -> list[str]:
    """The lines of a lesson file that are not the code of a Python fence, as written
    (line breaks kept): all that formatting may not change."""
    text = data.decode("utf-8")
    lines = split_lines(text)
    lesson = parse_lesson(data, path="lesson.mdx", language="en")
    inside: set[int] = set()
    for code in lesson.code_blocks():
        place = place_code(lines, code)
        if code.role is CodeRole.PYTHON and place is not None:
            inside.update(range(place.first, place.first + place.count))
    return [line for index, line in enumerate(lines) if index not in inside]
