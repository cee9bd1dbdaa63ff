"""Minimal reproducers of lesson-parser defects, one named test each."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from coursekit.lessons.context import ParseContext
from coursekit.lessons.model import Code, Component, Lesson, Prose
from coursekit.lessons.parse import decode, parse_lesson
from coursekit.wide_text import unmarked_utf16, wide_encoding


def _parse(text: str) -> Lesson:
    return parse_lesson(text, path="case.mdx", language="en")


def _codes(text: str) -> list[str]:
    return [b.source for b in _parse(text).blocks if isinstance(b, Code)]


def test_fence_inside_a_tip_is_code() -> None:
    assert _codes("# T\n\n<Tip>\n\n```py\nx = 1\n```\n\n</Tip>\n") == ["x = 1"]


def test_fence_after_tip_note_on_the_tag_line_is_code() -> None:
    assert _codes("# T\n\n<Tip>Note:\n```py\nx = 1\n```\n</Tip>\n") == ["x = 1"]


def test_indented_fence_right_after_a_paragraph_line_is_code() -> None:
    assert _codes("# T\n\nOutput:\n    ```py\n    x = 1\n    ```\n") == ["x = 1"]


def test_component_missing_its_closing_bracket_does_not_swallow_paragraphs() -> None:
    lesson = _parse('# T\n\n<Youtube id="abc"\n\nA paragraph > with a bracket.\n\n'
                    "```py\nx = 1\n```\n")
    assert [b.source for b in lesson.blocks if isinstance(b, Code)] == ["x = 1"]
    assert any(isinstance(b, Prose) and "A paragraph" in b.text for b in lesson.blocks)
    assert any(isinstance(b, Component) for b in lesson.blocks)
    assert [d.rule for d in lesson.diagnostics] == ["LES116"]


def test_fence_in_a_quote_deeper_than_markdown_its_default_limit() -> None:
    depth = 21
    quoted = "\n".join(">" * depth + " " + line for line in ("```py", "x = 1", "```"))
    assert _codes(f"# T\n\n{quoted}\n") == ["x = 1"]


def test_fence_in_lists_eleven_deep() -> None:
    items = [("  " * level) + "- item" for level in range(11)]
    fence = ["  " * 11 + line for line in ("```py", "x = 1", "```")]
    assert _codes("# T\n\n" + "\n".join(items + fence) + "\n") == ["x = 1"]


def test_closed_comment_of_250_lines_is_one_comment() -> None:
    body = "\n".join(f"line {n} ```py" for n in range(250))
    lesson = _parse(f"# T\n\n<!--\n{body}\n-->\n\n```py\nx = 1\n```\n")
    assert [b.source for b in lesson.blocks if isinstance(b, Code)] == ["x = 1"]
    assert lesson.diagnostics == ()


def test_fence_of_6000_lines_is_one_fence_with_one_finding_at_most() -> None:
    body = "\n".join("x = 1" for _ in range(6000))
    closed = _parse(f"# T\n\n```py\n{body}\n```\n")
    assert [len(b.source.splitlines()) for b in closed.blocks if isinstance(b, Code)] == [6000]
    assert closed.diagnostics == ()
    unclosed = _parse(f"# T\n\n```py\n{body}\n")
    assert [d.rule for d in unclosed.diagnostics] == ["LES103"]


def test_nesting_past_the_parser_limit_is_a_finding() -> None:
    quoted = ">" * 300 + " ```py\n"
    lesson = _parse(f"# T\n\n{quoted}")
    assert [d.rule for d in lesson.diagnostics] == ["LES122"]
    tips = _parse("# T\n\n" + "<Tip>\n\n" * 300 + "Deep.\n\n" + "</Tip>\n\n" * 300)
    [deep] = tips.diagnostics
    assert deep.rule == "LES122" and "components nested" in deep.message
    assert _parse("# T\n\n" + "<Tip>\n\n" * 3 + "Deep.\n\n" + "</Tip>\n\n" * 3
                  ).diagnostics == ()


@given(st.sampled_from([b"", b"\xef\xbb\xbf"]), st.binary(max_size=12))
def test_lesson_bytes_decode_as_utf_8_with_an_optional_signature(bom: bytes, body: bytes) -> None:
    data = bom + body
    context = ParseContext(path="content/en/c/1.mdx")
    text = decode(data, context)
    expected: str | UnicodeDecodeError
    try:
        expected = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        expected = exc
    if isinstance(expected, str):
        assert text == expected
        # NUL decodes, but no text file holds it: reported once, as UTF-16 where the NULs
        # are UTF-16's, else at its offset
        said: list[str] = []
        if "\0" in expected:
            utf16 = None if bom else unmarked_utf16(data)
            said = [f"saved as {utf16.upper()} without" if utf16 is not None
                    else f"NUL byte at byte offset {data.index(0)},"]
        assert [d.message[:len(said[0])] for d in context.diagnostics] == said
    else:
        assert text == data.decode("utf-8", errors="replace").removeprefix("\ufeff")
        (finding,) = context.diagnostics
        wide = wide_encoding(data)  # UTF-16 or UTF-32 is named as such
        assert (f"{wide}, not UTF-8" if wide is not None
                else f"byte offset {expected.start}") in finding.message
