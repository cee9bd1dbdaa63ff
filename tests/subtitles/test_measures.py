"""The measures the timing, readability and alignment rules are built on, held to what
they measure: overlaps by their definition, uncovered spans point by point."""

from __future__ import annotations

import itertools
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.subtitles.alignment import check_alignment
from coursekit.subtitles.model import Cue, EncodingFacts, SubtitleFile
from coursekit.subtitles.overlap import CueIndex, speech_spans, subtract_spans
from coursekit.subtitles.readability import all_lines
from coursekit.subtitles.settings import settings_for
from coursekit.subtitles.spoken_source import SpokenSource, _spoken, speech_end
from coursekit.subtitles.text import _is_wide, has_cjk

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
@given(cues(max_size=20), cues(max_size=6), st.integers(-12, 12).map(lambda k: k * 250))
def test_heard_is_the_sum_of_the_overlaps(
    source: list[Cue], translated: list[Cue], shift: int,
) -> None:
    index = CueIndex(source)
    for cue in translated:
        if cue.end_ms <= cue.start_ms:
            continue  # the alignment measures shown cues only
        start, end = cue.start_ms - shift, cue.end_ms - shift
        total, mine = index.heard(start, end)
        shares = [(c, max(0, min(c.end_ms, end) - max(c.start_ms, start))) for c in source
                  if c.end_ms > c.start_ms]  # a cue never shown is heard nowhere
        assert total == sum(share for _, share in shares)
        assert sorted(mine, key=id) == sorted(
            (c for c, share in shares if share * 2 > c.end_ms - c.start_ms), key=id)


@given(cues().filter(bool))
def test_speech_ends_with_the_last_cue_that_is_no_sound_effect(found: list[Cue]) -> None:
    assert speech_end(found) == max(c.end_ms for c in _spoken(found) or found)


def test_a_cue_heard_for_a_tenth_of_its_time_is_over_silence() -> None:
    # the source's cue is long enough to read: the translation's is the one at fault
    source = SubtitleFile(Path("en/a.srt"), "en", (Cue(1, "1", 0, 1000, ("we",), 1),), (),
                          EncodingFacts(), "en/a.srt")
    sub = SubtitleFile(Path("fr/a.srt"), "fr", (Cue(1, "1", 0, 10_000, ("nous",), 1),), (),
                       EncodingFacts(), "fr/a.srt")
    rules, _ = settings_for({}, "fr")
    found = list(check_alignment(sub, SpokenSource(source), rules, all_lines))
    assert "SUB404" in [d.rule for d in found]


@settings(max_examples=400)
@given(cues(max_size=20), cues(max_size=20), st.integers(-12, 12).map(lambda k: k * 250))
def test_uncovered_spans_are_the_points_spoken_and_not_covered(
    spoken: list[Cue], covering: list[Cue], shift: int,
) -> None:
    spans, cover = speech_spans(spoken), speech_spans(covering, shift)
    uncovered = subtract_spans(spans, cover)

    def within(point: int, parts: list[tuple[int, int]]) -> bool:
        return any(a <= point < b for a, b in parts)

    # Every time lies on a 250 ms grid: the points between grid lines decide.
    for point in range(-6_000 + 125, 12_000, 250):
        assert within(point, uncovered) is (within(point, spans) and not within(point, cover))
    assert all(a < b for a, b in uncovered)
    assert all(b1 <= a2 for (_, b1), (a2, _) in itertools.pairwise(uncovered))


@given(st.lists(st.one_of(_TEXT, st.sampled_from(["a", "é", "模", "ｆ", "１", "。", "ア"])))
       .map("".join))
def test_has_cjk_looks_at_every_character(text: str) -> None:
    assert has_cjk(text) is (
        not text.isascii() and any(_is_wide(c) and c.isalpha() for c in text))
