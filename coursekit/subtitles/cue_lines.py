"""The layout of a cue's structural lines: whitespace around its index and timing lines
and inside its timing line (``SUB023``), the blank lines before it (``SUB024``), and
leading zeros in its index (``SUB025``).

Players pass over them, so they are notes; but the fix writes those lines anew (the
index and timing without the whitespace, the index without zeros, one empty line
between two cues, none before the first) and says so: check names what fix will
change. (Whitespace in a cue's text is ``SUB205``, which the fix leaves: a viewer sees
the text; the blank lines after the last cue are ``SUB018``.)
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from coursekit.diagnostics import Diagnostic
from coursekit.subtitles import rules
from coursekit.subtitles.fingerprint import fingerprint
from coursekit.subtitles.model import Cue

_LAID_OUT = re.compile(r"\S+ --> \S+(?:$|\s\S)")
"""A stripped timing line spaced as the fix writes it: one space each side of the arrow,
one before what follows the end time (a tab there is ``SUB012``'s)."""
_INDEX_RULES = frozenset({rules.NON_NUMERIC_INDEX.code, rules.DUPLICATE_INDEX.code,
                          rules.INDEX_SEQUENCE.code})


def _stray(line: str) -> bool:
    return line != line.strip()


def _spaced(line: str) -> bool:
    """Whether the fix re-spaces the inside of the SRT timing line ``line``."""
    if len(line) == 29 and line[12:17] == " --> ":  # HH:MM:SS,mmm --> HH:MM:SS,mmm
        return line[11].isspace() or line[17].isspace()
    return "-->" in line and _LAID_OUT.match(line.strip()) is None  # not SBV's


def _said(number: int, index: bool, outer: bool, inner: bool) -> str:
    parts = []
    if index or outer:
        what = ("index and timing lines" if index and outer
                else "index line" if index else "timing line")
        parts.append(f"whitespace before or after cue {number}'s {what}")
    if inner:
        whose = "its" if parts else f"cue {number}'s"
        parts.append(f"{whose} timing line is spaced "
                     "otherwise than with one space each side of `-->` and one before what "
                     "follows the end time")
    return "; ".join(parts)


def cue_line_whitespace(lines: Sequence[str], cues: Sequence[Cue], path: str,
                        language: str) -> list[Diagnostic]:
    """``SUB023`` on each cue whose index line or timing line (``lines``: the file's,
    1-based by :attr:`Cue.line`) starts or ends with whitespace, or whose timing line is
    spaced inside otherwise than the fix writes it; at its index line when that is one."""
    found: list[Diagnostic] = []
    for cue in cues:
        head = cue.line - 1  # its index line, or its timing line when it has no index
        numbered = cue.number_as_written is not None
        index = numbered and _stray(lines[head])
        timing = lines[head + numbered]
        outer, inner = _stray(timing), _spaced(timing)
        if index or outer or inner:
            found.append(rules.CUE_LINE_WHITESPACE.at(
                path, head + 1 + (numbered and not index),
                _said(cue.number, index, outer, inner),
                hint=f"`coursekit fix subtitles` {'re-spaces' if inner else 'trims'} it",
                cue=cue.number, fingerprint=fingerprint(language, cue.text, "head whitespace")))
    return found


def _blank(line: str) -> bool:
    """A line the scan reads as blank: empty, or whitespace alone (``str.strip``'s)."""
    return not line or line.isspace()


def blank_line_layout(lines: Sequence[str], cues: Sequence[Cue], path: str,
                      language: str) -> list[Diagnostic]:
    """``SUB024`` on each cue whose run of blank lines just above it is not what the fix
    writes: more than one empty line below another line, a blank line holding
    whitespace, or any blank line at the top of the file. (No blank line at all between
    two cues is ``SUB005``.)"""
    found: list[Diagnostic] = []
    above: Cue | None = None
    for cue in cues:
        head = cue.line - 1  # never blank, nor is any line of the cue above's head
        if head > 1 and lines[head - 1] == "" and not _blank(lines[head - 2]):
            above = cue  # one empty line below a line with text: nearly every cue
            continue
        first = head
        while first > 0 and _blank(lines[first - 1]):
            first -= 1
        run = lines[first:head]
        if run and (first == 0 or len(run) > 1 or run[0]):
            found.append(_layout(cue, above, first + 1, run, path, language))
        above = cue
    return found


def _layout(cue: Cue, above: Cue | None, line: int, run: Sequence[str], path: str,
            language: str) -> Diagnostic:
    said = "a blank line" if len(run) == 1 else f"{len(run)} blank lines"
    if any(run):
        said += " holding whitespace"
    where = (f"at the top of the file, above cue {cue.number}" if line == 1
             else f"between cue {above.number} and cue {cue.number}" if above is not None
             else f"above cue {cue.number}")
    return rules.BLANK_LINE_LAYOUT.at(
        path, line, f"{said} {where}",
        hint="`coursekit fix subtitles` writes one empty line between two cues, none "
             "before the first", cue=cue.number,
        fingerprint=fingerprint(language, cue.text, "blank lines"))


def index_leading_zeros(cues: Sequence[Cue], scanned: Sequence[Diagnostic], path: str,
                        language: str) -> list[Diagnostic]:
    """``SUB025`` on each cue whose index is written with leading zeros (``01``) and is
    the number due: the scan's ``scanned`` findings say of the others (``SUB008``,
    ``SUB009``, ``SUB010``), which the fix names as it renumbers them."""
    zeros = [cue for cue in cues if (written := cue.number_as_written) is not None
             and written[:1] == "0" and len(written) > 1]
    if not zeros:  # nearly every file
        return []
    off = {d.line for d in scanned if d.rule in _INDEX_RULES}
    return [rules.INDEX_LEADING_ZEROS.at(
        path, cue.line, f"cue {cue.number}'s index is written `{cue.number_as_written}`, "
        "with leading zeros", hint="`coursekit fix subtitles` writes it without them",
        cue=cue.number, fingerprint=fingerprint(language, cue.text, "index zeros"))
        for cue in zeros if cue.line not in off]
