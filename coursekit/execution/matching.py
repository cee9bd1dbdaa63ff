"""Does a raised exception match a documented one? And if not, what differs?

Names match when the documented name (qualified or not) names the raised class
or one of its base classes. Messages match after masking what varies between
runs: numbers, memory addresses, bracketed lists and shapes, quotes, whitespace.
A documented message ending in ``...`` only has to start the raised one.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from coursekit.notebooks.metadata import ExpectedError

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_ADDRESS = re.compile(r"0x[0-9a-fA-F]+")
_BRACKETS = re.compile(r"\[[^\[\]]*\]")
_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
_QUOTES = str.maketrans({"'": "", '"': "", "`": "", "‘": "", "’": "", "“": "", "”": ""})
_SPACE = re.compile(r"\s+")
_ELLIPSIS = ("...", "…")


def strip_ansi(text: str) -> str:
    return _ANSI.sub("", text)


def normalise_message(text: str) -> str:
    """The message with run-dependent parts masked, for comparison."""
    text = strip_ansi(text).strip()
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


def message_matches(documented: str, raised: str) -> bool:
    documented, truncated = _truncated(documented.strip())
    want = normalise_message(documented)
    got = normalise_message(raised)
    if not want or want == got:
        return True
    if truncated:
        return got.startswith(want)
    # Lessons quote the first line of a message that goes on (CUDA errors add advice).
    first_line = normalise_message(strip_ansi(raised).strip().split("\n", 1)[0])
    return want == first_line


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
    if not message_matches(expected["message"], evalue):
        why = first_difference(expected["message"], evalue)
        return Match(False, f"expected `{documented}`, got `{raised}`: {why}")
    return Match(True)


def _first_line(text: str) -> str:
    return strip_ansi(text).strip().split("\n", 1)[0]
