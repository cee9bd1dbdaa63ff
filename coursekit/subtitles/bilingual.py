"""Bilingual files (SUB3xx): each cue holds the translated line, then the source line,
or, in a file whose cues mostly put the source line on top, the source line first.

A cue whose two parts stand in the other order than the file's (the two swapped) is
read with its parts as they are, and reported (SUB305), not taken for a cue without a
source line."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from difflib import SequenceMatcher

from coursekit.diagnostics import Diagnostic
from coursekit.languages import is_cjk
from coursekit.subtitles import rules
from coursekit.subtitles.fingerprint import fingerprint
from coursekit.subtitles.model import Cue, SubtitleFile
from coursekit.subtitles.overlap import CueIndex
from coursekit.subtitles.settings import Settings
from coursekit.subtitles.text import has_cjk, is_code_only, latin_letter_ratio, strip_tags, words

_MIN_CUES_FOR_DETECTION = 3
_DETECTION_SHARE = 0.5
_PUNCTUATION = re.compile(r"[^\w]+")
_SOURCE_FIRST_LIKENESS = 0.6
"""How alike a leading line and the source cues must read for the line to be the
source line put first (a reworded source line still is one: SUB304 says so)."""
_MIN_WORDS_FOR_SOURCE = 2


@dataclass(frozen=True, slots=True)
class BilingualCue:
    translated: tuple[str, ...]
    source: tuple[str, ...]
    matched: tuple[Cue, ...] = ()
    """The source file's cues shown at the same time, when a source file is known."""
    swapped: bool = False
    """Whether the two parts stand in the other order than the file's other cues."""


class Splitter:
    """Splits a bilingual cue into its translated and its source lines.

    With the source file at hand, the source part is the run of trailing lines (leading
    ones, in a file that puts the source on top) that reads most like the source cues
    shown at the same time; a translated line without CJK characters (a line of code, a
    number) then stays with the translation. Without it, every such line without CJK
    characters is taken as source.
    """

    def __init__(self, language: str, source: CueIndex | None = None,
                 source_first: bool = False) -> None:
        self.cjk = is_cjk(language)
        self.index = source
        self.source_first = source_first
        """Whether the file puts the source lines above the translated ones."""
        self._seen: dict[int, tuple[Cue, BilingualCue]] = {}

    @classmethod
    def of_file(cls, sub: SubtitleFile, source: CueIndex | None = None) -> Splitter:
        """The splitter of ``sub``'s cues, in the order most of them put their lines in
        (:func:`source_on_top`)."""
        return cls(sub.language, source, source_on_top(sub))

    def split(self, cue: Cue) -> BilingualCue:
        # Several rules ask for the same cue; the cue is kept with its split so its id stays valid.
        seen = self._seen.get(id(cue))
        if seen is not None and seen[0] is cue:
            return seen[1]
        parts = self._split(cue)
        self._seen[id(cue)] = (cue, parts)
        return parts

    def _split(self, cue: Cue) -> BilingualCue:
        lines = cue.lines
        matched = tuple(self.index.same_time(cue)) if self.index is not None and lines else ()
        if not self.cjk:
            cut = (1 if self.source_first else len(lines) - 1) if len(lines) >= 2 else len(lines)
            source, translated = (lines[:cut], lines[cut:]) if self.source_first else (
                lines[cut:], lines[:cut])
            return BilingualCue(translated, source, matched)
        if self.source_first:
            return _split_source_first(lines, matched)
        cut = len(lines)
        while cut > 0 and not has_cjk(lines[cut - 1]):
            cut -= 1
        if cut == len(lines):
            head = _source_first(lines, matched)
            if head:
                return BilingualCue(lines[head:], lines[:head], matched, swapped=True)
        if matched and len(lines) - cut > 1:
            cut = _best_cut(lines, cut, matched)
        return BilingualCue(lines[:cut], lines[cut:], matched)

    def translated(self, cue: Cue) -> tuple[str, ...]:
        return self.split(cue).translated


def _split_source_first(lines: tuple[str, ...], matched: tuple[Cue, ...]) -> BilingualCue:
    """The parts of a cue of a file that puts the source lines on top: its leading lines
    without CJK characters (the run closest to ``matched``, with the source file at hand);
    a cue whose translated line comes first, with a source line below it, is swapped."""
    head = 0
    while head < len(lines) and not has_cjk(lines[head]):
        head += 1
    if head == 0:
        tail = _source_first(lines, matched, at_end=True)  # under the translation
        cut = len(lines) - tail
        return BilingualCue(lines[:cut], lines[cut:], matched, swapped=bool(tail))
    if matched and 1 < head < len(lines):
        head = _best_cut(lines, head, matched, prefix=True)
    return BilingualCue(lines[head:], lines[:head], matched)


def _best_cut(lines: tuple[str, ...], first: int, matched: tuple[Cue, ...],
              prefix: bool = False) -> int:
    """Where the source part starts: the suffix of ``lines[first:]`` closest to ``matched``
    (with ``prefix``, where it ends: the prefix of ``lines[:first]``, of one line at least).

    Parts with as many lines as the source cues are tried first, so that a tie
    keeps the source's own line count."""
    reference = _loose(" ".join(" ".join(m.lines) for m in matched))
    wanted = sum(len(m.lines) for m in matched)
    if prefix:
        cuts = sorted(range(1, first + 1), key=lambda cut: abs(cut - wanted))
        suffixes = {cut: _loose(" ".join(lines[:cut])) for cut in cuts}
    else:
        cuts = sorted(range(first, len(lines)), key=lambda cut: abs(len(lines) - cut - wanted))
        suffixes = {cut: _loose(" ".join(lines[cut:])) for cut in cuts}
    exact = next((cut for cut in cuts if suffixes[cut] == reference), None)
    if exact is not None:
        return exact
    return max(cuts, key=lambda cut: SequenceMatcher(None, suffixes[cut], reference,
                                                     autojunk=False).ratio())


def _source_first(lines: tuple[str, ...], matched: tuple[Cue, ...], at_end: bool = False
                  ) -> int:
    """How many leading lines are the source part put first: lines without CJK
    characters above the translated ones, that read as the source cues shown at the
    same time (without the source file: as words, not code); 0 where there are none.
    With ``at_end``, how many trailing lines are the source part put last."""
    ordered = lines[::-1] if at_end else lines
    head = 0
    while head < len(ordered) and not has_cjk(ordered[head]):
        head += 1
    if head in (0, len(lines)):
        return 0
    text = " ".join(lines[len(lines) - head:] if at_end else lines[:head])
    if matched:
        reference = _loose(" ".join(" ".join(m.lines) for m in matched))
        likeness = SequenceMatcher(None, _loose(text), reference, autojunk=False).ratio()
        return head if likeness >= _SOURCE_FIRST_LIKENESS else 0
    plain = strip_tags(text)
    if (len(words(plain)) < _MIN_WORDS_FOR_SOURCE or is_code_only(plain)
            or latin_letter_ratio(plain) <= 0.9):
        return 0
    return head


def is_bilingual(sub: SubtitleFile, settings: Settings, source_language: str) -> bool:
    """Configured, or detected where the scripts differ (a CJK translation of a
    non-CJK source whose cues mostly hold a CJK line and a non-CJK one, first and last
    in either order)."""
    if settings.bilingual != "auto":
        return settings.bilingual == "yes"
    if sub.language == source_language or not is_cjk(sub.language) or is_cjk(source_language):
        return False
    texts = [cue.lines for cue in sub.cues if cue.lines]
    if len(texts) < _MIN_CUES_FOR_DETECTION:
        return False
    both = sum(1 for lines in texts
               if len(lines) >= 2 and has_cjk(lines[0]) != has_cjk(lines[-1]))
    return both >= _DETECTION_SHARE * len(texts)


def source_on_top(sub: SubtitleFile) -> bool:
    """Whether most cues of a bilingual file that hold both scripts put the source line
    (no CJK characters) above the translated one."""
    first = last = 0
    for cue in sub.cues:
        lines = cue.lines
        if len(lines) < 2:
            continue
        top = has_cjk(lines[0])
        if top != has_cjk(lines[-1]):
            first, last = (first, last + 1) if top else (first + 1, last)
    return first > last


def _loose(text: str) -> str:
    return _PUNCTUATION.sub(" ", strip_tags(text).casefold()).strip()


def check_bilingual(sub: SubtitleFile, splitter: Splitter) -> Iterator[Diagnostic]:
    """Each cue's two parts, and its source part against the source file's cues (via
    the splitter)."""
    path = sub.display_path
    for cue in sub.cues:
        if not cue.lines:
            continue
        parts = splitter.split(cue)
        if not parts.translated:
            yield rules.MISSING_TRANSLATED_LINE.at(
                path, cue.line, f"cue {cue.number} has only the source line "
                f"`{' '.join(parts.source)}`", hint="add the translated line "
                + ("below it" if splitter.source_first else "above it"),
                cue=cue.number, fingerprint=fingerprint(sub.language, cue.text))
        if parts.swapped:
            where, first = ("below", "source") if splitter.source_first else (
                "above", "translated")
            yield rules.SOURCE_LINE_FIRST.at(
                path, cue.line, f"cue {cue.number} has its source line "
                f"`{' '.join(parts.source)}` {where} its translated line "
                f"`{' '.join(parts.translated)}`",
                hint=f"put the {first} line first, as in the file's other cues",
                cue=cue.number, fingerprint=fingerprint(sub.language, cue.text))
        if not parts.source:
            yield rules.MISSING_SOURCE_LINE.at(
                path, cue.line, f"cue {cue.number} has no source-language line",
                cue=cue.number, fingerprint=fingerprint(sub.language, cue.text))
        elif parts.matched:
            yield from _against_source(sub, cue, parts)


def _against_source(sub: SubtitleFile, cue: Cue, parts: BilingualCue) -> Iterator[Diagnostic]:
    """The source part against the source cues, both as shown (tags are not wording)."""
    embedded = strip_tags(" ".join(map(str.strip, parts.source)))
    reference = strip_tags(" ".join(" ".join(m.lines) for m in parts.matched))
    if embedded == " ".join(reference.split()):
        return
    fp = fingerprint(sub.language, cue.text)
    if _loose(embedded) == _loose(reference):
        yield rules.SOURCE_LINE_STYLE.at(
            sub.display_path, cue.line, f"cue {cue.number}: `{embedded}` differs from the "
            f"source `{reference}` in case or punctuation only", cue=cue.number, fingerprint=fp)
    else:
        yield rules.SOURCE_LINE_WORDING.at(
            sub.display_path, cue.line, f"cue {cue.number}: embedded source line `{embedded}` "
            f"is not the source file's `{reference}`",
            hint="update the source line (and check the translation still matches)",
            cue=cue.number, fingerprint=fp)
