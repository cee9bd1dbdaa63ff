"""Finding the exception an output block documents.

Four shapes occur: a full traceback whose final line is ``Name: message``
(the message may continue on further lines); an IPython traceback fragment, frames
(``File ~/x.py:12, in f``, ``Cell In[3], line 1``, ``---> 12 ...``) without the
``Traceback`` header, then that line; a single line ``Name: message``; and that line
quoted as a string. In a chained traceback the last exception is the one raised.
A line counts as an exception line only when its name looks like an exception
class: a dotted CamelCase identifier whose last part ends in ``Error``,
``Exception``, ``Invalid`` (pyarrow), ``Exit`` or ``Interrupt``, or is a builtin
exception without such a suffix. Warnings are not raised, so ``UserWarning: ...``
is ordinary output, and so is ``Epoch 1: loss`` or a printed dict.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from coursekit.lessons.model import DocumentedException, OutputKind

if TYPE_CHECKING:
    from coursekit.lessons.python import CodeFacts

_SUFFIXES = ("Error", "Exception", "Invalid", "Exit", "Interrupt")
_BARE_NAMES = frozenset({"StopIteration", "StopAsyncIteration", "Exception", "BaseException"})
_EXCEPTION_LINE = re.compile(
    r"(?P<name>(?:[A-Za-z_]\w*\.)*(?P<short>[A-Z]\w*))(?::\s*(?P<message>.*))?"
)
_NAME_PARTS = (*_SUFFIXES, "StopIteration", "StopAsyncIteration")
"""A text holding none of these names no exception (see :func:`is_exception_name`)."""
_TRACE_HEADER = "Traceback (most recent call last)"
_FRAME = re.compile(
    r"(?:File [\"~/.\w].*(?:, line \d+|:\d+, in .*)|Cell In ?\[\d*\], line \d+.*"
    r"|Input In ?\[\d*\].*|-+> ?\d+ .*"
    r"|(?:[~/.\w][^\s]*\.py|<ipython-input-[^>]*>) in [\w<>.]+(?:\(.*)?)"
)
"""A frame line of a traceback as Python or IPython prints it; older IPython releases
head a frame with ``path/to/file.py in function(args)``."""


@dataclass(frozen=True, slots=True)
class OutputReading:
    kind: OutputKind
    exception: DocumentedException | None


def is_exception_name(short: str) -> bool:
    """Whether an unqualified name looks like an exception class."""
    if short in _BARE_NAMES:
        return True
    return any(short.endswith(s) and len(short) > len(s) for s in _SUFFIXES)


def _exception_line(text: str) -> tuple[str, str] | None:
    match = _EXCEPTION_LINE.fullmatch(text.rstrip())
    if match is None or not is_exception_name(match["short"]):
        return None
    message = (match["message"] or "").strip()
    # A message quoted from a string block keeps no closing quotes of that block.
    for quotes in ('"""', "'''"):
        message = message.removesuffix(quotes).rstrip()
    return match["name"], message


def _unquote(text: str) -> str | None:
    stripped = text.strip()
    if len(stripped) >= 2 and stripped[0] == stripped[-1] and stripped[0] in "'\"":
        return stripped[1:-1]
    return None


def _is_frame(line: str) -> bool:
    return _FRAME.fullmatch(line.strip()) is not None


def _from_traceback(lines: list[str], first_line: int) -> DocumentedException | None:
    headers = [i for i, text in enumerate(lines) if _TRACE_HEADER in text]
    frames = [i for i, text in enumerate(lines) if _is_frame(text)]
    start = max(headers or frames) + 1
    for index in range(start, len(lines)):
        text = lines[index]
        if text[:1].isspace():
            continue
        found = _exception_line(text)
        if found is not None:
            name, message = found
            rest = "\n".join(lines[index + 1 :]).rstrip()
            full = f"{message}\n{rest}" if rest else message
            return DocumentedException(name, full.strip(), first_line + index)
    return None


_QUOTE_LINE = frozenset({'"""', "'''"})


def without_stray_quotes(lines: list[str]) -> tuple[int, list[str]]:
    """The lines without the bare triple-quote lines that open or close them, which
    come from the lesson's text (an output pasted from a docstring), never from the
    code; with the number of lines dropped at the start."""
    start, stop = 0, len(lines)
    while start < stop and lines[start].strip() in _QUOTE_LINE:
        start += 1
    while stop > start and (lines[stop - 1].strip() in _QUOTE_LINE or not lines[stop - 1].strip()):
        stop -= 1
    return start, lines[start:stop]


def read_output(text: str, first_line: int, *, trace_hint: bool = False) -> OutputReading:
    """Classify an output block; ``first_line`` is the source line of its first text line."""
    dropped, lines = without_stray_quotes(text.split("\n"))
    first_line += dropped
    if any(_TRACE_HEADER in line for line in lines):
        return OutputReading(OutputKind.TRACE, _from_traceback(lines, first_line))
    if any(_is_frame(line) for line in lines[:3] if line.strip()):
        fragment = _from_traceback(lines, first_line)
        if fragment is not None:
            return OutputReading(OutputKind.TRACE, fragment)
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        quoted = _unquote(line)
        found = _exception_line(quoted if quoted is not None else line.strip())
        if found is None:
            break
        name, message = found
        if quoted is None:
            rest = "\n".join(lines[index + 1 :]).rstrip()
            message = f"{message}\n{rest}".strip() if rest else message
        kind = OutputKind.TRACE if trace_hint else OutputKind.ERROR
        return OutputReading(kind, DocumentedException(name, message, first_line + index))
    return OutputReading(OutputKind.RESULT, None)


def documented_in_code(facts: CodeFacts, first_line: int) -> DocumentedException | None:
    """An error the code documents itself: a comment line ``# Name: message`` or a bare
    string statement (a ``\"\"\"`` block) whose first line is ``Name: message``, as lessons
    write the error a line raises right below it. ``first_line`` is the source line of
    the code's first line; ``None`` when the code documents none (or is not Python).
    The code's one syntax tree is read, never a second parse."""
    import ast
    import io
    import tokenize

    if not any(part in facts.runnable for part in _NAME_PARTS):
        return None  # most code names no exception: no need to parse or tokenize it
    tree = facts.tree
    if tree is None:
        return None
    found: list[DocumentedException] = []
    try:
        # Only a line that starts with ``#`` and names an exception can hold such a
        # comment: code without one is not tokenized at all.
        comments = tokenize.generate_tokens(io.StringIO(facts.runnable).readline) if any(
            line.lstrip().startswith("#") and any(part in line for part in _NAME_PARTS)
            for line in facts.runnable.splitlines()) else ()
        for tok in comments:
            if tok.type == tokenize.COMMENT and not tok.line[: tok.start[1]].strip():
                reading = _exception_line(tok.string.lstrip("#").strip())
                if reading is not None:
                    found.append(DocumentedException(*reading, first_line + tok.start[0] - 1))
    except (tokenize.TokenError, SyntaxError, ValueError):
        return None
    for node in tree.body:
        if (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)):
            lines = [line for line in node.value.value.strip().split("\n") if line.strip()]
            reading = _exception_line(lines[0].strip()) if lines else None
            if reading is not None:
                found.append(DocumentedException(*reading, first_line + node.lineno - 1))
    return min(found, key=lambda e: e.line) if found else None
