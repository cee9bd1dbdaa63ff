"""What a fence info string says: code in some language, or the output of code."""

from __future__ import annotations

from dataclasses import dataclass

PYTHON_NAMES = frozenset({"py", "python", "python3", "py3", "ipython"})
PYTHON_TYPOS = frozenset({"py:", "python:"})
SHELL_NAMES = frozenset({"bash", "sh", "shell", "zsh"})
OUTPUT_WORDS = frozenset({"out", "output", "trace", "traceback"})


@dataclass(frozen=True, slots=True)
class FenceInfo:
    is_output: bool
    language: str
    """Normalised language of a code fence: ``python``, ``bash``, ``text``, ``diff``, ``""``..."""
    typo: bool = False
    """The info string is a known typo (``py:``) read as Python."""


def read_info(info: str) -> FenceInfo:
    """Read an info string: ``python out`` is output, ``py no-format`` Python, ``sh`` bash.

    ``py:`` is read as Python and flagged as a typo.
    """
    words = info.lower().split()
    if not words:
        return FenceInfo(is_output=False, language="")
    first = words[0]
    if words[-1] in OUTPUT_WORDS and (len(words) == 1 or first in PYTHON_NAMES):
        return FenceInfo(is_output=True, language="python")
    if first in PYTHON_NAMES:
        return FenceInfo(is_output=False, language="python")
    if first in PYTHON_TYPOS:
        return FenceInfo(is_output=False, language="python", typo=True)
    if first in SHELL_NAMES:
        return FenceInfo(is_output=False, language="bash")
    return FenceInfo(is_output=False, language=first.rstrip(":"))
