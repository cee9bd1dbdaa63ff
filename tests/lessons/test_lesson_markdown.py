"""The lesson parser, with setext headings and paragraphs read in one pass, headings
made one token each and rules tried by a line's first character, makes the same tokens
as markdown-it's own heading and paragraph rules tried in turn (a heading's three
tokens read as one); tag ends and attributes by stated facts."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from markdown_it.token import Token

from coursekit.lessons.dialect_block.tags import _find_end, _skip_braces
from coursekit.lessons.markdown import build_lesson_markdown, lesson_markdown
from coursekit.lessons.parse import normalise

from .test_lesson_properties import FRAGMENTS

ROOT = Path(__file__).resolve().parents[2]
EVERY_RULE = build_lesson_markdown(one_reading=False, normalised=False, dispatched=False)
"""The same dialect with markdown-it's heading rules, every rule tried at every line, and
its own pass normalising the text."""


def _tokens(tokens: list[Token]) -> list[tuple[object, ...]]:
    return [(t.type, t.tag, t.nesting, t.attrs, t.map, t.level, t.children, t.content,
             t.markup, t.info, t.meta, t.block, t.hidden) for t in _one_token_headings(tokens)]


def _one_token_headings(tokens: list[Token]) -> list[Token]:
    """markdown-it's three tokens of a heading (open, inline, close) as the dialect's one:
    the opening token's tag, map, markup and meta, the inline token's text."""
    out: list[Token] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.type != "heading_open":
            out.append(token)
            index += 1
            continue
        out.append(Token("heading", token.tag, 0, map=token.map, level=token.level,
                         content=tokens[index + 1].content, markup=token.markup,
                         meta=token.meta, block=True))
        index += 3
    return out


def _outcome(md: MarkdownIt, text: str) -> object:
    """The tokens, or the error markdown-it raises (it has bugs the lesson parser reports
    as LES123; both loops must meet them alike)."""
    try:
        return _tokens(md.parse(text, {}))
    except Exception as exc:  # any error, compared by type and text
        return f"{type(exc).__name__}: {exc}"


def _same_tokens(text: str) -> None:
    """The lesson parser's tokens of ``text`` (normalised first, as parse_lesson does) are
    markdown-it's of the raw text."""
    assert _outcome(lesson_markdown(), normalise(text)) == _outcome(EVERY_RULE, text)


LINES = st.lists(
    st.sampled_from([*FRAGMENTS, "===", "---", " - ", "    ```py", "Title", "# A #", "#x",
                     "## B[[b]]", "### ###", "#\tC \t## ", "####### D", "# E[[]]", "#"])
    | st.text(alphabet=" \t>-*+#=`~[]<{}1.)ab", max_size=8),
    max_size=30,
)
INDENT = st.sampled_from(["", "", " ", "  ", "    ", "\t", " \t", "> ", "- ", "1. "])


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(INDENT, LINES.map("\n".join)), max_size=8), st.booleans())
def test_the_same_tokens_as_trying_every_rule(parts: list[tuple[str, str]], end: bool) -> None:
    text = "\n".join(indent + line for indent, chunk in parts for line in chunk.split("\n"))
    _same_tokens(text + ("\n" if end else ""))


CORPORA = next(
    (c for c in (ROOT.parent / "shared" / "corpora", ROOT.parents[1] / "shared" / "corpora")
     if c.is_dir()),
    ROOT.parent / "shared" / "corpora",
)


@pytest.mark.parametrize("folder", ["content", "tests/fixtures", "corpora"])
def test_the_same_tokens_on_lessons(folder: str) -> None:
    place = CORPORA if folder == "corpora" else ROOT / folder
    if not place.is_dir():
        pytest.skip(f"{place} is absent (the shared corpora belong beside the checkout)")
    files = sorted(place.rglob("*.md*"))
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        _same_tokens(text)


@pytest.mark.parametrize("text", ["a\r\nb\r\n\r\n# T\r", "x\0y\n\0\n", "\r\r- a\r  b\0"])
def test_line_breaks_and_nuls_read_as_markdown_it_reads_them(text: str) -> None:
    _same_tokens(text)


@pytest.mark.parametrize(("text", "quote", "depth", "braces_only", "found"), [
    ("a b>c", "", 0, False, (4, "", 0)),
    ('a="x>y" b>', "", 0, False, (10, "", 0)),  # a `>` in quotes is no end
    ("a={x > 1}>", "", 0, False, (10, "", 0)),  # nor one in braces
    ("a={{x}} >", "", 0, False, (9, "", 0)),
    (r"a=\>b>", "", 0, False, (6, "", 0)),  # an escaped `>` is no end
    ("x>", '"', 0, False, (None, '"', 0)),  # inside a quote opened on an earlier line
    ('x" y>', '"', 0, False, (5, "", 0)),
    ("a={`}`}", "", 0, True, (7, "", 0)),
    ("a={b", "", 0, True, (None, "", 1)),
    ("}>", "", 1, False, (2, "", 0)),  # a brace opened on an earlier line closes
    ("}}>", "", 0, False, (3, "", 0)),  # a stray `}` does not go below depth 0
    ("", "", 0, False, (None, "", 0)),
])
def test_a_tag_end_is_the_first_bare_closing_character(
    text: str, quote: str, depth: int, braces_only: bool, found: tuple[int | None, str, int],
) -> None:
    assert _find_end(text, 0, quote, depth, braces_only) == found


@pytest.mark.parametrize(("text", "end"), [("x={a}b", 5), ("x={a{b}c}d", 9), ("x={'}'}", 7),
                                           ("x={a", 4)])
def test_braces_end_at_the_matching_brace(text: str, end: int) -> None:
    assert _skip_braces(text, 2) == end


def test_attributes_of_every_kind_on_one_long_line() -> None:
    from coursekit.lessons.dialect_block.tags import parse_attributes

    body = " ".join(f"w{i}={i}" for i in range(2_000))
    attrs = parse_attributes(f' {body} title="a b" code={{x > 1}} {{fw}} flag last=z/')
    assert [attrs[f"w{i}"] for i in (0, 1, 1_999)] == ["0", "1", "1999"]
    assert (attrs["title"], attrs["code"], attrs["fw"], attrs["flag"], attrs["last"]) == (
        "a b", "{x > 1}", "{fw}", "", "z")
