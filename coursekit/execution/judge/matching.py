"""Does a raised exception match a documented one? And if not, what differs?

Names match when the documented name (qualified or not) names the raised class
or one of its base classes. Messages match after masking what varies between
runs: numbers, memory addresses, bracketed lists and shapes, quotes, whitespace, and
the path an ``ImportError`` adds after the module's name.
A documented message ending in ``...`` only has to start what it is compared with.

Lessons document the part of a message that matters, which is not always its
start: Keras wraps an error raised in graph mode in ``in user code:`` and a File
trace ending in the nested ``ValueError: ...`` line, and TensorFlow puts
``Graph execution error:`` and ``Detected at node`` lines before the real
complaint. So a documented message may equal the whole raised message, any
whole line of it, or the message of a nested ``Name: message`` line (when that
name is the raised class or the documented one). Whole lines only: a documented
message found inside an unrelated line (``raise ValueError("...")``) is no match.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from coursekit.lessons.exceptions import is_exception_name
from coursekit.notebooks.metadata import ExpectedError
from coursekit.shown import clipped

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_ADDRESS = re.compile(r"0x[0-9a-fA-F]+")
_BRACKETS = re.compile(r"\[[^\[\]]*\]")
_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
_QUOTES = str.maketrans({"'": "", '"': "", "`": "", "‘": "", "’": "", "“": "", "”": ""})
_SPACE = re.compile(r"\s+")
_ELLIPSIS = ("...", "…")
_NESTED = re.compile(r"(?P<name>(?:[A-Za-z_]\w*\.)*(?P<short>[A-Z]\w*)):\s+(?P<message>\S.*)")
_WORD = re.compile(r"[^\W\d_]")
_IMPORT_FROM = re.compile(r" \((?:unknown location|[~/][^()]*|[A-Za-z]:\\[^()]*)\)$",
                          re.MULTILINE)
"""Where Python found the module an ``ImportError`` names (``(/usr/lib/.../json.py)``):
it depends on the machine, and lessons leave it out."""
_MASKS = re.compile(r"<list>|0x#")
_QUOTE_LIMIT = 80
"""Longest raised line quoted whole in an explanation."""


def strip_ansi(text: str) -> str:
    return _ANSI.sub("", text)


def stream_text(outputs: Iterable[Mapping[str, Any]]) -> str:
    """What a cell's outputs printed (its output and error streams, in order), ANSI
    colours taken out."""
    parts = []
    for out in outputs:
        if out.get("output_type") == "stream":
            text = out.get("text", "")
            parts.append("".join(str(t) for t in text) if isinstance(text, list) else str(text))
    return strip_ansi("".join(parts))


def normalise_message(text: str) -> str:
    """The message with run-dependent parts masked, for comparison."""
    text = strip_ansi(text).strip()
    text = _IMPORT_FROM.sub("", text)
    text = _ADDRESS.sub("0x#", text)
    previous = None
    while previous != text:  # innermost brackets first, so nested lists collapse too
        previous = text
        text = _BRACKETS.sub("<list>", text)
    text = _NUMBER.sub("#", text)
    text = text.translate(_QUOTES)
    return _SPACE.sub(" ", text).strip()


def short_name(name: str) -> str:
    return name.rsplit(".", 1)[-1]


def name_matches(documented: str, ename: str, mro: list[str]) -> bool:
    """Whether ``documented`` names the raised class or one of its bases."""
    classes = mro or [ename]
    if documented in classes:
        return True
    wanted = short_name(documented)
    return any(short_name(cls) == wanted for cls in classes)


def _truncated(documented: str) -> tuple[str, bool]:
    for mark in _ELLIPSIS:
        if documented.endswith(mark):
            return documented[: -len(mark)].rstrip(), True
    return documented, False


@dataclass(frozen=True, slots=True)
class Reading:
    """One part of a raised message that a documented message may stand for."""

    text: str
    """The part as raised (colour codes removed)."""
    line: int
    """1-based line of the raised message it comes from; 0 for the whole message."""
    nested: str = ""
    """For the message of a nested ``Name: message`` line, that ``Name``; else empty."""

    @property
    def specificity(self) -> int:
        """How closely the part pins the error down: a nested error's message most,
        the whole message least."""
        if self.nested:
            return 2
        return 1 if self.line else 0


def readings(raised: str) -> list[Reading]:
    """The whole message, each line holding words, and each nested error's message."""
    text = strip_ansi(raised).strip()
    found = [Reading(text, 0)]
    lines = text.split("\n")
    if len(lines) == 1:
        return found
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if not _WORD.search(_MASKS.sub("", normalise_message(stripped))):
            continue  # a line of masks only (`...`, `[[{{node x}}]] [Op:y]`) matches too much
        found.append(Reading(stripped, number))
        nested = _NESTED.fullmatch(stripped)
        if nested is not None and is_exception_name(nested["short"]):
            found.append(Reading(nested["message"], number, nested["name"]))
    return found


def _agrees(want: str, truncated: bool, reading: Reading) -> bool:
    got = normalise_message(reading.text)
    return got.startswith(want) if truncated else got == want


def message_matches(
    documented: str, raised: str, nested_ok: Callable[[str], bool] | None = None,
) -> bool:
    """Whether ``documented`` stands for ``raised`` or one of its :func:`readings`.

    ``nested_ok`` says which nested exception names count (all when omitted).
    """
    want, truncated = _truncated(documented.strip())
    want = normalise_message(want)
    if not want:
        return True
    return any(
        _agrees(want, truncated, reading)
        for reading in readings(raised)
        if not reading.nested or nested_ok is None or nested_ok(reading.nested)
    )


def first_difference(documented: str, raised: str) -> str:
    """Where two normalised messages part: ``expected `a`, got `b```."""
    want = normalise_message(_truncated(documented.strip())[0]).split(" ")
    got = normalise_message(raised).split(" ")
    matcher = difflib.SequenceMatcher(a=want, b=got, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        expected = " ".join(want[i1:i2]) or "(nothing)"
        found = " ".join(got[j1:j2]) or "(nothing)"
        context = " ".join(want[max(0, i1 - 3):i1])
        where = f" after `{context}`" if context else ""
        return f"message differs{where}: expected `{expected}`, got `{found}`"
    return "messages differ only in masked parts"


def closest_reading(documented: str, candidates: list[Reading]) -> Reading:
    """The reading to explain a mismatch with: the most specific kind there is (a nested
    error's message, then a line), and among those the most like ``documented``, then
    the last. A documented message of several lines is compared with the whole one."""
    text, truncated = _truncated(documented.strip())
    if "\n" in text:
        return candidates[0]
    want = normalise_message(text).split(" ")
    top = max(reading.specificity for reading in candidates)

    def likeness(indexed: tuple[int, Reading]) -> tuple[float, int]:
        index, reading = indexed
        got = normalise_message(reading.text).split(" ")
        if truncated:
            got = got[: len(want)]
        return difflib.SequenceMatcher(a=want, b=got, autojunk=False).ratio(), index

    specific = [(i, r) for i, r in enumerate(candidates) if r.specificity == top]
    return max(specific, key=likeness)[1]


@dataclass(frozen=True, slots=True)
class Match:
    matched: bool
    explanation: str = ""


def match_error(expected: ExpectedError, ename: str, evalue: str, mro: list[str]) -> Match:
    """Compare one expectation with a raised exception, explaining any mismatch."""
    raised = f"{ename}: {_first_line(evalue)}"
    documented = f"{expected['name']}: {expected['message']}".rstrip(": ")
    if not name_matches(expected["name"], ename, mro):
        bases = ", ".join(short_name(c) for c in mro[1:] if c != "builtins.object")
        of = f" (a subclass of {bases})" if bases else ""
        return Match(
            False,
            f"expected `{documented}`, got `{raised}`{of}: the exception class differs",
        )

    def nested_ok(nested: str) -> bool:
        # The raised class re-raised (Keras keeps it), or the class the lesson names.
        return short_name(nested) in (short_name(ename), short_name(expected["name"]))

    if message_matches(expected["message"], evalue, nested_ok):
        return Match(True)
    candidates = [r for r in readings(evalue) if not r.nested or nested_ok(r.nested)]
    if len(candidates) == 1:
        why = first_difference(expected["message"], evalue)
        return Match(False, f"expected `{documented}`, got `{raised}`: {why}")
    closest = closest_reading(expected["message"], candidates)
    why = first_difference(expected["message"], closest.text)
    return Match(False, f"expected `{documented}`, got `{raised}`: "
                        f"{_compared(candidates)}; closest is {_where(closest)}: {why}")


def _compared(candidates: list[Reading]) -> str:
    lines = sum(1 for r in candidates if r.line and not r.nested)
    nested = [str(r.line) for r in candidates if r.nested]
    what = f"neither the whole message, nor any of its {lines} lines with words"
    if nested:
        plural = "s" if len(nested) > 1 else ""
        what += f", nor the nested error message{plural} at line{plural} {', '.join(nested)}"
    return f"{what} matches"


def _where(reading: Reading) -> str:
    if not reading.line:
        return "the whole message"
    quoted = clipped(reading.text, _QUOTE_LIMIT)
    if reading.nested:
        return f"the message of the nested `{reading.nested}` at line {reading.line}, `{quoted}`"
    return f"line {reading.line}, `{quoted}`"


def _first_line(text: str) -> str:
    return strip_ansi(text).strip().split("\n", 1)[0]


def matches_any(expected: Sequence[ExpectedError], ename: str, evalue: str,
                mro: Sequence[str] = ()) -> bool:
    """Whether a raised exception is one of the documented ones."""
    return any(match_error(e, ename, evalue, list(mro)).matched for e in expected)
