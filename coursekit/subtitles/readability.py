"""Readability rules (SUB2xx): what a viewer can read in the time a cue is shown."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from coursekit.diagnostics import Diagnostic
from coursekit.languages import is_cjk
from coursekit.subtitles import rules
from coursekit.subtitles.fingerprint import fingerprint
from coursekit.subtitles.model import Cue, SubtitleFile
from coursekit.subtitles.settings import Settings
from coursekit.subtitles.text import visual_length

ShownLines = Callable[[Cue], tuple[str, ...]]

_TAG = re.compile(r"<\s*(/?)\s*(i|b|u|font)\b[^>]*>", re.IGNORECASE)
_MARKDOWN = re.compile(r"`|\*\*|__\w")
_STRAY_WHITESPACE = re.compile(r"^[^\S\n]|[^\S\n]$", re.MULTILINE)
"""Whitespace at the start or end of a line of a cue's text (lines joined by newlines)."""


def _has_stray_whitespace(lines: tuple[str, ...]) -> bool:
    """Whether ``_STRAY_WHITESPACE`` finds something in the lines joined by newlines
    (a line's first or last character is whitespace), without the regex's walk
    through every position of the text."""
    return any(line[:1].isspace() or line[-1:].isspace() for line in lines)


def all_lines(cue: Cue) -> tuple[str, ...]:
    return cue.lines


def check_readability(
    sub: SubtitleFile, settings: Settings, shown: ShownLines = all_lines,
) -> Iterator[Diagnostic]:
    """Readability of each cue; ``shown`` picks the lines to judge (a bilingual
    file's translated lines only)."""
    cjk = is_cjk(sub.language)
    for cue in sub.cues:
        if not cue.lines:
            yield rules.EMPTY_CUE.at(
                sub.display_path, cue.line, f"cue {cue.number} has no text",
                hint="delete the cue or write its text", cue=cue.number,
                fingerprint=fingerprint(sub.language, "", str(cue.start_ms // 1000)))
            continue
        found = _cue_text(sub, cue, shown(cue), settings, cjk)
        if found:
            yield from found


def _cue_text(
    sub: SubtitleFile, cue: Cue, lines: tuple[str, ...], settings: Settings, cjk: bool,
) -> list[Diagnostic]:
    """The findings of one cue; a list, as most cues have none."""
    found: list[Diagnostic] = []
    path = sub.display_path
    fp = _LazyFingerprint(sub.language, cue)
    text = cue.text
    if _has_stray_whitespace(cue.lines):
        found.append(rules.STRAY_WHITESPACE.at(
            path, cue.line, f"cue {cue.number} has a line with leading or trailing whitespace",
            hint="trim the line", cue=cue.number, fingerprint=fp.value))
    if len(lines) > settings.max_lines:
        found.append(rules.TOO_MANY_LINES.at(
            path, cue.line, f"cue {cue.number} has {len(lines)} lines (at most "
            f"{settings.max_lines})", cue=cue.number, fingerprint=fp.value))
    lengths = [visual_length(line, cjk) for line in lines]
    longest = max(lengths, default=0.0)
    if longest > settings.max_chars_per_line:
        found.append(rules.LINE_TOO_LONG.at(
            path, cue.line, f"cue {cue.number} has a line of {_num(longest)} characters "
            f"(at most {settings.max_chars_per_line}): `{lines[lengths.index(longest)]}`",
            hint="break the line or shorten it", cue=cue.number, fingerprint=fp.value))
    duration = cue.end_ms - cue.start_ms
    if duration > 0:
        # Lines are joined by one space, which counts like any half-width character.
        chars = sum(lengths) + (len(lines) - 1) * (0.5 if cjk else 1.0)
        cps = chars * 1000 / duration
        if cps > settings.max_cps:
            found.append(rules.READING_SPEED.at(
                path, cue.line, f"cue {cue.number} needs {cps:.1f} characters per second "
                f"(at most {_num(settings.max_cps)})",
                hint="shorten the text or show it longer", cue=cue.number, fingerprint=fp.value))
    if ("`" in text or "**" in text or "__" in text) and _MARKDOWN.search(text):
        found.append(rules.MARKDOWN_MARKUP.at(
            path, cue.line, f"cue {cue.number} has Markdown markup that players show as is: "
            f"`{_first_markup(text)}`", hint="remove the backticks or asterisks",
            cue=cue.number, fingerprint=fp.value))
    unbalanced = _unbalanced_tags(text)
    if unbalanced:
        found.append(rules.UNBALANCED_TAG.at(
            path, cue.line, f"cue {cue.number} leaves <{'>, <'.join(unbalanced)}> unbalanced",
            hint="close each tag in the cue that opens it", cue=cue.number, fingerprint=fp.value))
    return found


class _LazyFingerprint:
    """Computed when a finding first needs it: most cues have none."""

    __slots__ = ("_value", "cue", "language")

    def __init__(self, language: str, cue: Cue) -> None:
        self.language, self.cue = language, cue
        self._value: str | None = None

    @property
    def value(self) -> str:
        if self._value is None:
            self._value = fingerprint(self.language, self.cue.text)
        return self._value


def _num(value: float) -> str:
    return f"{value:g}"


def _first_markup(text: str) -> str:
    line = next(line for line in text.split("\n") if _MARKDOWN.search(line))
    return line.strip()


def _unbalanced_tags(text: str) -> list[str]:
    if "<" not in text:
        return []
    depth: dict[str, int] = {}
    bad: list[str] = []
    for closing, name in _TAG.findall(text):
        name = name.lower()
        depth[name] = depth.get(name, 0) + (-1 if closing else 1)
        if depth[name] < 0 and name not in bad:
            bad.append(name)
    bad.extend(name for name, d in depth.items() if d > 0 and name not in bad)
    return bad
