"""A source-language file as its translations are aligned against it: which cues are
speech, when each was meant to be shown, and what each says (its text, and the numbers
and code a translation keeps)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from coursekit.subtitles.fingerprint import normalise_text
from coursekit.subtitles.model import Cue, SubtitleFile
from coursekit.subtitles.overlap import CueIndex, speech_spans
from coursekit.subtitles.settings import Settings, defaults_for
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


def _meant_span(start: int | None, before: Cue | None, after: Cue | None,
                length: int) -> tuple[int, int] | None:
    """Where a cue whose timing is broken was meant to be shown: in the room that its
    neighbours in the file leave it, from its own ``start`` where that lies in the room,
    for ``length`` ms at most; ``None`` where they leave no room."""
    low = before.end_ms if before is not None else 0
    high = after.start_ms if after is not None else None
    if start is not None and start >= low and (high is None or start < high):
        low = start
    high = low + length if high is None else min(high, low + length)
    return (low, high) if high > low else None


def as_meant(cues: Sequence[Cue], settings: Settings) -> list[Cue]:
    """``cues``, each whose timing is the file's own defect (reported on it) shown when it
    was meant to be (:func:`_meant_span`). A cue too short to read, never shown or ending
    before it starts is shown for ``min-duration``, what its finding asks, and no longer:
    a translated cue over it still takes its text as what it translates. A cue whose
    timing line could not be read (a number the file skips) fills the room between its
    neighbours, as a cue without text: nothing is known of what it says."""
    shortest = max(round(settings.min_duration * 1000), 1)
    longest = round(settings.max_duration * 1000)
    out: list[Cue] = []
    for i, cue in enumerate(cues):
        before = cues[i - 1] if i else None
        skipped = cue.number - before.number - 1 if before is not None else 0
        unread = _meant_span(None, before, cue, longest * skipped) if skipped > 0 else None
        if unread is not None:  # index 0: a place in no file, so no cue's text is taken
            out.append(Cue(0, None, *unread, (), cue.line))
        if cue.duration_ms < shortest:
            after = cues[i + 1] if i + 1 < len(cues) else None
            meant = _meant_span(cue.start_ms, before, after, shortest)
            if meant is not None:
                cue = replace(cue, start_ms=meant[0], end_ms=meant[1])
        out.append(cue)
    return out


class SpokenSource:
    """A source-language file as its translations are aligned against it: its cue index,
    and what each cue says, measured on first use and kept for every translation.
    ``settings`` are the source language's, which judge its cues' timing."""

    def __init__(self, file: SubtitleFile, settings: Settings | None = None) -> None:
        self.file = file
        self.settings = settings if settings is not None else defaults_for(file.language)
        self.index = CueIndex(file.cues)
        self._said: dict[int, Said] = {}

    @cached_property
    def aligned(self) -> CueIndex:
        """The cues as translations are aligned against them: those whose timing is the
        source's own defect at the time they were meant to be shown (:func:`as_meant`), so
        that a translated cue there follows the source as meant and does not repeat the
        source's finding; :attr:`index` where there are none."""
        meant = as_meant(self.file.cues, self.settings)
        return self.index if meant == list(self.file.cues) else CueIndex(meant)

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

