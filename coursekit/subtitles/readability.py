"""Readability rules (SUB2xx): what a viewer can read in the time a cue is shown.

A speed path, kept: plain ASCII lines are measured without a call per line, and the
rules of a cue are judged in one pass. With the faster timing and alignment
(:mod:`~coursekit.subtitles.timing`, :mod:`~coursekit.subtitles.alignment`) it makes
the whole ``check`` of a real-shaped course of 250 subtitle files 1.46x faster than
the rules as first written (``bench/speed_paths.py --only subtitle-rules --repeat 5``
at 44664d8, which held the first versions, removed since).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from coursekit.diagnostics import Diagnostic, Rule
from coursekit.languages import is_cjk
from coursekit.subtitles import rules
from coursekit.subtitles.fingerprint import fingerprint
from coursekit.subtitles.model import Cue, SubtitleFile
from coursekit.subtitles.settings import Settings
from coursekit.subtitles.text import visual_length

ShownLines = Callable[[Cue], tuple[str, ...]]

_TAG = re.compile(r"<\s*(/?)\s*(i|b|u|font)\b[^<>]*>", re.IGNORECASE)
"""An ``<i>``, ``<b>``, ``<u>`` or ``<font>`` tag, ending before the next ``<`` (see
:data:`coursekit.subtitles.text._TAG`: linear time on unclosed tags)."""
_MARKDOWN = re.compile(
    r"`"
    r"|(?<![\w*])\*\*(?=[^\s*])[^*\n]*(?<=\S)\*\*(?![\w*])"  # **strong**
    r"|(?<!\w)__(?=[^\s_])(?!\w+__(?!\w))[^_\n]*(?<=\S)__(?!\w)"  # __strong__
)
"""Markdown that players show as written: a backtick, or a pair of ``**`` or ``__`` around
words on one line. Python's names are no markup: ``__init__`` (one word between the
pairs), ``**kwargs`` and ``2**10`` (no pair). The content of a pair holds no ``*`` or
``_``, so that each pair is looked for up to the next one only (linear time)."""
_STRAY_WHITESPACE = re.compile(r"^[^\S\n]|[^\S\n]$", re.MULTILINE)
"""Whitespace at the start or end of a line of a cue's text (lines joined by newlines)."""


def _has_stray_whitespace(lines: tuple[str, ...]) -> bool:
    """Whether ``_STRAY_WHITESPACE`` finds something in the lines joined by newlines
    (a line's first or last character is whitespace, so stripping changes it), without
    the regex's walk through every position of the text."""
    return tuple(map(str.strip, lines)) != lines


def all_lines(cue: Cue) -> tuple[str, ...]:
    return cue.lines


def check_readability(
    sub: SubtitleFile, settings: Settings, shown: ShownLines = all_lines,
) -> Iterator[Diagnostic]:
    """Readability of each cue; ``shown`` picks the lines to judge (a bilingual
    file's translated lines only)."""
    cjk = is_cjk(sub.language)
    every_line = shown is all_lines
    for cue in sub.cues:
        if not cue.lines:
            yield rules.EMPTY_CUE.at(
                sub.display_path, cue.line, f"cue {cue.number} has no text",
                hint="delete the cue or write its text", cue=cue.number,
                fingerprint=fingerprint(sub.language, "", str(cue.start_ms // 1000)))
            continue
        found = _cue_text(cue, cue.lines if every_line else shown(cue), settings, cjk)
        if found:
            number, fp = cue.number, fingerprint(sub.language, cue.text)
            for rule, message, hint, excess in found:
                yield rule.at(sub.display_path, cue.line, message, hint=hint, cue=number,
                              fingerprint=fp, excess=excess, out_of=len(sub.cues))


Finding = tuple[Rule, str, str | None, float]
"""A rule, its message, its hint and how far past its limit, for one cue."""


def _cue_text(
    cue: Cue, lines: tuple[str, ...], settings: Settings, cjk: bool,
) -> list[Finding]:
    """The findings of one cue; a list, as most cues have none."""
    found: list[Finding] = []
    if _has_stray_whitespace(cue.lines):
        found.append((rules.STRAY_WHITESPACE,
                      f"cue {cue.number} has a line with leading or trailing whitespace",
                      "trim the line", 0.0))
    if len(lines) > settings.max_lines:
        found.append((rules.TOO_MANY_LINES, f"cue {cue.number} has {len(lines)} lines (at most "
                      f"{settings.max_lines})", None, _excess(len(lines), settings.max_lines)))
    unit = 0.5 if cjk else 1.0
    if len(lines) == 1:  # most cues: no list to build, and the line is all the text
        longest = chars = _shown_length(lines[0], unit, cjk)
        lengths = [longest]
    else:
        lengths = [_shown_length(line, unit, cjk) for line in lines]
        longest = max(lengths, default=0.0)
        # Lines are joined by one space, which counts like any half-width character.
        chars = sum(lengths) + (len(lines) - 1) * unit
    if longest > settings.max_chars_per_line:
        found.append((rules.LINE_TOO_LONG, f"cue {cue.number} has a line of {_num(longest)} "
                      f"characters (at most {settings.max_chars_per_line}): "
                      f"`{lines[lengths.index(longest)].rstrip()}`",
                      "break the line or shorten it",
                      _excess(longest, settings.max_chars_per_line)))
    duration = cue.end_ms - cue.start_ms
    if duration > 0:
        cps = chars * 1000 / duration
        if cps > settings.max_cps:
            found.append((rules.READING_SPEED, f"cue {cue.number} needs {cps:.1f} characters "
                          f"per second (at most {_num(settings.max_cps)})",
                          "shorten the text or show it longer", _excess(cps, settings.max_cps)))
    text = cue.lines[0] if len(cue.lines) == 1 else "\n".join(cue.lines)
    if ("`" in text or "**" in text or "__" in text) and _MARKDOWN.search(text):
        found.append((rules.MARKDOWN_MARKUP, f"cue {cue.number} has Markdown markup that "
                      f"players show as is: `{_first_markup(text)}`",
                      "remove the backticks or asterisks", 0.0))
    unbalanced = _unbalanced_tags(text) if "<" in text else None
    if unbalanced:
        found.append((rules.UNBALANCED_TAG, f"cue {cue.number} leaves "
                      f"<{'>, <'.join(unbalanced)}> unbalanced",
                      "close each tag in the cue that opens it", 0.0))
    return found


def reading_speed(lines: tuple[str, ...], language: str, shown_ms: int) -> float:
    """The characters per second ``lines`` ask of a reader when shown for ``shown_ms``,
    counted as SUB201 counts them."""
    cjk = is_cjk(language)
    unit = 0.5 if cjk else 1.0
    chars = sum(_shown_length(line, unit, cjk) for line in lines) + (len(lines) - 1) * unit
    return chars * 1000 / shown_ms if shown_ms > 0 else float("inf")


def _shown_length(line: str, unit: float, cjk: bool) -> float:
    """The length of a line as shown: trailing whitespace (SUB205's) takes no room."""
    line = line.rstrip()
    # A line of ASCII without tags is as long as it is: no call per such line.
    if line.isascii() and "<" not in line and "{" not in line:
        return len(line) * unit
    return visual_length(line, cjk)


def _excess(value: float, limit: float) -> float:
    return value / limit - 1 if limit > 0 else 0.0


def _num(value: float) -> str:
    return f"{value:g}"


def _first_markup(text: str) -> str:
    line = next(line for line in text.split("\n") if _MARKDOWN.search(line))
    return line.strip()


def _unbalanced_tags(text: str) -> list[str]:
    depth: dict[str, int] = {}
    bad: list[str] = []
    for closing, name in _TAG.findall(text):
        name = name.lower()
        depth[name] = depth.get(name, 0) + (-1 if closing else 1)
        if depth[name] < 0 and name not in bad:
            bad.append(name)
    bad.extend(name for name, d in depth.items() if d > 0 and name not in bad)
    return bad
