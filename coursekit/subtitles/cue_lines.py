"""The layout of a cue's structural lines: whitespace around its index and timing lines
(``SUB023``), and the blank lines before it (``SUB024``).

Players pass over both, so they are notes; but the fix writes those lines anew (the
index and timing without the whitespace, one empty line between two cues, none before
the first) and says so: check names what fix will change. (Whitespace in a cue's text
is ``SUB205``, which the fix leaves: a viewer sees the text; the blank lines after the
last cue are ``SUB018``.)
"""

from __future__ import annotations

from collections.abc import Sequence

from coursekit.diagnostics import Diagnostic
from coursekit.subtitles import rules
from coursekit.subtitles.fingerprint import fingerprint
from coursekit.subtitles.model import Cue


def _stray(line: str) -> bool:
    return line != line.strip()


def _finding(cue: Cue, line: int, what: str, path: str, language: str) -> Diagnostic:
    return rules.CUE_LINE_WHITESPACE.at(
        path, line, f"whitespace before or after cue {cue.number}'s {what}",
        hint="`coursekit fix subtitles` trims it", cue=cue.number,
        fingerprint=fingerprint(language, cue.text, "head whitespace"))


def cue_line_whitespace(lines: Sequence[str], cues: Sequence[Cue], path: str,
                        language: str) -> list[Diagnostic]:
    """``SUB023`` on each cue whose index line or timing line (``lines``: the file's,
    1-based by :attr:`Cue.line`) starts or ends with whitespace."""
    found: list[Diagnostic] = []
    for cue in cues:
        head = cue.line - 1  # its index line, or its timing line when it has no index
        if cue.number_as_written is None:
            if _stray(lines[head]):
                found.append(_finding(cue, head + 1, "timing line", path, language))
            continue
        index, timing = _stray(lines[head]), _stray(lines[head + 1])
        if index or timing:
            what = ("index and timing lines" if index and timing
                    else "index line" if index else "timing line")
            found.append(_finding(cue, head + 1 + (not index), what, path, language))
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
