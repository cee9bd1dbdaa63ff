"""The tokens a translated code block is compared by: tokenize's, without what does
not change what the code is."""

from __future__ import annotations

import tokenize

import pytest

from coursekit.lessons.python_tokens import significant_tokens


def test_blank_lines_and_the_end_marker_are_dropped_layout_has_no_text() -> None:
    assert significant_tokens("if a:\n\n    b = 1\n") == (
        (tokenize.NAME, "if"), (tokenize.NAME, "a"), (tokenize.OP, ":"), (tokenize.NEWLINE, ""),
        (tokenize.INDENT, ""), (tokenize.NAME, "b"), (tokenize.OP, "="), (tokenize.NUMBER, "1"),
        (tokenize.NEWLINE, ""), (tokenize.DEDENT, ""),
    )


def test_spacing_and_blank_lines_do_not_change_the_tokens() -> None:
    assert significant_tokens("x=f( 1,2 )\n\n\n") == significant_tokens("x = f(1, 2)\n")


def test_a_comment_and_a_string_are_tokens_of_their_own() -> None:
    tokens = significant_tokens("x = 'a'  # note\n")
    assert tokens is not None
    assert (tokenize.STRING, "'a'") in tokens
    assert (tokenize.COMMENT, "# note") in tokens
    assert significant_tokens("x = 'b'  # note\n") != tokens


def test_ipython_lines_are_read_as_tokens_not_refused() -> None:
    # An error token up to Python 3.11, an operator from 3.12 on (PEP 701's tokenizer):
    # read either way, and compared with code tokenized by the same Python.
    tokens = significant_tokens("!pip install x\n")
    assert tokens is not None
    assert [text for _, text in tokens[:3]] == ["!", "pip", "install"]


@pytest.mark.parametrize("source", ["x = (1,\n", 'doc = """open\n', "if a:\n    b\n  c\n"])
def test_what_tokenize_cannot_read_has_no_tokens(source: str) -> None:
    assert significant_tokens(source) is None


def test_a_carriage_return_before_a_non_ascii_character_never_raises() -> None:
    # Python 3.12's tokenizer and later fail to decode such a line (UnicodeDecodeError);
    # Python 3.11's reads it.
    tokens = significant_tokens("a = 1\r\x80\n")
    assert tokens is None or tokens[:3] == ((tokenize.NAME, "a"), (tokenize.OP, "="),
                                            (tokenize.NUMBER, "1"))
