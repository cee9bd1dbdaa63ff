"""The readability and timing rules, and the overlap measure and source-language test of
the alignment, as first written: the references their faster versions are held to."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from coursekit.diagnostics import Diagnostic
from coursekit.languages import is_cjk, primary_subtag
from coursekit.subtitles import rules
from coursekit.subtitles.alignment import _MIN_WORDS_FOR_LANGUAGE
from coursekit.subtitles.fingerprint import fingerprint, normalise_text
from coursekit.subtitles.model import Cue, SubtitleFile
from coursekit.subtitles.overlap import CueIndex, overlap_ms
from coursekit.subtitles.readability import _STRAY_WHITESPACE
from coursekit.subtitles.settings import Settings
from coursekit.subtitles.spoken_source import Said
from coursekit.subtitles.text import (
    STOP_WORDS,
    has_cjk,
    latin_letter_ratio,
    visual_length,
    words,
)
from coursekit.subtitles.timestamps import format_seconds, format_srt_time
from coursekit.subtitles.timing import _with_next

ShownLines = Callable[[Cue], tuple[str, ...]]

_TAG = re.compile(r"<\s*(/?)\s*(i|b|u|font)\b[^>]*>", re.IGNORECASE)
_MARKDOWN = re.compile(r"`|\*\*|__\w")


def stop_word_share(tokens: list[str], language: str) -> float | None:
    """Share of ``tokens`` that are stop words of ``language``; ``None`` without a list."""
    stops = STOP_WORDS.get(language)
    if stops is None or not tokens:
        return None
    return sum(map(stops.__contains__, tokens)) / len(tokens)


def reference_reads_as_source(text: str, said: Said, language: str, source: str) -> bool:
    """Whether a translated cue's ``text`` reads as the source text ``said``."""
    size = len(said.text)
    if abs(len(text) - size) <= size // 4 + 2 and normalise_text(text) == said.normalised:
        return True
    if is_cjk(language):
        return (not has_cjk(text) and len(text.split()) >= _MIN_WORDS_FOR_LANGUAGE
                and latin_letter_ratio(text) > 0.9)
    tokens = words(text)
    if len(tokens) < _MIN_WORDS_FOR_LANGUAGE:
        return False
    src_share = stop_word_share(tokens, primary_subtag(source))
    if src_share is None or src_share < 0.3:
        return False
    own_share = stop_word_share(tokens, primary_subtag(language))
    return own_share is not None and own_share < src_share / 2


def reference_heard(index: CueIndex, cue: Cue, shift: int) -> tuple[int, list[Cue]]:
    """How long source cues are shown within ``cue``, and those shown there for more
    than half their duration."""
    span = index.overlapping(cue.start_ms, cue.end_ms, shift)
    start, end = cue.start_ms - shift, cue.end_ms - shift
    shares = [max(0, min(c.end_ms, end) - max(c.start_ms, start)) for c in span]
    mine = [c for c, heard in zip(span, shares, strict=True) if heard * 2 > c.duration_ms]
    return sum(shares), mine


def reference_readability(
    sub: SubtitleFile, settings: Settings, shown: ShownLines,
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
    if _STRAY_WHITESPACE.search(text):
        found.append(rules.STRAY_WHITESPACE.at(
            path, cue.line, f"cue {cue.number} has a line with leading or trailing whitespace",
            hint="trim the line", cue=cue.number, fingerprint=fp.value, out_of=len(sub.cues)))
    if len(lines) > settings.max_lines:
        found.append(rules.TOO_MANY_LINES.at(
            path, cue.line, f"cue {cue.number} has {len(lines)} lines (at most "
            f"{settings.max_lines})", cue=cue.number, fingerprint=fp.value,
            excess=len(lines) / settings.max_lines - 1, out_of=len(sub.cues)))
    lengths = [visual_length(line, cjk) for line in lines]
    longest = max(lengths, default=0.0)
    if longest > settings.max_chars_per_line:
        found.append(rules.LINE_TOO_LONG.at(
            path, cue.line, f"cue {cue.number} has a line of {_num(longest)} characters "
            f"(at most {settings.max_chars_per_line}): `{lines[lengths.index(longest)]}`",
            hint="break the line or shorten it", cue=cue.number, fingerprint=fp.value,
            excess=longest / settings.max_chars_per_line - 1, out_of=len(sub.cues)))
    duration = cue.end_ms - cue.start_ms
    if duration > 0:
        # Lines are joined by one space, which counts like any half-width character.
        chars = sum(lengths) + (len(lines) - 1) * (0.5 if cjk else 1.0)
        cps = chars * 1000 / duration
        if cps > settings.max_cps:
            found.append(rules.READING_SPEED.at(
                path, cue.line, f"cue {cue.number} needs {cps:.1f} characters per second "
                f"(at most {_num(settings.max_cps)})",
                hint="shorten the text or show it longer", cue=cue.number, fingerprint=fp.value,
                excess=cps / settings.max_cps - 1, out_of=len(sub.cues)))
    if ("`" in text or "**" in text or "__" in text) and _MARKDOWN.search(text):
        found.append(rules.MARKDOWN_MARKUP.at(
            path, cue.line, f"cue {cue.number} has Markdown markup that players show as is: "
            f"`{_first_markup(text)}`", hint="remove the backticks or asterisks",
            cue=cue.number, fingerprint=fp.value, out_of=len(sub.cues)))
    unbalanced = _unbalanced_tags(text)
    if unbalanced:
        found.append(rules.UNBALANCED_TAG.at(
            path, cue.line, f"cue {cue.number} leaves <{'>, <'.join(unbalanced)}> unbalanced",
            hint="close each tag in the cue that opens it", cue=cue.number, fingerprint=fp.value,
            out_of=len(sub.cues)))
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


def reference_timing(sub: SubtitleFile, settings: Settings) -> Iterator[Diagnostic]:
    """The timing rules, each pair of neighbours handed to ``_with_next``."""
    path, lang = sub.display_path, sub.language
    min_ms = round(settings.min_duration * 1000)
    max_ms = round(settings.max_duration * 1000)
    gap_ms = settings.min_gap_ms
    cues = sub.cues
    for i, cue in enumerate(cues):
        duration = cue.duration_ms
        if duration < 0 or duration == 0:
            fp = fingerprint(lang, cue.text)
            span = f"{format_srt_time(cue.start_ms)} --> {format_srt_time(cue.end_ms)}"
        if duration < 0:
            yield rules.START_AFTER_END.at(
                path, cue.line, f"cue {cue.number} ends before it starts ({span})",
                hint="swap or correct the times", cue=cue.number, fingerprint=fp)
        elif duration == 0:
            yield rules.ZERO_DURATION.at(
                path, cue.line, f"cue {cue.number} has no duration ({span}): it is never shown",
                hint="give it an end time, or merge it with a neighbour",
                cue=cue.number, fingerprint=fp)
        elif duration < min_ms:
            yield rules.TOO_SHORT.at(
                path, cue.line, f"cue {cue.number} is shown for {format_seconds(duration)}, "
                f"less than {format_seconds(min_ms)}", cue=cue.number,
                fingerprint=fingerprint(lang, cue.text), excess=min_ms / duration - 1,
                out_of=len(cues))
        elif duration > max_ms:
            yield rules.TOO_LONG.at(
                path, cue.line, f"cue {cue.number} is shown for {format_seconds(duration)}, "
                f"more than {format_seconds(max_ms)}", hint="split it",
                cue=cue.number, fingerprint=fingerprint(lang, cue.text),
                excess=duration / max_ms - 1, out_of=len(cues))
        if i + 1 < len(cues):
            yield from _with_next(path, lang, cue, cues[i + 1], gap_ms, settings.allow_contiguous,
                                  len(cues))


def reference_subtract_spans(
    spans: list[tuple[int, int]], cover: list[tuple[int, int]],
) -> list[tuple[int, int]]:
    """The parts of sorted ``spans`` that sorted ``cover`` leaves uncovered."""
    out: list[tuple[int, int]] = []
    j = 0
    for a, b in spans:
        while j < len(cover) and cover[j][1] <= a:
            j += 1
        k, cur = j, a
        while k < len(cover) and cover[k][0] < b:
            if cover[k][0] > cur:
                out.append((cur, cover[k][0]))
            cur = max(cur, cover[k][1])
            k += 1
        if cur < b:
            out.append((cur, b))
    return out


def reference_same_time(index: CueIndex, cue: Cue) -> list[Cue]:
    """Source cues that mostly lie within ``cue`` (or the one overlapping it most)."""
    candidates = index.overlapping(cue.start_ms, cue.end_ms)
    inside = [c for c in candidates if overlap_ms(c, cue.start_ms, cue.end_ms) * 2
              > c.duration_ms]
    if inside:
        return inside
    if not candidates:
        return []
    return [max(candidates, key=lambda c: overlap_ms(c, cue.start_ms, cue.end_ms))]
