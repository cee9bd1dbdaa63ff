"""One output fence with its documented exception brought up to date.

Only the exception line (and the lines of its message after it) changes: a
traceback's header and frames, an IPython fragment's frames, the quotes around a
quoted line, the line's indentation and the lines after the message (a closing
``\"\"\"``) stay as written. The lesson's shape is kept: a message it cut short with
``...`` (or ``…``) is cut near the same length, at a space outside brackets, with the
same mark; an elision on a line of its own after the message stays. Where the shape
cannot be kept (a quoted line whose new message holds its quote), the fence is left
as it was, with why. The new text is read back as the lesson reader reads it
(:func:`~coursekit.lessons.exceptions.read_output`) and must document the new error
there, and match it as ``verify`` matches errors, or it is not written.
"""

from __future__ import annotations

from dataclasses import dataclass

from coursekit.execution.judge.matching import message_matches, strip_ansi
from coursekit.lessons.exceptions import read_output, without_stray_quotes
from coursekit.lessons.model import Output

_MARKS = ("...", "…")
_CLOSING = ('"""', "'''")
"""Closing quotes of a string block the lesson pasted the line from."""


class Unchanged(Exception):
    """Why an output fence cannot be brought up to date: said to the user as it is."""


@dataclass(frozen=True, slots=True)
class Raised:
    """An error as ``verify`` reports what a cell raised: ``Name: first line``."""

    name: str
    message: str

    @classmethod
    def parse(cls, text: str) -> Raised:
        name, _, message = strip_ansi(text).strip().partition(": ")
        return cls(name.strip(), message.strip())

    def __str__(self) -> str:
        return f"{self.name}: {self.message}" if self.message else self.name


def _elided(message: str) -> tuple[str, str] | None:
    """``(shown part, mark as written with the space before it)`` of a message the
    lesson cut short; ``None`` for a whole one."""
    for mark in _MARKS:
        if message.endswith(mark):
            shown = message[: -len(mark)]
            kept = shown.rstrip()
            return kept, shown[len(kept):] + mark
    return None


def _cut(message: str, length: int) -> str:
    """``message`` cut at the last space at most ``length`` characters in, outside
    brackets (a masked list must stay whole); whole when no such space exists."""
    depth, best = 0, -1
    for at, char in enumerate(message):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth = max(depth - 1, 0)
        elif char == " " and depth == 0:
            if at > length:
                break
            best = at
    return message if best <= 0 or len(message) <= length else message[:best].rstrip(" ,;:")


def _new_message(old: str, raised: Raised) -> str:
    elided = _elided(old)
    if elided is None:
        return raised.message
    shown, mark = elided
    return _cut(raised.message, max(len(shown), 1)) + mark


def _name(documented: str, raised: Raised) -> str:
    """The documented name where it names the raised class (qualified as the lesson
    wrote it), else the raised one."""
    return documented if documented.rsplit(".", 1)[-1] == raised.name else raised.name


def updated_output(output: Output, raised: Raised) -> str:
    """The text of ``output`` documenting ``raised`` in place of its exception;
    :class:`Unchanged` says why it cannot be written."""
    exception = output.exception
    if exception is None:
        raise Unchanged("the output fence documents no exception")
    lines = output.text.split("\n")
    at = exception.line - output.line - 1
    if not 0 <= at < len(lines):
        raise Unchanged("its exception line lies outside the output fence")
    _, kept = without_stray_quotes(lines[at:])
    end = at + len(kept)  # the message's lines, up to closing quotes or blank lines
    written = lines[at].rstrip()
    indent = written[: len(written) - len(written.lstrip())]
    body = written.strip()
    closing = next((q for q in _CLOSING if body.endswith(q) and len(body) > len(q)), "")
    body = body.removesuffix(closing)
    first, *rest = exception.message.split("\n")
    elision_line = rest[-1] if rest and rest[-1].strip() in _MARKS else None
    message = raised.message if elision_line is not None else _new_message(first, raised)
    new = f"{_name(exception.name, raised)}: {message}" if message else raised.name
    if len(body) > 1 and body[0] in "'\"" and body[-1] == body[0]:
        if body[0] in new:
            raise Unchanged(f"the new message holds the quote ({body[0]}) the lesson "
                            "writes around it")
        new = f"{body[0]}{new}{body[0]}"
        end = at + 1
    replaced = [indent + new + closing, *([elision_line] if elision_line is not None else [])]
    text = "\n".join([*lines[:at], *replaced, *lines[end:]])
    _check(text, output, raised)
    return text


def documents(output: Output, raised: Raised) -> bool:
    """Whether ``output`` documents ``raised`` already, as ``verify`` matches errors (a
    message the lesson cut short with ``...`` matches the whole one)."""
    found = output.exception
    return (found is not None and found.short_name == raised.name
            and message_matches(found.message, raised.message))


def _check(text: str, output: Output, raised: Raised) -> None:
    """The new text must read as documenting ``raised``, as the lesson reader and
    ``verify``'s matching read it."""
    found = read_output(text, output.line + 1).exception
    if found is None or found.short_name != raised.name:
        raise Unchanged(f"`{raised}` would not read as the documented exception there")
    if not message_matches(found.message, raised.message):
        raise Unchanged(f"the message written would not match `{raised}` as verify "
                        "compares them")
