"""The finding on text outside any cue (SUB014): before the first cue (a WebVTT header
among it), or after the last one past a blank line, which no player shows."""

from __future__ import annotations

import re

from coursekit.diagnostics import Diagnostic
from coursekit.subtitles import rules
from coursekit.subtitles.fingerprint import fingerprint
from coursekit.subtitles.timing_lines import quote

_WEBVTT = re.compile(r"WEBVTT(?:[ \t]|$)")
"""The first line of a WebVTT file: the word, then nothing or a space and a title."""


def stray_text(path: str, language: str, line: int, text: list[str],
               after: int | None = None) -> Diagnostic:
    """SUB014 on the lines ``text`` (those with words), the first at ``line``; ``after``,
    the number of the last cue when they follow it."""
    shown = quote(" / ".join(text))
    said, hint = f"text outside any cue: {shown}", (
        "give it an index and a timing line, or delete it")
    if after is not None:
        said = (f"text after the last cue (cue {after}), past a blank line: {shown}; "
                "players do not show it")
        hint = ("if it is a cue, give it an index and a timing line; if it is "
                f"cue {after}'s text, delete the blank line; else delete it")
    elif _WEBVTT.match(text[0]):
        said = f"{said} (a WebVTT header: this looks like WebVTT, not SRT)"
        hint = ("save it as SRT: no header or NOTE blocks, an index above each "
                "timing line, `,` before the milliseconds")
    return rules.STRAY_TEXT.at(path, line, said, hint=hint,
                               fingerprint=fingerprint(language, " ".join(text)))
