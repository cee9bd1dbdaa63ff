"""The block tokenizer that tries only the rules a line's first character allows, with
setext headings and paragraphs read in one pass, makes the same tokens as markdown-it's
loop trying every rule with its own setext heading rule; its line tables are
markdown-it's."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it.rules_block import StateBlock
from markdown_it.token import Token

from coursekit.lessons.block_tokenizer import LessonStateBlock
from coursekit.lessons.markdown import build_lesson_markdown, lesson_markdown

from .test_lesson_properties import FRAGMENTS

ROOT = Path(__file__).resolve().parents[2]
EVERY_RULE = build_lesson_markdown({}, one_reading=False)
"""The same dialect with no rule skipped and markdown-it's setext heading rule."""
TABLES = ("bMarks", "eMarks", "tShift", "sCount", "bsCount", "lineMax")


def _tokens(tokens: list[Token]) -> list[tuple[object, ...]]:
    return [(t.type, t.tag, t.nesting, t.level, t.map, t.content, t.markup, t.info, t.meta,
             t.block, t.hidden) for t in tokens]


def _same_tokens(text: str) -> None:
    assert _tokens(lesson_markdown().parse(text, {})) == _tokens(EVERY_RULE.parse(text, {}))


def _same_tables(text: str) -> None:
    ours = LessonStateBlock(text, lesson_markdown(), {}, [])
    theirs = StateBlock(text, lesson_markdown(), {}, [])
    assert [getattr(ours, t) for t in TABLES] == [getattr(theirs, t) for t in TABLES]


LINES = st.lists(
    st.sampled_from([*FRAGMENTS, "===", "---", " - ", "    ```py", "Title"])
    | st.text(alphabet=" \t>-*+#=`~[]<{}1.)ab", max_size=8),
    max_size=30,
)
INDENT = st.sampled_from(["", "", " ", "  ", "    ", "\t", " \t", "> ", "- ", "1. "])


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(INDENT, LINES.map("\n".join)), max_size=8), st.booleans())
def test_the_same_tokens_as_trying_every_rule(parts: list[tuple[str, str]], end: bool) -> None:
    text = "\n".join(indent + line for indent, chunk in parts for line in chunk.split("\n"))
    _same_tokens(text + ("\n" if end else ""))


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=" \t\nab>", max_size=40))
def test_the_line_tables_of_markdown_it(text: str) -> None:
    _same_tables(text)


@pytest.mark.parametrize("folder", ["content", "tests/fixtures/lessons"])
def test_the_same_tokens_on_lessons(folder: str) -> None:
    files = sorted((ROOT / folder).rglob("*.md*"))
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        _same_tokens(text)
        _same_tables(text)
