"""A source-language file as its translations are aligned against it: which cues are
speech, and what each says (its text, and the numbers and code a translation keeps)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from coursekit.subtitles.fingerprint import normalise_text
from coursekit.subtitles.model import Cue, SubtitleFile
from coursekit.subtitles.overlap import CueIndex, speech_spans
from coursekit.subtitles.text import shown_length, strip_tags

_TOKEN = re.compile(
    r"`[^`]+`"
    r"|\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+(?:\(\))?"
    r"|\b[A-Za-z_]\w*=\S+"
    r"|\b[A-Za-z_]\w*\(\)"
    r"|\b[A-Za-z]+_\w+"
    r"|(?<![\w.])\d+(?:\.\d+)?(?:e-?\d+)?(?![\w.]\w)"
)

_MAYBE_TOKEN = re.compile(r"[\d_=(`]|\w\.\w")
"""A cheap first look: most cues hold no number or code at all."""


_SOUND = re.compile(r"^\s*(\(.*\)|\[.*\]|（.*）|［.*］|【.*】|[♪♫*].*[♪♫*]|[♪♫])\s*$")
"""A line of a sound note, in parentheses or brackets (full-width too, as CJK subtitles
write them: ``（音乐）``, ``【音楽】``) or between music notes."""


def is_sound_effect(cue: Cue) -> bool:
    """A cue that describes a sound, not speech: each line in parentheses or brackets
    (``(screen whooshes)``, ``[music]``, ``（音乐）``) or between music notes. Translations often
    leave them out, so they are not speech a translation must cover. Tags are not
    looked at: a note is often in italics (``<i>(music)</i>``)."""
    lines = [line for line in map(strip_tags, cue.lines) if line.strip()]
    return bool(lines) and all(_SOUND.match(line) for line in lines)


def _spoken(cues: Sequence[Cue]) -> list[Cue]:
    return [c for c in cues if not is_sound_effect(c)]


def speech_end(cues: Sequence[Cue]) -> int:
    """When the last cue of speech ends (of any cue, where every one is a sound effect):
    the latest ends are looked at first, so few cues are read."""
    for cue in sorted(cues, key=_end, reverse=True):
        if not is_sound_effect(cue):
            return cue.end_ms
    return max(c.end_ms for c in cues)


def _end(cue: Cue) -> int:
    return cue.end_ms


def _tokens(text: str) -> set[str]:
    found: set[str] = set()
    if not _MAYBE_TOKEN.search(text):
        return found
    for token in _TOKEN.findall(text):
        token = token.strip("`").rstrip(".,;:")
        if token.isdigit() and len(token) < 2:
            continue
        found.add(token)
    return found


@dataclass(frozen=True, slots=True)
class Said:
    """What source cues say, measured once for every translation checked against them."""

    text: str
    normalised: str
    """The text as shown (without tags), whitespace collapsed and case folded."""
    tokens: frozenset[str]
    """Numbers and code identifiers, which a translation keeps as they are."""
    length: float


def _said(cue: Cue) -> Said:
    text = " ".join(cue.lines)
    return Said(text, normalise_text(strip_tags(text)), frozenset(_tokens(text)),
                shown_length(text))


class SpokenSource:
    """A source-language file as its translations are aligned against it: its cue index,
    and what each cue says, measured on first use and kept for every translation."""

    def __init__(self, file: SubtitleFile) -> None:
        self.file = file
        self.index = CueIndex(file.cues)
        self._said: dict[int, Said] = {}

    @cached_property
    def spoken(self) -> list[Cue]:
        """The cues of speech (not sound effects)."""
        return _spoken(self.index.cues)

    @cached_property
    def speech(self) -> list[tuple[int, int]]:
        """The spans in which a cue of speech (not a sound effect) is shown."""
        return speech_spans(self.spoken)

    def said(self, cue: Cue) -> Said:
        found = self._said.get(cue.index)
        if found is None:
            found = self._said[cue.index] = _said(cue)
        return found

    def said_by(self, cues: Sequence[Cue]) -> Said:
        if len(cues) == 1:
            return self.said(cues[0])
        parts = [self.said(c) for c in cues]
        return Said(
            " ".join(p.text for p in parts), " ".join(p.normalised for p in parts if p.normalised),
            frozenset().union(*(p.tokens for p in parts)),
            sum(p.length for p in parts) + len(parts) - 1,
        )

