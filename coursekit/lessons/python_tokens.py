"""The significant tokens of a Python source, as :mod:`tokenize` reads them, and the
views of them that a translated block is compared by.

A translated code block is compared with its source by its tokens (see
:attr:`coursekit.lessons.python.CodeFacts.tokens`). They are :mod:`tokenize`'s own.
A loop of coursekit's own that repeated the pure-Python tokenizer of Python 3.11 on
the common case was 1.4-2x faster per code block, but on the whole command it did not
pay: ``coursekit check`` of the real-shaped 26-language courses (``bench/realshape.py``'s
course, 1,932 lessons shaped on agents-course and 1,302 on audio-course) took 0.96x and
1.02x the CPU time with :mod:`tokenize` alone (median of three alternating rounds each),
well under the 1.3x a second implementation of a library's job must earn.
"""

from __future__ import annotations

import io
import tokenize
from collections.abc import Iterator

Token = tuple[int, str]
"""A token's type and text (``""`` for indentation and line ends)."""

_DROPPED = frozenset({tokenize.NL, tokenize.ENDMARKER})
_LAYOUT = frozenset({tokenize.INDENT, tokenize.DEDENT, tokenize.NEWLINE})


def significant_tokens(source: str) -> tuple[Token, ...] | None:
    """The tokens of ``source`` but line breaks that end no statement and the end
    marker, indentation and statement ends with empty text; ``None`` when :mod:`tokenize`
    cannot read it (an unclosed bracket or string, a dedent to no outer level; from
    Python 3.12 on, a carriage return before a non-ASCII character, which its tokenizer
    fails to decode)."""
    out: list[Token] = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type in _DROPPED:
                continue
            out.append((tok.type, "" if tok.type in _LAYOUT else tok.string))
    except (tokenize.TokenError, SyntaxError, UnicodeDecodeError):
        return None
    return tuple(out)


_UNPLACED = frozenset({tokenize.COMMENT, tokenize.NL, tokenize.ENDMARKER})
_TEXT = frozenset({tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)})


def placed_tokens(source: str) -> list[tuple[Token, range]] | None:
    """Each token but comments and line breaks, a string literal's text blanked, with
    the lines (from 0) it spans: which lines a change of code touches. ``None`` where
    :func:`significant_tokens` is."""
    try:
        return [((tok.type, "" if tok.type in _TEXT else tok.string),
                 range(tok.start[0] - 1, tok.end[0]))
                for tok in tokenize.generate_tokens(io.StringIO(source).readline)
                if tok.type not in _UNPLACED]
    except (tokenize.TokenError, SyntaxError, UnicodeDecodeError):
        return None


_FSTRING_START = getattr(tokenize, "FSTRING_START", None)
_FSTRING_END = getattr(tokenize, "FSTRING_END", None)


def _marked(tokens: tuple[Token, ...]) -> Iterator[tuple[Token, bool]]:
    """Each token, with whether it is part of a string literal (a string, or an
    f-string from its start to its end)."""
    depth = 0
    for kind, text in tokens:
        if kind == _FSTRING_START:
            depth += 1
        elif kind == _FSTRING_END and depth:
            depth -= 1
            yield (kind, text), True
            continue
        yield (kind, text), depth > 0 or kind == tokenize.STRING


def skeleton(tokens: tuple[Token, ...]) -> tuple[Token, ...]:
    """``tokens`` with each string literal blanked, adjacent literals and an f-string's
    inside counted as one (:attr:`coursekit.lessons.python.CodeFacts.skeleton`)."""
    out: list[Token] = []
    before = False
    for token, in_string in _marked(tokens):
        if not in_string:
            out.append(token)
        elif not before:
            out.append((tokenize.STRING, ""))
        before = in_string
    return tuple(out)


def literals(tokens: tuple[Token, ...]) -> list[str]:
    """The text of each literal :func:`skeleton` blanks, in order (adjacent literals and
    an f-string's inside joined, as it counts them)."""
    out: list[str] = []
    before = False
    for (_, text), in_string in _marked(tokens):
        if in_string and before:
            out[-1] += text
        elif in_string:
            out.append(text)
        before = in_string
    return out


def code_lines(source: str) -> tuple[str, ...] | None:
    """The code lines of ``source``, words single-spaced, comment lines dropped
    (:attr:`coursekit.lessons.python.CodeFacts.code_lines`)."""
    if '"""' in source or "'''" in source:
        return None
    kept: list[str] = []
    for line in source.split("\n"):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if "#" in stripped:
            return None
        indent = line[: len(line) - len(line.lstrip())]
        kept.append(indent + " ".join(stripped.split()))
    return tuple(kept)

