"""The per-cue measures of the readability and alignment rules against their first
versions (``reference_rules``), on random cues."""

from __future__ import annotations

from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from coursekit.subtitles.alignment import Aligner, check_alignment
from coursekit.subtitles.model import Cue, EncodingFacts, SubtitleFile
from coursekit.subtitles.overlap import CueIndex, speech_spans, subtract_spans
from coursekit.subtitles.readability import all_lines, check_readability
from coursekit.subtitles.settings import settings_for
from coursekit.subtitles.spoken_source import SpokenSource, _said, _spoken, speech_end
from coursekit.subtitles.text import _is_wide, has_cjk
from coursekit.subtitles.timing import check_timing

from .reference_alignment import SpokenSource as ReferenceSource
from .reference_alignment import reference_alignment
from .reference_rules import (
    reference_heard,
    reference_readability,
    reference_reads_as_source,
    reference_same_time,
    reference_subtract_spans,
    reference_timing,
)

_TEXT = st.one_of(
    st.sampled_from([
        "", " ", "text", " text", "text ", "\u00a0x", "a\u3000", "<i>tilted</i>", "<b>bold",
        "</font>", "{\\an8}up", "`code`", "**strong**", "__init__", "a long line " * 5,
        "模型数据训练分词批次", "ｆｕｌｌ", "e\u0301te\u0301", "(music)", "♪ la la ♪", "[door]",
    ]),
    st.text(st.characters(blacklist_categories=["Cs"], blacklist_characters="\n\r"),
            max_size=50),
)


@st.composite
def cues(draw: st.DrawFn, max_size: int = 12) -> list[Cue]:
    found: list[Cue] = []
    t = end = 0
    for i in range(draw(st.integers(0, max_size))):
        # Times on a coarse grid, so that cues often meet, tie and half-overlap; now and
        # then the times of the cue before.
        if not (found and draw(st.integers(0, 9)) == 0):
            t += draw(st.integers(-8, 12)) * 250
            end = t + draw(st.integers(-2, 24)) * 250
        lines = tuple(draw(st.lists(_TEXT, max_size=4)))
        found.append(Cue(i + 1, draw(st.sampled_from([str(i + 1), "x", None])), t, end, lines,
                         4 * i + 1))
    return found


@settings(max_examples=400)
@given(cues(), st.sampled_from(["en", "fr", "zh-CN", "ja", "ru"]), st.booleans(),
       st.sampled_from([{}, {"max-lines": 1, "max-chars-per-line": 8, "max-cps": 3}]))
def test_readability_finds_what_its_reference_finds(
    found: list[Cue], language: str, translated_only: bool, table: dict[str, int],
) -> None:
    sub = SubtitleFile(Path("x.srt"), language, tuple(found), (), EncodingFacts(), "x.srt")
    rules, _ = settings_for(table, language)

    def first_line(cue: Cue) -> tuple[str, ...]:
        return cue.lines[:1]

    shown = first_line if translated_only else all_lines
    assert list(check_readability(sub, rules, shown)) == list(
        reference_readability(sub, rules, shown))


@settings(max_examples=400)
@given(cues(max_size=20), cues(max_size=6), st.integers(-12, 12).map(lambda k: k * 250))
def test_heard_measures_what_the_overlaps_measured(
    source: list[Cue], translated: list[Cue], shift: int,
) -> None:
    index = CueIndex(source)
    for cue in translated:
        if cue.end_ms <= cue.start_ms:
            continue  # the alignment measures shown cues only
        heard = index.heard(cue.start_ms - shift, cue.end_ms - shift)
        assert heard == reference_heard(index, cue, shift)
    for cue in translated:  # shown or not: a bilingual cue is split all the same
        assert index.same_time(cue) == reference_same_time(index, cue)


@given(cues().filter(bool))
def test_speech_ends_with_the_last_cue_that_is_no_sound_effect(found: list[Cue]) -> None:
    assert speech_end(found) == max(c.end_ms for c in _spoken(found) or found)


@settings(max_examples=400)
@given(cues(max_size=20), st.sampled_from([
    {}, {"min-gap-frames": 0}, {"min-gap-frames": 12, "allow-contiguous": False},
    {"min-gap-frames": 0, "allow-contiguous": False},
]))
def test_timing_finds_what_its_reference_finds(found: list[Cue], table: dict[str, int]) -> None:
    sub = SubtitleFile(Path("x.srt"), "en", tuple(found), (), EncodingFacts(), "x.srt")
    rules, problems = settings_for(table, "en")
    assert not problems
    assert list(check_timing(sub, rules)) == list(reference_timing(sub, rules))


_WORDS = st.sampled_from([
    "the", "a", "and", "of", "is", "we", "it", "model", "train", "data", "le", "la", "et",
    "de", "est", "il", "che", "der", "die", "und", "el", "los", "que", "o", "não", "模型",
    "数据", "x=1", "5e-5", "trainer.train()", "Über", "ça", "l'eau", "don't", "42",
])


@settings(max_examples=600)
@example("the of is model train data model train data model", "", "de", "en", False)  # 30 %
@given(st.lists(_WORDS, max_size=12).map(" ".join), st.lists(_WORDS, max_size=12).map(" ".join),
       st.sampled_from(["en", "fr", "de", "it", "es", "pt-BR", "ru", "zh-CN", "ja"]),
       st.sampled_from(["en", "fr", "ru"]), st.booleans())
def test_a_cue_reads_as_the_source_as_its_reference_says(
    text: str, source_text: str, language: str, source_language: str, same: bool,
) -> None:
    if same:
        text = source_text.upper()  # equal once normalised
    source_cue = Cue(1, "1", 0, 1000, (source_text,), 1)
    source = SubtitleFile(Path("s.srt"), source_language, (source_cue,), (), EncodingFacts(),
                          "s.srt")
    sub = SubtitleFile(Path("x.srt"), language, (), (), EncodingFacts(), "x.srt")
    rules, _ = settings_for({}, language)
    aligner = Aligner(sub, SpokenSource(source), rules, all_lines)
    said = _said(source_cue)
    assert aligner._reads_as_source(text, said) is reference_reads_as_source(
        text, said, language, source_language)


_SAID = st.sampled_from([
    "we train the model", "the loss is 3.5 now", "call trainer.train() and wait",
    "set num_labels=3 and the rate 5e-5", "(music)", "♪ la la ♪", "this is the data of it",
    "a rather long sentence that the translation may well cut short", "42", "x",
    "il modello è pronto per noi", "模型数据训练", "we", "",
])


@st.composite
def translated_pairs(draw: st.DrawFn) -> tuple[list[Cue], list[Cue]]:
    """Source cues, and a translation of them: cues kept, shifted, merged, dropped or
    retimed, their text kept, changed in case, translated, cut or rid of a token."""
    source: list[Cue] = []
    t = 0
    for i in range(draw(st.integers(1, 10))):
        t += draw(st.integers(0, 16)) * 250
        end = t + draw(st.integers(1, 20)) * 250
        lines = tuple(draw(st.lists(_SAID, min_size=1, max_size=2)))
        source.append(Cue(i + 1, str(i + 1), t, end, lines, 4 * i + 1))
        t = end
    shift = draw(st.sampled_from([0, 0, 500, -1250, 3000]))
    translated: list[Cue] = []
    k = 0
    while k < len(source):
        cue = source[k]
        take = draw(st.integers(0, 3))  # 0: dropped, 3: merged with the next
        if take:
            last = source[min(k + 1, len(source) - 1)] if take == 3 else cue
            text = " ".join(" ".join(c.lines) for c in source[k:k + (2 if take == 3 else 1)])
            text = draw(st.sampled_from([
                text, text.upper(), " ".join(w[::-1] + "fr" for w in text.split()),
                text.replace("3.5", "3,5").replace("5e-5", ""), text[:4], "le modèle",
            ]))
            lines = (text,) if draw(st.booleans()) else (text, draw(_SAID))
            translated.append(Cue(len(translated) + 1, None, cue.start_ms + shift,
                                  last.end_ms + shift + draw(st.integers(-2, 2)) * 250,
                                  lines, len(translated) * 4 + 1))
        k += 2 if take == 3 else 1
    return source, translated


@settings(max_examples=500)
@given(translated_pairs(), st.sampled_from(["fr", "de", "zh-CN", "ru"]), st.booleans(),
       st.sampled_from([{}, {"max-uncovered": 0.5, "min-length-ratio": 0.9,
                             "max-duration-difference": 0.5}]))
def test_alignment_finds_what_its_reference_finds(
    pair: tuple[list[Cue], list[Cue]], language: str, first_line_only: bool,
    table: dict[str, float],
) -> None:
    source_cues, translated = pair
    source = SubtitleFile(Path("en/a.srt"), "en", tuple(source_cues), (), EncodingFacts(),
                          "en/a.srt")
    sub = SubtitleFile(Path("x/a.srt"), language, tuple(translated), (), EncodingFacts(),
                       "x/a.srt")
    rules, problems = settings_for(table, language)
    assert not problems

    def first_line(cue: Cue) -> tuple[str, ...]:
        return cue.lines[:1]

    shown = first_line if first_line_only else all_lines
    found = list(check_alignment(sub, SpokenSource(source), rules, shown))
    assert found == list(reference_alignment(sub, ReferenceSource(source), rules, shown))


def test_a_cue_heard_for_a_tenth_of_its_time_is_over_silence() -> None:
    source = SubtitleFile(Path("en/a.srt"), "en", (Cue(1, "1", 0, 250, ("we",), 1),), (),
                          EncodingFacts(), "en/a.srt")
    sub = SubtitleFile(Path("fr/a.srt"), "fr", (Cue(1, "1", 0, 2500, ("nous",), 1),), (),
                       EncodingFacts(), "fr/a.srt")
    rules, _ = settings_for({}, "fr")
    found = list(check_alignment(sub, SpokenSource(source), rules, all_lines))
    assert "SUB404" in [d.rule for d in found]
    assert found == list(reference_alignment(sub, ReferenceSource(source), rules, all_lines))


@settings(max_examples=400)
@given(cues(max_size=20), cues(max_size=20), st.integers(-12, 12).map(lambda k: k * 250))
def test_uncovered_spans_are_those_of_the_reference(
    spoken: list[Cue], covering: list[Cue], shift: int,
) -> None:
    spans, cover = speech_spans(spoken), speech_spans(covering, shift)
    assert subtract_spans(spans, cover) == reference_subtract_spans(spans, cover)


@given(st.lists(st.one_of(_TEXT, st.sampled_from(["a", "é", "模", "ｆ", "１", "。", "ア"])))
       .map("".join))
def test_has_cjk_looks_at_every_character(text: str) -> None:
    assert has_cjk(text) is (
        not text.isascii() and any(_is_wide(c) and c.isalpha() for c in text))
