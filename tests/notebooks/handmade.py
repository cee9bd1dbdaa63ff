"""Hand-built lessons for the conversion tests: one English lesson of chapter 1."""

from __future__ import annotations

from coursekit.lessons.model import Block, Code, Directive, Framework, Heading, Lesson, Output

from .. import lesson_model
from ..lesson_model import marker, prose, result

__all__ = ["error", "heading", "lesson", "markers", "prose", "py", "result"]


def lesson(*blocks: Block, path: str = "content/en/chapter1/3.mdx",
           framework: Framework = Framework.BOTH) -> Lesson:
    return lesson_model.lesson(path, *blocks, language="en", chapter=1,
                               title="Using the pipeline", framework=framework)


def py(line: int, source: str, *outputs: Output, framework: Framework = Framework.BOTH,
       directives: tuple[Directive, ...] = ()) -> Code:
    return lesson_model.code(line, source, *outputs, framework=framework, directives=directives)


def error(line: int, name: str, message: str, *, trace: str | None = None) -> Output:
    """The exception line is the first line inside the output fence."""
    return lesson_model.error(line, name, message, trace=trace, exception_line=line + 1)


def heading(line: int, text: str, level: int = 2) -> Heading:
    return lesson_model.heading(line, text, None, level)


def markers(line: int) -> tuple[Block, Block, Block]:
    return (marker(line, "if", Framework.PT), marker(line + 10, "else", Framework.TF),
            marker(line + 20, "end", Framework.BOTH))
