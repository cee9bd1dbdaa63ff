"""Where a fence's code lies in its lesson file, and the file with new code there.

The lesson model holds each fence's code as markdown-it read it: without the
blockquote markers and the indentation of its container. :func:`place_code` finds,
for each line of that code, the file line it came from and what the file writes
before it (``> ``, spaces), and checks that the line after the code closes the fence;
a fence that cannot be placed so exactly (tabs expanded by the reader, a fence that
is never closed, one opened on a list item's line) gets no place and is never
rewritten: :func:`locate_code` says why, for the finding that reports it.
:func:`rewrite` puts new code in the places: lines the new code keeps stay byte for
byte as they were, new lines get the prefix of the fence's opening line, and every
byte outside the fences' code lines stays as it was.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from coursekit.lessons.model import Code
from coursekit.unified_hunks import hunks

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)?")
"""One line and its line break, as the lesson reader splits lines."""
_OPENING = re.compile(r"(?P<prefix>[ \t>]*)(?P<marker>`{3,}|~{3,})")
_PREFIX = re.compile(r"[ \t>]*")


def split_lines(text: str) -> list[str]:
    """``text`` cut after each ``\\r\\n``, ``\\r`` or ``\\n``: ``"".join`` gives it back."""
    lines = _LINE.findall(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def _body(line: str) -> str:
    return line.rstrip("\r\n")


@dataclass(frozen=True, slots=True)
class CodePlace:
    """Where one fence's code lies in its file."""

    code: Code
    first: int
    """0-based index of the code's first line among the file's lines."""
    prefixes: tuple[str, ...]
    """What the file writes before each line of the code."""
    prefix: str
    """What the fence's opening line writes before its marker: the prefix of new lines."""
    line_break: str
    """The opening line's line break, for new lines."""

    @property
    def count(self) -> int:
        return len(self.prefixes)


@dataclass(frozen=True, slots=True)
class Unplaced:
    """Why a fence's code cannot be placed in its file, in words, and what a person can
    do about it."""

    why: str
    change: str = ""
    """What to change in the file so that the fence can be placed ("close the fence");
    empty where no one change would do."""

    def remedy(self, then: str, otherwise: str) -> str:
        """What a person can do: :attr:`change`, and ``then`` (what the command does once
        it is made: "it formats it then"), or ``otherwise`` where there is no such
        change ("format it by hand")."""
        return f"{self.change}, and {then}" if self.change else otherwise


_BLANK = Unplaced("its code is blank")
_NOT_CLOSED = Unplaced(
    "the fence is not closed where its code ends (LES103)", "close the fence")
_LIST_MARKER = re.compile(r"(?:^|[ \t>])(?:[-*+]|[0-9]{1,9}[.)])[ \t]")
"""A list item's marker before a fence's opening marker, on the same line."""


def place_code(lines: Sequence[str], code: Code) -> CodePlace | None:
    """The place of ``code`` (a fence of the lesson read from ``lines``), or ``None``
    when its lines cannot be matched with the file's exactly (:func:`locate_code` says
    why)."""
    found = locate_code(lines, code)
    return found if isinstance(found, CodePlace) else None


def locate_code(lines: Sequence[str], code: Code) -> CodePlace | Unplaced:
    """The place of ``code`` (a fence of the lesson read from ``lines``), or why its
    lines cannot be matched with the file's exactly."""
    opening_at = code.line - 1
    code_lines = code.source.split("\n")
    closing_at = opening_at + len(code_lines) + 1
    if not code.source.strip():
        return _BLANK  # blank code has nothing to format, and no line count to keep
    opening = _OPENING.match(lines[opening_at]) if opening_at < len(lines) else None
    if opening is None:
        return _opening_unplaced(lines[opening_at] if opening_at < len(lines) else "")
    marker = opening["marker"]
    if closing_at >= len(lines) or not _closes(_body(lines[closing_at]), marker):
        return _NOT_CLOSED
    prefixes: list[str] = []
    for offset, text in enumerate(code_lines, 1):
        written = _body(lines[opening_at + offset])
        prefix = written[: len(written) - len(text)]
        if not written.endswith(text) or _PREFIX.fullmatch(prefix) is None:
            return _line_unplaced(opening_at + offset + 1, written)
        prefixes.append(prefix)
    line_break = lines[opening_at][len(_body(lines[opening_at])):] or "\n"
    return CodePlace(code, opening_at + 1, tuple(prefixes), opening["prefix"], line_break)


def _closes(line: str, marker: str) -> bool:
    """Whether ``line`` (without its line break) closes a fence opened by ``marker``."""
    start = _PREFIX.match(line)
    assert start is not None  # the pattern matches the empty string
    rest = line[start.end():].rstrip(" \t")
    return rest.startswith(marker) and not rest.strip(marker[0])


def _opening_unplaced(opening: str) -> Unplaced:
    """Why a fence whose opening line writes more than indentation and ``>`` markers
    before its marker has no place."""
    fence = re.search(r"`{3}|~{3}", opening)
    before = opening[:fence.start()] if fence is not None else opening
    if _LIST_MARKER.search(before) is not None:
        return Unplaced("its opening line also opens a list item",
                        "start the fence on a line of its own, indented under the item's "
                        "text")
    return Unplaced("its opening line holds other text before the fence marker",
                    "start the fence on a line of its own")


def _line_unplaced(number: int, written: str) -> Unplaced:
    """Why a fence whose code line ``number`` (1-based) is ``written`` otherwise in the
    file than the reader read it has no place."""
    if "\t" in written[: len(written) - len(written.lstrip(" \t>"))]:
        return Unplaced(f"line {number} is indented with a tab, which the lesson reader "
                        "turns into spaces inside an indented or quoted fence",
                        "indent the code with spaces")
    if "\0" in written:
        return Unplaced(f"line {number} holds a NUL character, which the lesson reader "
                        "reads as U+FFFD", "remove the NUL character (write `\\x00` in "
                        "a string)")
    return Unplaced(f"line {number} is not written as the lesson reader reads it")


def _new_line(place: CodePlace, text: str, prefix: str | None = None) -> str:
    """A line of new code, after ``prefix`` (the fence's opening line's by default)."""
    prefix = place.prefix if prefix is None else prefix
    return (prefix if text else prefix.rstrip(" \t")) + text + place.line_break


def _kept_prefix(place: CodePlace, index: int, text: str) -> str:
    """The prefix of a line that ``text`` replaces: its own where the file writes less
    than the fence's (CommonMark takes up to the fence's indentation off each line, so
    a line of an indented fence may have fewer spaces) and ``text`` starts with no
    space, which the reader would take off too; else the fence's."""
    own = place.prefixes[index]
    keep = own != place.prefix and place.prefix.startswith(own) and text[:1] not in " \t"
    return own if keep else place.prefix


def code_lines(lines: Sequence[str], place: CodePlace, new_code: str) -> list[str]:
    """The file lines that hold ``new_code`` in ``place``: each line the old code
    keeps is its file line as it was."""
    old = list(place.code.source.split("\n"))
    new = new_code.split("\n")
    written = lines[place.first: place.first + place.count]
    out: list[str] = []
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, old_start, old_end, new_start, new_end in matcher.get_opcodes():
        if tag == "equal":
            out.extend(written[old_start:old_end])
        elif old_end - old_start == new_end - new_start:  # line for line
            out.extend(_new_line(place, text, _kept_prefix(place, old_start + offset, text))
                       for offset, text in enumerate(new[new_start:new_end]))
        else:
            out.extend(_new_line(place, text) for text in new[new_start:new_end])
    if out and not out[-1].endswith(("\n", "\r")):  # the old last line had no break
        out[-1] += place.line_break
    return out


def rewrite(lines: Sequence[str], changes: Sequence[tuple[CodePlace, str]]) -> str:
    """The file of ``lines`` with each place's code replaced by its new code."""
    out: list[str] = []
    at = 0
    for place, new_code in sorted(changes, key=lambda change: change[0].first):
        out.extend(lines[at:place.first])
        out.extend(code_lines(lines, place, new_code))
        at = place.first + place.count
    out.extend(lines[at:])
    return "".join(out)


def ending_said(diff: Iterable[str] | str) -> str:
    """A unified diff (its lines, or its text) with each line that has no line break
    followed by git's ``\\ No newline at end of file``, so that it applies as a patch
    and the next file's header starts a line of its own."""
    lines = split_lines(diff) if isinstance(diff, str) else diff
    return "".join(line if line.endswith(("\n", "\r"))
                   else line + "\n\\ No newline at end of file\n" for line in lines)


def file_diff(old: Sequence[str], new: Sequence[str], path: str, bom: bool) -> str:
    """The unified diff (``a/<path>``, ``b/<path>``) of a file's lines as read and as
    rewritten (without their byte order mark), which applies as a patch: the first line
    of each side holds the file's mark when it has one, as git shows it, and a last line
    with no line break is said so (:func:`ending_said`)."""
    before, after = list(old), list(new)
    if bom:
        for side in (before, after):
            if side:
                side[0] = "\ufeff" + side[0]
    return ending_said(_unified(before, after, f"a/{path}", f"b/{path}"))


def _unified(old: list[str], new: list[str], fromfile: str, tofile: str,
             context: int = 3) -> Iterable[str]:
    """``difflib.unified_diff`` without its junk heuristic, which in a file of 200 lines
    or more takes a line found in more than 1% of them (a fence's closing line, a blank
    line) for noise: one that no fix changed was then shown removed and added again."""
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    return hunks(matcher, old, new, fromfile, tofile, context)
