"""A translation against its source-language file (SUB403-SUB409).

Translated cues are mapped to source cues by time overlap, which works both for
translations that keep the source timings and for re-segmented ones with fewer,
longer cues. A systematic offset is detected first and compensated, so a shifted
file gives one finding instead of one per cue. A source cue whose timing is the source's
own defect is read when it was meant to be shown (``SpokenSource.aligned``), so that its
translation aligns with it and the source's finding is not repeated in each translation.

Part of the subtitle rules' speed path, kept at 1.46x on the whole ``check`` (see
:mod:`coursekit.subtitles.readability`).
"""

from __future__ import annotations

import re
import statistics
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence

from coursekit.diagnostics import Diagnostic
from coursekit.languages import is_cjk, primary_subtag
from coursekit.shown import clipped
from coursekit.subtitles import rules
from coursekit.subtitles.fingerprint import fingerprint, normalise_text
from coursekit.subtitles.model import Cue, SubtitleFile
from coursekit.subtitles.overlap import CueIndex, speech_spans, subtract_spans
from coursekit.subtitles.settings import Settings
from coursekit.subtitles.spoken_source import Said, SpokenSource, speech_end
from coursekit.subtitles.text import (
    STOP_WORDS,
    has_cjk,
    is_code_only,
    latin_letter_ratio,
    shown_length,
    strip_tags,
    words,
)
from coursekit.subtitles.timestamps import format_seconds, format_srt_time

Lines = Callable[[Cue], tuple[str, ...]]

_MIN_SOURCE_CHARS_FOR_TRUNCATION = 25
_CJK_LENGTH_FACTOR = 3.0
"""A Chinese character carries about as much as three Latin characters."""
_MIN_WORDS_FOR_LANGUAGE = 4
_SILENCE_SHARE = 0.1
_OFFSET_AGREEMENT = 0.8
_MIN_CUES_FOR_OFFSET = 3


def _written_alike(token: str, text: str) -> bool:
    """Whether ``text`` keeps ``token``, allowing a decimal comma for a decimal point
    (``99,9`` for ``99.9``): languages write numbers their own way."""
    if token in text:
        return True
    return bool(re.fullmatch(r"\d+\.\d+", token)) and token.replace(".", ",") in text


def _compact(text: str) -> str:
    return "".join(text.split())


def detect_offset(source: CueIndex, cues: Sequence[Cue], tolerance_ms: int) -> int:
    """The shift of ``cues`` against the source when (nearly) all cues share it, else 0."""
    if len(cues) < _MIN_CUES_FOR_OFFSET or not source.cues:
        return 0
    candidates = [cues[0].start_ms - source.cues[0].start_ms]
    if len(cues) == len(source.cues):
        candidates.append(int(statistics.median(
            c.start_ms - s.start_ms for c, s in zip(cues, source.cues, strict=True))))
    for shift in candidates:
        if abs(shift) <= tolerance_ms:
            continue
        agree = sum(1 for c in cues if source.has_start_near(c.start_ms - shift, tolerance_ms))
        if agree >= _OFFSET_AGREEMENT * len(cues):
            return shift
    return 0


class Aligner:
    def __init__(self, sub: SubtitleFile, spoken: SpokenSource, settings: Settings,
                 lines: Lines) -> None:
        self.sub, self.spoken, self.settings, self.lines = sub, spoken, settings, lines
        self.source = spoken.file
        self.index = spoken.index
        self.cjk = is_cjk(sub.language)
        self.src_lang = primary_subtag(self.source.language)
        self.lang = primary_subtag(sub.language)
        self.src_stops = STOP_WORDS.get(self.src_lang)
        self.own_stops = STOP_WORDS.get(self.lang)
        self.path = sub.display_path

    def run(self) -> Iterator[Diagnostic]:
        cues = [c for c in self.sub.cues if c.end_ms > c.start_ms]
        if not cues or not self.index.cues:
            return
        tolerance = round(self.settings.offset_tolerance * 1000)
        shift = detect_offset(self.index, cues, tolerance)
        if shift:
            yield rules.SYSTEMATIC_OFFSET.at(
                self.path, cues[0].line, f"every cue is {format_seconds(abs(shift))} "
                f"{'later' if shift > 0 else 'earlier'} than in {self.source.display_path}",
                hint=f"shift all cues by {-shift / 1000:+.3f} s",
                fingerprint=fingerprint(self.sub.language, "offset"))
        yield from self._duration(cues, shift)
        yield from self._uncovered(cues, shift)
        yield from self._cues(cues, shift)

    def _duration(self, cues: list[Cue], shift: int) -> Iterator[Diagnostic]:
        # Where the speech ends: a closing sound effect (`(screen whooshes)`) that a
        # translation leaves out shortens nothing a viewer reads.
        end = speech_end(cues) - shift
        src_end = max(c.end_ms for c in self.spoken.spoken or self.index.cues)
        if abs(end - src_end) > self.settings.max_duration_difference * 1000:
            last = next(c for c in reversed(cues) if c.end_ms == end + shift)
            yield rules.DURATION_MISMATCH.at(
                self.path, last.line, f"the last cue ends at {format_srt_time(end)}, the "
                f"source's at {format_srt_time(src_end)}", cue=last.number,
                hint="a cut or extended video, or lost cues?",
                fingerprint=fingerprint(self.sub.language, "duration"))

    def _uncovered(self, cues: list[Cue], shift: int) -> Iterator[Diagnostic]:
        limit = self.settings.max_uncovered * 1000
        cover = speech_spans(cues, shift)
        for a, b, heard in _between_cues(subtract_spans(self.spoken.speech, cover), cover):
            if heard <= limit:
                continue
            said = " ".join(" ".join(c.lines) for c in self.index.overlapping(a, b))
            after = next((c for c in cues if c.start_ms - shift >= b), cues[-1])
            yield rules.UNCOVERED_SPEECH.at(
                self.path, after.line, f"no translated cue from {format_srt_time(a + shift)} to "
                f"{format_srt_time(b + shift)}, where the source says `{_clip(said)}`",
                hint="translate the missing speech", cue=after.number,
                fingerprint=fingerprint(self.sub.language, said, "uncovered"))

    def _cues(self, cues: list[Cue], shift: int) -> Iterator[Diagnostic]:
        """Each cue against the source cues shown at its time (most cues have no finding:
        what the loop reads is bound once)."""
        texts = [" ".join(map(str.strip, self.lines(c))) for c in cues]
        heard_in, spoken, reads_as_source = (self.spoken.aligned.heard, self.spoken,
                                             self._reads_as_source)
        factor = _CJK_LENGTH_FACTOR if self.cjk else 1.0
        min_ratio = self.settings.min_length_ratio
        for i, cue in enumerate(cues):
            start, end = cue.start_ms, cue.end_ms
            heard, mine = heard_in(start - shift, end - shift)
            text = texts[i]
            if heard <= _SILENCE_SHARE * (end - start):
                yield self._over_silence(cue, text)
                continue
            if not mine or not text:
                continue
            said = spoken.said(mine[0]) if len(mine) == 1 else spoken.said_by(mine)
            if reads_as_source(text, said) and not is_code_only(text):
                yield rules.UNTRANSLATED.at(
                    self.path, cue.line, f"cue {cue.number} `{_clip(text)}` is not translated",
                    hint=f"translate it into {self.sub.language}", cue=cue.number,
                    fingerprint=self._fp(text))
                continue
            if said.tokens:
                missing = self._missing_tokens(cue, said, texts, i)
                if missing is not None:
                    yield missing
            if said.length >= _MIN_SOURCE_CHARS_FOR_TRUNCATION and (
                shown_length(text) * factor < min_ratio * said.length
            ):
                yield rules.TRUNCATED.at(
                    self.path, cue.line, f"cue {cue.number} `{_clip(text)}` is far shorter than "
                    f"the source `{_clip(said.text)}`", hint="is the translation cut off?",
                    cue=cue.number, fingerprint=self._fp(text))

    def _over_silence(self, cue: Cue, text: str) -> Diagnostic:
        return rules.CUE_OVER_SILENCE.at(
            self.path, cue.line, f"cue {cue.number} is shown from "
            f"{format_srt_time(cue.start_ms)} to {format_srt_time(cue.end_ms)}, where the "
            "source has no speech", cue=cue.number, fingerprint=self._fp(text))

    def _missing_tokens(
        self, cue: Cue, said: Said, texts: list[str], i: int,
    ) -> Diagnostic | None:
        # Re-segmented translations may move a token into a neighbouring cue.
        nearby = _compact(" ".join(texts[max(i - 1, 0):i + 2]))
        missing = sorted(t for t in said.tokens if not _written_alike(_compact(t), nearby))
        if not missing:
            return None
        return rules.MISSING_TOKEN.at(
            self.path, cue.line, f"cue {cue.number} lacks "
            f"{', '.join(f'`{t}`' for t in missing)} from the source "
            f"`{_clip(said.text)}`", hint="keep numbers and code exactly as in the source",
            cue=cue.number, fingerprint=self._fp(texts[i]))

    def _fp(self, text: str) -> str:
        return fingerprint(self.sub.language, text)

    def _reads_as_source(self, text: str, said: Said) -> bool:
        text = strip_tags(text)  # `<i>`, `{\an8}`: no words of any language
        # Texts whose lengths differ this much cannot be equal once whitespace is collapsed.
        size = len(said.normalised)
        if abs(len(text) - size) <= size // 4 + 2 and normalise_text(text) == said.normalised:
            return True
        if self.cjk:  # words first: a line of CJK writes few spaces, if any
            return (len(text.split()) >= _MIN_WORDS_FOR_LANGUAGE and not has_cjk(text)
                    and latin_letter_ratio(text) > 0.9)
        # The shares of stop words of either language, as ``stop_word_share`` has them.
        src_stops, own_stops = self.src_stops, self.own_stops
        if src_stops is None:
            return False
        tokens = words(text)
        count = len(tokens)
        if count < _MIN_WORDS_FOR_LANGUAGE:
            return False
        src_share = sum(map(src_stops.__contains__, tokens)) / count
        if src_share < 0.3 or own_stops is None:
            return False
        return sum(map(own_stops.__contains__, tokens)) / count < src_share / 2


def _between_cues(
    pieces: list[tuple[int, int]], cover: list[tuple[int, int]],
) -> Iterator[tuple[int, int, int]]:
    """The uncovered ``pieces`` of speech grouped by the gap between translated cues
    they lie in, each group as its first start, its last end and the speech in it:
    cues of speech that the source separates by short pauses are one stretch the
    translation leaves out, however short each cue."""
    starts = [a for a, _ in cover]
    group: tuple[int, int, int] | None = None
    gap = -1
    for a, b in pieces:
        here = bisect_left(starts, a)  # the translated cues before the piece
        if group is not None and here == gap:
            group = (group[0], b, group[2] + b - a)
            continue
        if group is not None:
            yield group
        group, gap = (a, b, b - a), here
    if group is not None:
        yield group


def _clip(text: str, limit: int = 70) -> str:
    text = " ".join(text.split())
    return clipped(text, limit)


def check_alignment(
    sub: SubtitleFile, source: SpokenSource, settings: Settings, lines: Lines,
) -> Iterator[Diagnostic]:
    return Aligner(sub, source, settings, lines).run()
