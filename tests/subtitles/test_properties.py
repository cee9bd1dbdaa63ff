"""Properties: loading never raises; writing and reading back keeps the cues; fixes settle."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.subtitles import check_file, parse_subtitles
from coursekit.subtitles.fix import fix_bytes
from coursekit.subtitles.model import Cue
from coursekit.subtitles.readability import _STRAY_WHITESPACE, _has_stray_whitespace
from coursekit.subtitles.recovery_scan import scan
from coursekit.subtitles.settings import settings_for
from coursekit.subtitles.text import visual_length
from coursekit.subtitles.timestamps import _lenient_timing, parse_srt_timing
from coursekit.subtitles.writer import compose

P = Path("x.srt")
SETTINGS, _ = settings_for({}, "en")

_line = st.text(
    st.characters(blacklist_categories=["Cs", "Cc", "Zl", "Zp"], blacklist_characters="\ufeff"),
    min_size=1, max_size=30,
).map(str.strip).filter(lambda s: s != "" and "-->" not in s and not s[0].isdigit())


@st.composite
def cue_lists(draw: st.DrawFn) -> list[Cue]:
    n = draw(st.integers(1, 8))
    t, cues = 0, []
    for i in range(n):
        t += draw(st.integers(0, 5000))
        end = t + draw(st.integers(0, 9000))
        lines = tuple(draw(st.lists(_line, min_size=0, max_size=3)))
        cues.append(Cue(i + 1, str(i + 1), t, end, lines, 0))
    return cues


def _key(cues: tuple[Cue, ...] | list[Cue]) -> list[tuple[int, int, tuple[str, ...]]]:
    return [(c.start_ms, c.end_ms, c.lines) for c in cues]


@settings(max_examples=300)
@given(st.binary(max_size=400))
def test_loading_never_raises_on_any_bytes(data: bytes) -> None:
    sub = parse_subtitles(data, P, "en")
    assert all(c.index == i for i, c in enumerate(sub.cues, start=1))


@settings(max_examples=200)
@given(st.lists(st.sampled_from([
    "1", "2", "x", "", "00:00:01,000 --> 00:00:02,000", "0:00:01.000,0:00:02.000",
    "00:00:01.5 --> 0:02", "-->", "<i>a", "text", "\ufeff", "\r",
]), max_size=25))
def test_loading_never_raises_on_srt_like_text(lines: list[str]) -> None:
    parse_subtitles("\n".join(lines).encode(), P, "en")


@given(cue_lists(), st.sampled_from(["\n", "\r\n"]), st.booleans())
def test_write_then_read_gives_the_same_cues(cues: list[Cue], eol: str, bom: bool) -> None:
    sub = parse_subtitles(compose(cues, eol=eol, bom=bom).encode(), P, "en")
    assert _key(sub.cues) == _key(cues)
    assert [d.rule for d in sub.diagnostics] == []


@settings(max_examples=200)
@given(st.lists(st.sampled_from([
    "1", "2", "7", "", "00:00:01,000 --> 00:00:02,000", "00:00:01,500 --> 00:00:04,000",
    "0:00:03.000,0:00:05.000", "00:00:02.64 --> 00:00:03,000", "text", "more text",
]), max_size=25), st.sampled_from(["\n", "\r\n"]))
def test_fix_is_idempotent(lines: list[str], eol: str) -> None:
    once = fix_bytes(eol.join(lines).encode(), P, "en", SETTINGS)
    twice = fix_bytes(once.after, P, "en", SETTINGS)
    assert twice.after == once.after


@settings(max_examples=300)
@given(st.lists(st.sampled_from([
    "1", "2", "3", "", " ", "00:00:01,000 --> 00:00:02,000", "00:00:03,500 --> 00:00:04,000",
    "00:00:05,000 --> 00:00:06,500", "text", "more text",
]), max_size=14), st.sampled_from(["\n", "\r\n"]), st.booleans())
def test_a_file_check_finds_clean_is_left_alone_by_fix(
    lines: list[str], eol: str, final_eol: bool,
) -> None:
    data = (eol.join(lines) + (eol if final_eol else "")).encode()
    if not check_file(parse_subtitles(data, P, "en"), SETTINGS, None, "en"):
        assert fix_bytes(data, P, "en", SETTINGS).after == data


@given(cue_lists(), st.sampled_from(["\n", "\r\n"]))
def test_written_files_scan_with_nothing_to_report(cues: list[Cue], eol: str) -> None:
    lines = compose(cues, eol=eol).replace("\r\n", "\n").split("\n")[:-1]
    result = scan(lines, "x.srt", "en")
    assert (result.diagnostics, result.format) == ([], "srt")
    assert [(c.start_ms, c.end_ms) for c in result.cues] == [(c.start_ms, c.end_ms) for c in cues]


@given(st.lists(st.text(st.characters(blacklist_characters="\n"), max_size=6), max_size=3))
def test_stray_whitespace_is_found_on_any_line(lines: list[str]) -> None:
    stray = any(line != line.strip() for line in lines)
    assert bool(_STRAY_WHITESPACE.search("\n".join(lines))) is stray
    assert _has_stray_whitespace(tuple(lines)) is stray


@pytest.mark.parametrize(("text", "latin", "cjk"), [
    ("", 0, 0), ("abc d", 5, 2.5), ("模型数据", 8, 4), ("ab模型", 6, 3),
    ("ｆｕｌｌ", 8, 4),  # full-width Latin is wide
    ("e\u0301te\u0301", 3, 1.5),  # combining accents count nothing
    ("<i>ab</i> {\\an8}c", 4, 2),  # tags and overrides are not shown
    ("é\u00a0x", 3, 1.5),
])
def test_visual_length_counts_each_character_by_its_width(
    text: str, latin: float, cjk: float,
) -> None:
    assert (visual_length(text, False), visual_length(text, True)) == (latin, cjk)


@given(st.text(), st.booleans())
def test_visual_length_is_that_of_the_parts(text: str, cjk: bool) -> None:
    shown = text.replace("<", "").replace("{", "")  # no tag left to strip
    middle = len(shown) // 2
    assert visual_length(shown, cjk) == (visual_length(shown[:middle], cjk)
                                         + visual_length(shown[middle:], cjk))


_timing_text = st.text(st.sampled_from("0123456789:,.;-> \t\u0663x"), max_size=40)


_PLAIN_PARTS = ("", "01:", "02", ":", "03", ",", "004", " --> ", "01:", "02", ":", "03", ",",
                "004", "")
"""A plain timing line in parts, each of which a drawn line may write otherwise."""
_OTHER_PARTS = (
    (" ", "\t"), ("", "1:", "123:", "012:", "\u0661\u0662:"), ("2", "60", "99", "\u0662\u0663"),
    (";", "."), ("3", "75"), (".", ":", ";", ""), ("4", "04", "0040"), ("-->", " -->  ", "->"),
)


@st.composite
def _plain_timing_lines(draw: st.DrawFn) -> str:
    # A plain line with up to two of its parts written as lenient reading allows.
    parts = list(_PLAIN_PARTS)
    others = (*_OTHER_PARTS, *_OTHER_PARTS[1:7], (" ", "x", " X1:1", "\t", " a"))
    for _ in range(draw(st.integers(0, 2))):
        at = draw(st.integers(0, len(parts) - 1))
        parts[at] = draw(st.sampled_from(others[at]))
    return "".join(parts)


@given(st.one_of(_plain_timing_lines(), _timing_text))
@settings(max_examples=400)
def test_the_plain_timing_pattern_reads_as_the_lenient_one(line: str) -> None:
    # The pattern for `HH:MM:SS,mmm --> HH:MM:SS,mmm` is a speed path: the lenient
    # pattern alone must give the same times, oddities and settings for every line.
    assert parse_srt_timing(line) == _lenient_timing(line)
