"""Whitespace around a cue's index and timing lines (``SUB023``).

Players read the index and the timing past such whitespace, so it is a note; but the fix
writes those lines anew, without it, and says so: check names what fix will change.
(Whitespace in a cue's text is ``SUB205``, which the fix leaves: a viewer sees the text.)
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
