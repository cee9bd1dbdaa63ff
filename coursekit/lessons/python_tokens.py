"""The significant tokens of a Python source, as :mod:`tokenize` reads them.

A translated code block is compared with its source by its tokens (see
:attr:`coursekit.lessons.python.CodeFacts.tokens`). Up to Python 3.11 :mod:`tokenize` is
written in Python and makes a named tuple per token, which made it the costliest part of
checking a translated course. :func:`significant_tokens` reads the common case (spaces
for indentation, ``\\n`` line ends, no line or string continued by a backslash) in a
loop of its own over the tokenizer's own patterns, and hands anything else to
:mod:`tokenize` itself; on Python 3.12 and later, whose tokenizer is written in C, it
always does.
"""

from __future__ import annotations

import io
import re
import sys
import tokenize

Token = tuple[int, str]
"""A token's type and text (``""`` for indentation and line ends)."""

_DROPPED = frozenset({tokenize.NL, tokenize.ENDMARKER})
_LAYOUT = frozenset({tokenize.INDENT, tokenize.DEDENT, tokenize.NEWLINE})
_OWN_LOOP = sys.version_info < (3, 12)
"""Whether the tokenizer is the pure-Python one whose reading the own loop repeats."""
_UNUSUAL = re.compile(r"[\t\f\r]|\\\n|\\$")
"""What the own loop leaves to :mod:`tokenize`: tabs and form feeds (indentation widths),
carriage returns, and lines continued by a backslash."""
_PSEUDO = re.compile(tokenize.PseudoToken) if _OWN_LOOP else re.compile("")
_TRIPLE_ENDS = {
    prefix: re.compile(tokenize.endpats[prefix])
    for prefix in (tokenize.triple_quoted if _OWN_LOOP else ())
}
_NAME = re.compile(tokenize.Name)
_NUMBER = re.compile(tokenize.Number)
_COMMENT = re.compile(tokenize.Comment)
_FUNNY = re.compile(tokenize.Funny)
_SINGLE_LINE_STRING = re.compile(tokenize.ContStr)
_WORD_START = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
_NUMBER_START = frozenset("0123456789")
_OPENING = frozenset("([{")
_CLOSING = frozenset(")]}")


class _Unusual(Exception):
    """A case the own loop leaves to :mod:`tokenize`."""


def significant_tokens(source: str) -> tuple[Token, ...] | None:
    """The tokens of ``source`` but line breaks that end no statement and the end
    marker, indentation and statement ends with empty text; ``None`` when :mod:`tokenize`
    cannot read it (an unclosed bracket or string, a dedent to no outer level)."""
    if _OWN_LOOP and _UNUSUAL.search(source) is None:
        try:
            return _read(source)
        except _Unusual:
            pass
    return _read_with_tokenize(source)


def _read_with_tokenize(source: str) -> tuple[Token, ...] | None:
    out: list[Token] = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type in _DROPPED:
                continue
            out.append((tok.type, "" if tok.type in _LAYOUT else tok.string))
    except (tokenize.TokenError, SyntaxError):
        return None
    return tuple(out)


def _read(source: str) -> tuple[Token, ...] | None:
    """:func:`_read_with_tokenize` for a source without what :data:`_UNUSUAL` matches;
    raises :class:`_Unusual` where the answer is :mod:`tokenize`'s to give."""
    out: list[Token] = []
    append = out.append
    indents = [0]
    depth = 0
    """Brackets open: inside them, a line break ends no statement."""
    string = ""
    """A triple-quoted string read so far, when it goes on over the next line."""
    string_end: re.Pattern[str] | None = None
    previous = ""
    """The line before the current one, as :mod:`tokenize` keeps it for its end."""
    lines = source.split("\n")
    last = len(lines) - 1
    line = ""
    for number, piece in enumerate(lines):
        previous, line = line, (piece if number == last else piece + "\n")
        if not line:
            break
        size = len(line)
        pos = 0
        if string_end is not None:
            closed = string_end.match(line)
            if closed is None:
                string += line
                continue
            pos = closed.end()
            append((tokenize.STRING, string + line[:pos]))
            string, string_end = "", None
        elif depth == 0:  # a statement starts on this line
            pos = size - len(line.lstrip(" "))
            if pos == size:  # spaces alone, no line break: the end of the text
                break
            if line[pos] in "#\n":  # a blank or comment line: no indentation read
                if line[pos] == "#":
                    append((tokenize.COMMENT, line[pos:].rstrip("\n")))
                continue
            if pos > indents[-1]:
                indents.append(pos)
                append((tokenize.INDENT, ""))
            while pos < indents[-1]:
                if pos not in indents:
                    return None  # tokenize raises IndentationError
                indents.pop()
                append((tokenize.DEDENT, ""))
        while pos < size:
            space = pos
            while line[pos] == " ":
                pos += 1
                if pos == size:
                    break
            else:
                found = _token(line, pos, space)
                if found is None:  # no token starts here: tokenize makes error tokens of
                    # the spaces before the character and of the character, one by one
                    out.extend((tokenize.ERRORTOKEN, line[at]) for at in range(space, pos + 1))
                    pos += 1
                    continue
                token, pos = found
                initial = token[0]
                if initial == "\n":
                    if depth <= 0:  # as tokenize: a line break after too many closings ends one
                        append((tokenize.NEWLINE, ""))
                elif initial == "#":
                    append((tokenize.COMMENT, token))
                elif token in _TRIPLE_ENDS:
                    string_end = _TRIPLE_ENDS[token]
                    closed = string_end.match(line, pos)
                    if closed is None:
                        string = line[pos - len(token):]
                        break
                    append((tokenize.STRING, line[pos - len(token):closed.end()]))
                    pos = closed.end()
                    string_end = None
                elif initial in _NUMBER_START or (initial == "." and token not in (".", "...")):
                    append((tokenize.NUMBER, token))
                elif initial in "\"'" or token[-1] in "\"'":
                    append((tokenize.STRING, token))
                elif initial.isidentifier():
                    append((tokenize.NAME, token))
                else:
                    if initial in _OPENING:
                        depth += 1
                    elif initial in _CLOSING:
                        depth -= 1
                    append((tokenize.OP, token))
    else:
        previous = line
    if string_end is not None or depth:
        return None  # tokenize raises TokenError: the end of the text inside a string or brackets
    if previous and previous[-1] != "\n" and not previous.strip().startswith("#"):
        append((tokenize.NEWLINE, ""))
    out.extend((tokenize.DEDENT, "") for _ in indents[1:])
    return tuple(out)


def _token(line: str, pos: int, space: int) -> tuple[str, int] | None:
    """The token at ``pos`` (after the spaces from ``space``) and where it ends, as
    :mod:`tokenize`'s pattern reads it: only the alternatives of that pattern that can
    start with the token's first character are tried, in the pattern's order. ``None``
    where no token starts."""
    initial = line[pos]
    if initial in _WORD_START:  # a name, or the prefix of a string
        word = _NAME.match(line, pos)
        assert word is not None
        end = word.end()
        quote = line[end:end + 1]
        if quote and quote in "\"'":
            return _string(line, pos, line[pos:end] + quote)
        return line[pos:end], end
    if initial in "\"'":
        return _string(line, pos, initial)
    if initial in _NUMBER_START or initial == ".":
        number = _NUMBER.match(line, pos)
        if number is not None:
            return number.group(), number.end()
    if initial == "#":
        comment = _COMMENT.match(line, pos)
        assert comment is not None
        return comment.group(), comment.end()
    if initial.isascii():
        funny = _FUNNY.match(line, pos)
        return None if funny is None else (funny.group(), funny.end())
    found = _PSEUDO.match(line, space)  # a name in other letters, or no token at all
    if found is None:
        return None
    if found.start(1) != pos:
        raise _Unusual
    return found.group(1), found.end(1)


def _string(line: str, pos: int, opening: str) -> tuple[str, int] | None:
    """The string (or a triple-quoted string's opening) at ``pos``, whose prefix and
    quote are ``opening``. A word before a string not closed on its line, or that is no
    string prefix, is a name; a quote that starts no string, no token."""
    quote = opening[-1]
    if line.startswith(quote * 3, pos + len(opening) - 1):
        triple = opening + quote * 2
        if triple in _TRIPLE_ENDS:
            return triple, pos + len(triple)
    if opening in tokenize.single_quoted:
        string = _SINGLE_LINE_STRING.match(line, pos)
        if string is not None:
            if string.group()[-1] == "\n":
                raise _Unusual  # a string continued over the line break
            return string.group(), string.end()
    if len(opening) == 1:
        return None
    return opening[:-1], pos + len(opening) - 1
