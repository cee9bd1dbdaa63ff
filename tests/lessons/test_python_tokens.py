"""The tokens of a lesson's code, read by the own loop, are the ones :mod:`tokenize` gives."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.lessons.parse import parse_lesson
from coursekit.lessons.python_tokens import (
    _read,
    _read_with_tokenize,
    _Unusual,
    significant_tokens,
)

ROOT = Path(__file__).resolve().parents[2]
CORPORA = next(
    (c for c in (ROOT.parent / "shared" / "corpora", ROOT.parents[1] / "shared" / "corpora")
     if c.is_dir()),
    ROOT.parent / "shared" / "corpora",
)
own_loop = pytest.mark.skipif(
    sys.version_info >= (3, 12),
    reason="the own loop runs on Python 3.11 only; newer ones tokenize in C",
)

PIECES = [
    "x = 1", "def f(a, b):", "    return a", "  pass", "class A:", "if x:", "else:",
    "# note", "x = 1  # note", "print(f'{x}')", "s = 'it''s'", 's = \"a\\\\\"b\"', "(1,", "2)",
    "]", "[", '"""doc', 'more"""', "'''x'''", "r'\\d'", "b'x'", "0x1F", "1e5", ".5", "...",
    "a.b", "x: int = 3", "@dec", "lambda: 0", "é = 2", "x $ y", "!pip install x", "%time f()",
    "model?", "a \\", "\t", "   ", "", "u'x", 'f"""', "1_000j", "x\f", "a = (", ")",
]


def _same(source: str) -> None:
    assert significant_tokens(source) == _read_with_tokenize(source), source


@own_loop
@settings(max_examples=3000, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["", " ", "  ", "    ", "        "]),
                          st.sampled_from(PIECES) | st.text(" ()[]{}'\"#=\\.:ax1\n", max_size=6)),
                max_size=8),
       st.booleans())
def test_the_own_loop_reads_the_tokens_tokenize_reads(
        lines: list[tuple[str, str]], end: bool) -> None:
    _same("\n".join(indent + text for indent, text in lines) + ("\n" if end else ""))


@own_loop
@pytest.mark.parametrize("source", [
    "", "\n", "x", "x\n", "x\n   ", "x\n   \n", "if a:\n    b\n  c", "(\n", '"""\n',
    "x = (1,\n     2)\n", "def f():\n    '''doc\n    more'''\n    return 1", "# only",
    "x  # c", ")\n(", "a = 1\n\n\n", "if a:\n    b\n# c\n",
])
def test_the_own_loop_reads_edge_cases_as_tokenize(source: str) -> None:
    _same(source)


@own_loop
@pytest.mark.parametrize("source", [
    "!pip install x", "a  $ b", "x = 1\n%time f()", "m?", "Réponse d'Alfred : r'x", "a = 'open",
])
def test_the_own_loop_makes_the_error_tokens_tokenize_makes(source: str) -> None:
    assert _read(source) == _read_with_tokenize(source)


@own_loop
@pytest.mark.parametrize("source", ["a = 'x\\\ny'", "é = 'x\\\ny'"])
def test_what_the_own_loop_leaves_to_tokenize_is_read_by_it(source: str) -> None:
    with pytest.raises(_Unusual):
        _read(source)
    _same(source)


@own_loop
@pytest.mark.skipif(not CORPORA.is_dir(),
                    reason=f"{CORPORA} is absent (the shared corpora belong beside the checkout)")
def test_the_own_loop_reads_the_code_of_real_courses_as_tokenize() -> None:
    read = 0
    for path in sorted(CORPORA.rglob("*.mdx")):
        lesson = parse_lesson(path.read_bytes(), path=str(path), language="en")
        for code in lesson.code_blocks():
            _same(code.source)
            read += 1
    assert read > 1000
