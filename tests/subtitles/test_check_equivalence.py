"""The per-cue measures of the readability and alignment rules against their first
versions (``reference_rules``), on random cues."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.subtitles.alignment import _speech_end, _spoken
from coursekit.subtitles.model import Cue, EncodingFacts, SubtitleFile
from coursekit.subtitles.overlap import CueIndex
from coursekit.subtitles.readability import all_lines, check_readability
from coursekit.subtitles.settings import settings_for
from coursekit.subtitles.timing import check_timing

from .reference_rules import reference_heard, reference_readability, reference_timing

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


@given(cues().filter(bool))
def test_speech_ends_with_the_last_cue_that_is_no_sound_effect(found: list[Cue]) -> None:
    assert _speech_end(found) == max(c.end_ms for c in _spoken(found) or found)


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
