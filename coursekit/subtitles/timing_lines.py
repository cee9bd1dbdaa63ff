"""What a timing line got wrong: one that cannot be read; and of a readable one, text
after the end time, an SBV timing in an SRT file, short fractions and other departures
from ``HH:MM:SS,mmm``."""

from __future__ import annotations

import re

from coursekit.diagnostics import Diagnostic
from coursekit.subtitles import rules
from coursekit.subtitles.fingerprint import fingerprint
from coursekit.subtitles.model import Cue
from coursekit.subtitles.timestamps import Timing, is_positioning, why_unreadable

_FRACTION_SEPARATOR = re.compile(r"[,.:;]")


def quote(text: str, limit: int = 60) -> str:
    """``text`` stripped, cut at ``limit`` characters and put in backticks."""
    text = text.strip()
    return f"`{text if len(text) <= limit else text[:limit - 1] + '…'}`"


def unreadable_timing(
    path: str, language: str, line: int, raw: str, text: tuple[str, ...],
    cue: int | None = None,
) -> Diagnostic:
    """The finding on the timing line ``raw`` (at ``line``) that cannot be read, of the
    cue whose text is ``text`` (and whose index line says ``cue``, where it is read)."""
    reason = why_unreadable(raw)
    return rules.MALFORMED_TIMING.at(
        path, line, f"cannot read the timing line {quote(raw)}"
        f"{f' ({reason})' if reason else ''}; "
        f"the cue's text is {quote(' / '.join(text) or '(none)')}",
        hint="write it as `HH:MM:SS,mmm --> HH:MM:SS,mmm`", cue=cue,
        fingerprint=fingerprint(language, " ".join(text), "timing"),
    )


def sbv_file_finding(path: str, language: str, line: int, raw: str, *,
                     numbered: bool) -> Diagnostic:
    """The one finding on an SRT file written as YouTube SBV, at its first timing line
    ``raw``; ``numbered``: its cues keep SRT's index lines, only their timings are SBV."""
    said = (f"SBV timings in an SRT file, the first {quote(raw)}" if numbered else
            f"expected a cue index, found {quote(raw)} (this looks like YouTube SBV, not SRT)")
    return rules.SBV_FORMAT.at(path, line, said,
                               hint="`coursekit fix subtitles` converts it to SRT",
                               fingerprint=fingerprint(language, "sbv"))


def timing_findings(
    path: str, language: str, line: int, cue: Cue, timing: Timing, *,
    sbv_in_srt: bool, raw: str,
) -> list[Diagnostic]:
    """The findings on the timing line ``raw`` (at ``line``) of ``cue``."""
    found = []
    if timing.settings and not is_positioning(timing.settings):
        found.append(rules.TEXT_AFTER_TIMING.at(
            path, line,
            f"{quote(timing.settings)} after the end time of cue {cue.number}: players "
            "do not show it", hint="move it to the cue's text, or delete it",
            cue=cue.number, fingerprint=fingerprint(language, timing.settings, "after"),
        ))
    if not (timing.short_fractions or timing.oddities or sbv_in_srt):
        return found
    fp = fingerprint(language, cue.text)
    if sbv_in_srt:
        found.append(rules.SBV_FORMAT.at(
            path, line, f"SBV timing {quote(raw)} in an SRT file",
            cue=cue.number, fingerprint=fp,
        ))
    for written in timing.short_fractions:
        found.append(rules.SHORT_FRACTION.at(
            path, line,
            f"`{written}` has a {len(_fraction(written))}-digit "
            f"fraction; read as {_fraction_ms(written)} ms (common parsers read it as "
            f"{_naive_ms(written)} ms)",
            hint="write three fraction digits, `HH:MM:SS,mmm`",
            cue=cue.number, fingerprint=fp,
        ))
    if timing.oddities:
        found.append(rules.NONSTANDARD_TIMESTAMP.at(
            path, line, "; ".join(timing.oddities) + " (read anyway)",
            hint="write `HH:MM:SS,mmm`", cue=cue.number, fingerprint=fp,
        ))
    return found


def _fraction(written: str) -> str:
    return _FRACTION_SEPARATOR.split(written)[-1]


def _fraction_ms(written: str) -> int:
    digits = _fraction(written)
    return int(int(digits) * 10 ** max(3 - len(digits), 0))


def _naive_ms(written: str) -> int:
    return int(_fraction(written))
