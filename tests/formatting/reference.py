"""The public courses' own way to format lesson code, written again for comparison.

Their script finds each ```` ```py ```` / ```` ```python ```` fence by its lines, takes
its code (without the fence's indentation), turns each ``!`` shell line into a comment
that black keeps, formats the code with black, and turns the comments back. Code black
cannot read is left as it is. It runs black once per fence, in the order of the files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from black import format_str
from black.mode import Mode

_OPENING = re.compile(r"(?P<indent>[ \t]*)```(?:py|python)[ \t]*")
_SHELL = re.compile(r"^([ \t]*)!", re.MULTILINE)
_SHELL_COMMENT = re.compile(r"^([ \t]*)#!", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class ReferenceFence:
    line: int
    """1-based line of the opening fence."""
    code: str
    formatted: str
    """The code as the script writes it back (the code itself when black refused it)."""

    @property
    def changed(self) -> bool:
        return self.formatted != self.code


def _format(code: str, mode: Mode) -> str:
    protected = _SHELL.sub(r"\1#!", code)
    try:
        formatted = format_str(protected, mode=mode)
    except Exception:  # the script reports the fence and leaves it as it is
        return code
    return _SHELL_COMMENT.sub(r"\1!", formatted).removesuffix("\n")


def reference_fences(text: str, line_length: int = 90) -> list[ReferenceFence]:
    """Every ```py / ```python fence of ``text`` with its code formatted."""
    mode = Mode(line_length=line_length)
    lines = text.split("\n")
    found: list[ReferenceFence] = []
    at = 0
    while at < len(lines):
        opening = _OPENING.fullmatch(lines[at].rstrip("\r"))
        if opening is None:
            at += 1
            continue
        end = at + 1
        while end < len(lines) and lines[end].strip() != "```":
            end += 1
        if end == len(lines):
            break
        indent = len(opening["indent"])
        code = "\n".join(line.rstrip("\r")[indent:] for line in lines[at + 1:end])
        found.append(ReferenceFence(at + 1, code, _format(code, mode)))
        at = end + 1
    return found
