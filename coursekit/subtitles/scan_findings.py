"""What the recovery scan tolerated, as diagnostics: each at the line it concerns,
quoting the text it read."""

from __future__ import annotations

import re

from coursekit.diagnostics import Diagnostic
from coursekit.subtitles import rules
from coursekit.subtitles.fingerprint import fingerprint
from coursekit.subtitles.model import Cue
from coursekit.subtitles.timestamps import Timing, is_positioning, why_unreadable

_FRACTION_SEPARATOR = re.compile(r"[,.:;]")
MAX_INDEX_DIGITS = 9
"""Longer digit runs are never a cue's index, and are not converted to numbers at all."""


def _quote(text: str, limit: int = 60) -> str:
    text = text.strip()
    return f"`{text if len(text) <= limit else text[:limit - 1] + '…'}`"


class ScanFindings:
    """The findings of one file's scan, added to ``diagnostics`` in the order met."""

    def __init__(
        self, lines: list[str], path: str, language: str, sbv_file: bool,
        diagnostics: list[Diagnostic],
    ) -> None:
        self.lines = lines
        self.path = path
        self.language = language
        self.sbv_file = sbv_file
        """Whether the file is mostly SBV, which numbers no cue."""
        self.diagnostics = diagnostics

    def add(self, diag: Diagnostic) -> None:
        self.diagnostics.append(diag)

    def sbv_format(self, t: int) -> None:
        """An SBV file read where SRT was expected; ``t`` is its first timing line."""
        self.add(rules.SBV_FORMAT.at(
            self.path, t + 1,
            f"expected a cue index, found {_quote(self.lines[t])} "
            "(this looks like YouTube SBV, not SRT)",
            hint="`coursekit fix subtitles` converts it to SRT",
            fingerprint=fingerprint(self.language, "sbv"),
        ))

    def malformed(self, t: int, lines: list[str]) -> None:
        reason = why_unreadable(self.lines[t])
        self.add(rules.MALFORMED_TIMING.at(
            self.path, t + 1,
            f"cannot read the timing line {_quote(self.lines[t])}"
            f"{f' ({reason})' if reason else ''}; "
            f"the cue's text is {_quote(' / '.join(lines) or '(none)')}",
            hint="write it as `HH:MM:SS,mmm --> HH:MM:SS,mmm`",
            fingerprint=fingerprint(self.language, " ".join(lines), "timing"),
        ))

    def stray(self, start: int, stop: int) -> None:
        text = [line for line in self.lines[start:stop] if line.strip()]
        if text:
            line = next(i for i in range(start, stop) if self.lines[i].strip())
            self.add(rules.STRAY_TEXT.at(
                self.path, line + 1,
                f"text outside any cue: {_quote(' / '.join(text))}",
                hint="give it an index and a timing line, or delete it",
                fingerprint=fingerprint(self.language, " ".join(text)),
            ))

    def blank_in_cue(
        self, first: int, content: list[str], text: list[str], cue_index: int,
    ) -> None:
        blanks = [first + i for i, line in enumerate(content) if not line.strip()]
        joined = " ".join(text)
        self.add(rules.BLANK_LINE_IN_CUE.at(
            self.path, blanks[0] + 1,
            f"blank line inside cue {cue_index} ({_quote(joined)}): players drop the text "
            "after it",
            hint="delete the blank line",
            cue=cue_index,
            fingerprint=fingerprint(self.language, joined),
        ))

    def timing(self, cue: Cue, t: int, timing: Timing, sbv: bool) -> None:
        """What the timing line ``t`` of ``cue`` (an SBV one, with ``sbv``) tolerated."""
        if timing.settings and not is_positioning(timing.settings):
            self.add(rules.TEXT_AFTER_TIMING.at(
                self.path, t + 1,
                f"{_quote(timing.settings)} after the end time of cue {cue.index}: players "
                "do not show it", hint="move it to the cue's text, or delete it",
                cue=cue.index, fingerprint=fingerprint(self.language, timing.settings, "after"),
            ))
        if not (timing.short_fractions or timing.oddities or sbv):
            return
        fp = fingerprint(self.language, cue.text)
        if sbv and not self.sbv_file:
            self.add(rules.SBV_FORMAT.at(
                self.path, t + 1, f"SBV timing {_quote(self.lines[t])} in an SRT file",
                cue=cue.index, fingerprint=fp,
            ))
        for written in timing.short_fractions:
            self.add(rules.SHORT_FRACTION.at(
                self.path, t + 1,
                f"`{written}` has a {len(_fraction(written))}-digit "
                f"fraction; read as {_fraction_ms(written)} ms (common parsers read it as "
                f"{_naive_ms(written)} ms)",
                hint="write three fraction digits, `HH:MM:SS,mmm`",
                cue=cue.index, fingerprint=fp,
            ))
        if timing.oddities:
            self.add(rules.NONSTANDARD_TIMESTAMP.at(
                self.path, t + 1, "; ".join(timing.oddities) + " (read anyway)",
                hint="write `HH:MM:SS,mmm`", cue=cue.index, fingerprint=fp,
            ))

    def missing_blank(self, cue: Cue, next_head: int) -> None:
        self.add(rules.MISSING_BLANK_LINE.at(
            self.path, next_head + 1,
            f"no blank line between cue {cue.index} and the next: players show "
            f"{_quote(self.lines[next_head])} as text of cue {cue.index}",
            hint="insert a blank line (`coursekit fix subtitles` does it)",
            cue=cue.index + 1, fingerprint=fingerprint(self.language, cue.text),
        ))

    def number(self, cue: Cue, t: int, expected: int | None, seen: set[int]) -> int | None:
        """Check the cue's index; return the number expected for the next cue."""
        written = cue.number_as_written
        want = expected if expected is not None else cue.index
        number = _index_value(written) if written is not None else None
        if number is not None and number == want and number not in seen:
            seen.add(number)
            return number + 1
        fp = fingerprint(self.language, cue.text)
        if written is None:
            if not self.sbv_file:
                self.add(rules.MISSING_INDEX.at(
                    self.path, t + 1,
                    f"expected the index of cue {cue.index}, found the timing "
                    f"{_quote(self.lines[t])}",
                    hint="renumber with `coursekit fix subtitles`", cue=cue.index, fingerprint=fp,
                ))
            return None if expected is None else expected + 1
        if not _is_number(written):
            self.add(rules.NON_NUMERIC_INDEX.at(
                self.path, cue.line, f"cue index {_quote(written)} is not a number",
                hint="renumber with `coursekit fix subtitles`", cue=cue.index, fingerprint=fp,
            ))
            return None if expected is None else expected + 1
        if number is None:
            self.add(rules.INDEX_SEQUENCE.at(
                self.path, cue.line, f"cue index {_quote(written)} ({len(written)} digits) "
                f"where {want} was expected",
                hint="renumber with `coursekit fix subtitles`", cue=cue.index, fingerprint=fp,
            ))
            return None if expected is None else expected + 1
        if number in seen:
            self.add(rules.DUPLICATE_INDEX.at(
                self.path, cue.line, f"cue index {number} is used twice",
                hint="renumber with `coursekit fix subtitles`", cue=cue.index, fingerprint=fp,
            ))
        elif number != want:
            self.add(rules.INDEX_SEQUENCE.at(
                self.path, cue.line, f"cue index {number} where {want} was expected",
                hint="renumber with `coursekit fix subtitles`", cue=cue.index, fingerprint=fp,
            ))
        seen.add(number)
        return number + 1


def _is_number(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _index_value(text: str) -> int | None:
    """The number an index line holds, if it is one of sensible size."""
    if not _is_number(text):
        return None
    digits = text.lstrip("0")
    return int(digits or "0") if len(digits) <= MAX_INDEX_DIGITS else None


def _fraction(written: str) -> str:
    return _FRACTION_SEPARATOR.split(written)[-1]


def _fraction_ms(written: str) -> int:
    digits = _fraction(written)
    return int(int(digits) * 10 ** max(3 - len(digits), 0))


def _naive_ms(written: str) -> int:
    return int(_fraction(written))

