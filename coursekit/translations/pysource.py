"""Python code of lesson blocks as tokens: how translated code is compared.

The syntax tree and the names of a block come from :mod:`coursekit.lessons.python`;
here the text is compared token by token. Every function here is a pure function
of the code text and is cached: most translated code blocks are byte-identical
across languages, so a course with many translations reads each distinct block once.
"""

from __future__ import annotations

import io
import tokenize
from functools import lru_cache

_CACHE = 1 << 15
_DROPPED = frozenset({tokenize.NL, tokenize.ENDMARKER})
_LAYOUT = frozenset({tokenize.INDENT, tokenize.DEDENT, tokenize.NEWLINE})

Token = tuple[int, str]


@lru_cache(maxsize=_CACHE)
def tokens(source: str) -> tuple[Token, ...] | None:
    """Significant tokens of ``source`` (indentation kept as structure, not width).

    ``None`` when the text cannot be tokenized as Python.
    """
    out: list[Token] = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type in _DROPPED:
                continue
            out.append((tok.type, "" if tok.type in _LAYOUT else tok.string))
    except (tokenize.TokenError, SyntaxError):
        return None
    return tuple(out)


@lru_cache(maxsize=_CACHE)
def without_comments(source: str) -> tuple[Token, ...] | None:
    toks = tokens(source)
    if toks is None:
        return None
    return tuple(t for t in toks if t[0] != tokenize.COMMENT)


_FSTRING_START = getattr(tokenize, "FSTRING_START", None)
_FSTRING_END = getattr(tokenize, "FSTRING_END", None)


@lru_cache(maxsize=_CACHE)
def skeleton(source: str) -> tuple[Token, ...] | None:
    """Tokens without comments and with every string literal blanked. Adjacent literals
    count as one (``"Extract all the text. " "Return only it."`` is one string that a
    translation may write as one literal), and so does an f-string's inside."""
    toks = without_comments(source)
    if toks is None:
        return None
    out: list[Token] = []
    depth = 0
    for kind, text in toks:
        if kind == _FSTRING_START:
            depth += 1
            continue
        if depth:
            if kind == _FSTRING_END:
                depth -= 1
                if not depth and not (out and out[-1] == (tokenize.STRING, "")):
                    out.append((tokenize.STRING, ""))
            continue
        if kind == tokenize.STRING:
            if not (out and out[-1] == (tokenize.STRING, "")):
                out.append((tokenize.STRING, ""))
            continue
        out.append((kind, text))
    return tuple(out)


def words(source: str) -> tuple[str, ...]:
    """Whitespace-separated words: how non-Python blocks are compared."""
    return tuple(source.split())
