"""Properties of the lesson parser: it never raises, and every line it reports is in the file."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.lessons.model import Code, Lesson
from coursekit.lessons.parse import parse_lesson

FRAGMENTS = [
    "", "", "text", "# Title[[title]]", "## Section[[a]]", "Setext", "---",
    "```py", "```python", "```", "``` `tail` text", "```python out", "```out", "~~~", "```py:",
    "   ```py", "> ```py", "> code", "> ```", ">", "> > quoted",
    "{#if fw === 'pt'}", "{#if fw === 'tf'}", "{:else}", "{#else}", "{:else} junk", "{/if}",
    "> {#if fw === 'pt'}", "{#if fw === 'jax'}",
    "<Tip>", "<Tip warning={true}>", "</Tip>", "<Tip>inline</Tip>",
    '<Youtube id="x"/>', "<FrameworkSwitchCourse {fw} />", "<Question", "choices={[{text: \"a\"",
    "}]}", "/>", "<div>", "</div>", "<hfoptions id=\"x\">", "</hfoptions>",
    "<!-- coursekit: skip reason=\"x\" -->", "<!-- coursekit: expect-error ValueError \"m\" -->",
    "{/* coursekit: timeout=5 */}", "<!-- coursekit: bogus -->", "<!--", "-->", "{/*", "*/}",
    "> [!TIP]", "> [!WARNING]", "- item", "1. item", "    indented", "\t```py",
    "Traceback (most recent call last):", "  File \"x\", line 1", "ValueError: boom",
    "'IndexError: out of bounds'", "KeyboardInterrupt", "\u00e9\u00e8 \U0001f917", "\r", "\0",
]


def _check_lines(lesson: Lesson, source_lines: int) -> None:
    last = 0
    for block in lesson.blocks:
        assert 1 <= block.line <= source_lines, block
        assert block.line >= last, "blocks come in source order"
        last = block.line
        if isinstance(block, Code):
            for output in block.outputs:
                assert output.line > block.line
                if output.exception is not None:
                    assert output.line < output.exception.line <= source_lines
            for directive in block.directives:
                assert directive.line < block.line
    for diagnostic in lesson.diagnostics:
        assert diagnostic.line is None or 1 <= diagnostic.line <= source_lines, diagnostic


def _line_count(text: str) -> int:
    return text.replace("\r\n", "\n").replace("\r", "\n").count("\n") + 1


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=40))
def test_dialect_soup_parses_with_lines_in_the_file(lines: list[str]) -> None:
    text = "\n".join(lines)
    lesson = parse_lesson(text, path="soup.mdx", language="en")
    _check_lines(lesson, _line_count(text))


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_any_text_parses(text: str) -> None:
    lesson = parse_lesson(text, path="any.mdx", language="en")
    _check_lines(lesson, _line_count(text))


@settings(max_examples=200, deadline=None)
@given(st.binary())
def test_any_bytes_parse(data: bytes) -> None:
    lesson = parse_lesson(data, path="any.mdx", language="en")
    _check_lines(lesson, data.count(b"\n") + data.count(b"\r") + 1)
