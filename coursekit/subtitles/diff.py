"""The unified diff that ``fix subtitles --dry-run`` shows, in linear time.

``difflib`` finds a longest matching run, then recurses on each side of it: when every
cue of a file changes (each timing line rewritten), every run is three lines long and
each search scans the rest of the file, which is quadratic (42 s for 10,000 cues). A
subtitle file is a sequence of cues, and a fix keeps their order, so the diff is taken
in two steps: cues (blocks ending at a blank line) are matched first, walking both
files and resynchronising on the nearest equal cue within a window; the lines of each
stretch of changed cues are then compared with ``difflib``, one pair of cues at a time
when the stretch is long. Small files go to ``difflib`` whole, as they always did.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator, Sequence
from typing import Literal

from coursekit.unified_hunks import hunks

SMALL = 2_000
"""Lines (both sides together) that ``difflib`` compares whole."""
WINDOW = 64
"""Cues looked ahead, on each side, for the next cue both files share."""
STRETCH = 64
"""Lines (both sides together) of a changed stretch that ``difflib`` compares whole;
a longer one is compared cue by cue."""

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)?")

Opcode = tuple[Literal["replace", "delete", "insert", "equal"], int, int, int, int]
Block = tuple[str, ...]


def unified_diff(old: Sequence[str], new: Sequence[str], fromfile: str, tofile: str,
                 context: int = 3) -> str:
    """A unified diff of two lists of lines (each with its line ending); a line with no
    line break (the last of a file) is followed by git's ``\\ No newline at end of
    file``, so that the diff applies as a patch and the next line starts a line."""
    return "".join(line if line.endswith(("\n", "\r"))
                   else line + "\n\\ No newline at end of file\n"
                   for line in _diff_lines(old, new, fromfile, tofile, context))


def text_lines(text: str) -> list[str]:
    """``text`` cut after each ``\\r\\n``, ``\\r`` or ``\\n`` (as the subtitle reader cuts
    it, and no other line separator): ``"".join`` gives it back."""
    return [line for line in _LINE.findall(text) if line]


def _diff_lines(old: Sequence[str], new: Sequence[str], fromfile: str, tofile: str,
                context: int) -> Iterator[str]:
    if len(old) + len(new) <= SMALL:
        yield from difflib.unified_diff(old, new, fromfile, tofile, n=context)
        return
    matcher = _Opcodes(_opcodes(old, new))
    yield from hunks(matcher, old, new, fromfile, tofile, context)


class _Opcodes(difflib.SequenceMatcher[str]):
    """A matcher whose opcodes are given, for ``difflib``'s grouping into hunks."""

    def __init__(self, opcodes: list[Opcode]) -> None:
        super().__init__(None, [], [])
        self._given = opcodes

    def get_opcodes(self) -> list[Opcode]:
        return self._given


def _blocks(lines: Sequence[str]) -> list[Block]:
    """The lines cut after each blank line: a cue and the blank line ending it."""
    blocks: list[Block] = []
    start = 0
    for number, line in enumerate(lines):
        if not line.strip():
            blocks.append(tuple(lines[start:number + 1]))
            start = number + 1
    if start < len(lines):
        blocks.append(tuple(lines[start:]))
    return blocks


def _opcodes(old: Sequence[str], new: Sequence[str]) -> list[Opcode]:
    """Line opcodes of ``old`` to ``new``: cues matched first, then the lines of each
    stretch of changed cues."""
    a, b = _blocks(old), _blocks(new)
    codes: list[Opcode] = []
    i = j = line_a = line_b = 0  # block and line positions on each side
    while i < len(a) or j < len(b):
        if i < len(a) and j < len(b) and a[i] == b[j]:
            size = len(a[i])
            _add(codes, ("equal", line_a, line_a + size, line_b, line_b + size))
            line_a, line_b, i, j = line_a + size, line_b + size, i + 1, j + 1
            continue
        skip_a, skip_b = _resync(a, b, i, j)
        stop_a = line_a + sum(map(len, a[i:i + skip_a]))
        stop_b = line_b + sum(map(len, b[j:j + skip_b]))
        for code in _stretch(old, new, a[i:i + skip_a], b[j:j + skip_b], line_a, line_b):
            _add(codes, code)
        line_a, line_b, i, j = stop_a, stop_b, i + skip_a, j + skip_b
    return codes


def _resync(a: list[Block], b: list[Block], i: int, j: int) -> tuple[int, int]:
    """How many cues to pass over on each side to the nearest cue both share within
    :data:`WINDOW`; a whole window each when none is shared (a correct diff, if not the
    shortest)."""
    ahead: dict[Block, int] = {}
    for k, block in enumerate(b[j:j + WINDOW]):
        ahead.setdefault(block, k)
    best: tuple[int, int] | None = None
    for k, block in enumerate(a[i:i + WINDOW]):
        found = ahead.get(block)
        if found is not None and (best is None or k + found < sum(best)):
            best = (k, found)
    if best is not None and best != (0, 0):
        return best
    return min(WINDOW, len(a) - i), min(WINDOW, len(b) - j)


def _stretch(old: Sequence[str], new: Sequence[str], a: list[Block], b: list[Block],
             line_a: int, line_b: int) -> Iterator[Opcode]:
    """The line opcodes of changed cues ``a`` (from ``line_a``) to ``b`` (from
    ``line_b``): compared whole when short, else cue by cue in order; a cue of more than
    :data:`SMALL` lines is shown replaced whole."""
    size_a, size_b = sum(map(len, a)), sum(map(len, b))
    one_each = len(a) == 1 and len(b) == 1
    if one_each and size_a + size_b > SMALL:  # one giant cue: shown replaced, not compared
        yield "replace", line_a, line_a + size_a, line_b, line_b + size_b
        return
    if size_a + size_b <= STRETCH or not a or not b or one_each:
        matcher = difflib.SequenceMatcher(None, old[line_a:line_a + size_a],
                                          new[line_b:line_b + size_b], autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            yield tag, line_a + i1, line_a + i2, line_b + j1, line_b + j2
        return
    for k in range(max(len(a), len(b))):
        one_a, one_b = a[k:k + 1], b[k:k + 1]
        yield from _stretch(old, new, one_a, one_b, line_a, line_b)
        line_a += sum(map(len, one_a))
        line_b += sum(map(len, one_b))


def _add(codes: list[Opcode], code: Opcode) -> None:
    """Append ``code``, joined to the last one when both are equal runs (``difflib``'s
    grouping expects no two in a row)."""
    tag, i1, i2, j1, j2 = code
    if i1 == i2 and j1 == j2:
        return
    if codes and codes[-1][0] == "equal" and tag == "equal":
        last = codes[-1]
        codes[-1] = ("equal", last[1], i2, last[3], j2)
        return
    codes.append(code)
