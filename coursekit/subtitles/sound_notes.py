"""A translated cue left empty, or with only its source line, where the source says
nothing but a sound note (``(logo whooshes)``, ``[music]``): translations often leave
such notes as they are or blank, and nothing a learner needs is lost. The finding stays,
as a note (where speech is missing, ``SUB204`` is an error and ``SUB301`` a warning)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from coursekit.diagnostics import Diagnostic, Severity
from coursekit.subtitles import rules
from coursekit.subtitles.model import Cue, SubtitleFile
from coursekit.subtitles.spoken_source import SpokenSource, is_sound_effect

_RULES = frozenset({rules.EMPTY_CUE.code, rules.MISSING_TRANSLATED_LINE.code})


def sound_note_of(cue: Cue, source: SpokenSource | None) -> str | None:
    """The sound note a cue stands for: its own lines where they are one (a bilingual
    cue that kept only its source line), else the source cues shown at its time, when
    every one of them is a sound note; ``None`` where speech is there."""
    if is_sound_effect(cue):
        return " ".join(line.strip() for line in cue.lines)
    if source is None:
        return None
    heard = source.index.overlapping(cue.start_ms, cue.end_ms)
    if not heard or not all(is_sound_effect(c) for c in heard):
        return None
    return " ".join(line.strip() for c in heard for line in c.lines if line.strip())


def over_sound_notes(
    found: Iterable[Diagnostic], sub: SubtitleFile, source: SpokenSource | None,
) -> Iterator[Diagnostic]:
    """``found``, with an empty or untranslated cue over a sound note made a note."""
    by_number: dict[int, Cue] | None = None
    for diag in found:
        if diag.rule in _RULES and diag.cue is not None:
            if by_number is None:
                by_number = {cue.number: cue for cue in sub.cues}
            cue = by_number.get(diag.cue)
            note = sound_note_of(cue, source) if cue is not None else None
            if note is not None:
                diag = replace(diag, severity=Severity.NOTE,
                               message=f"{diag.message} (the source has only the sound "
                                       f"note `{note[:60]}` there)")
        yield diag
