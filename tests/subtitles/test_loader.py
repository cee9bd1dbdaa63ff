"""Loading loses nothing: recovered cues, encoding facts, pysrt cross-check, the seeds."""

from __future__ import annotations

from pathlib import Path

import pysrt
import pytest

from coursekit.subtitles import load_subtitle_file, parse_subtitles
from coursekit.subtitles.load import _confirm_with_pysrt
from coursekit.subtitles.settings import settings_for
from coursekit.subtitles.storage import check_storage

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
P = Path("x.srt")
SETTINGS, _ = settings_for({}, "en")


def _rules(data: bytes) -> list[str]:
    return [d.rule for d in parse_subtitles(data, P, "en").diagnostics]


def test_two_digit_fraction_reads_as_hundredths_and_says_so() -> None:
    sub = parse_subtitles(b"1\n00:03:08.64 --> 00:03:09,000\nHi\n\n", P, "en")
    assert sub.cues[0].start_ms == 188_640
    [diag] = sub.diagnostics
    assert diag.rule == "SUB013"
    assert "640 ms" in diag.message and "64 ms" in diag.message


@pytest.mark.parametrize("fraction", ["0", "00"])
def test_a_short_fraction_of_zero_is_read_alike_by_every_parser(fraction: str) -> None:
    sub = parse_subtitles(f"1\n00:03:08,{fraction} --> 00:03:09,000\nHi\n\n".encode(), P, "en")
    assert sub.cues[0].start_ms == 188_000
    [diag] = sub.diagnostics
    assert (diag.rule, diag.severity.value) == ("SUB012", "warning")
    assert f"`00:03:08,{fraction}` has a {len(fraction)}-digit fraction (read anyway)" == (
        diag.message)


def test_invalid_utf8_gives_byte_offset_and_keeps_the_cue() -> None:
    data = b"1\n00:00:01,000 --> 00:00:02,000\nCaf\xe9\n\n"
    sub = parse_subtitles(data, P, "en")
    assert sub.encoding.invalid_utf8_offsets == (data.index(b"\xe9"),)
    assert sub.cues[0].lines == ("Caf\ufffd",)
    assert sub.diagnostics[0].line == 3


def test_missing_blank_lines_recover_both_cues_and_report_each() -> None:
    data = b"1\n00:00:01,000 --> 00:00:02,000\nA\n2\n00:00:02,500 --> 00:00:03,000\nB\n3\n" \
           b"00:00:03,500 --> 00:00:04,000\nC\n"
    sub = parse_subtitles(data, P, "en")
    assert [c.lines for c in sub.cues] == [("A",), ("B",), ("C",)]
    assert [(d.rule, d.cue) for d in sub.diagnostics] == [("SUB005", 2), ("SUB005", 3)]


def test_sbv_content_is_read_and_reported_once() -> None:
    data = b"0:00:05.440,0:00:09.360\nfirst\n\n0:00:09.500,0:00:12.000\nsecond\n"
    sub = parse_subtitles(data, P, "en")
    assert [(c.start_ms, c.end_ms) for c in sub.cues] == [(5440, 9360), (9500, 12000)]
    assert sub.encoding.format == "sbv"
    [diag] = sub.diagnostics
    assert "looks like YouTube SBV" in diag.message
    # SRT's index lines kept, the timings SBV's: the index line is no fault of its own
    numbered = parse_subtitles(b"1\n" + data.replace(b"\n\n0:", b"\n\n2\n0:"), P, "en")
    assert [(c.start_ms, c.end_ms) for c in numbered.cues] == [(5440, 9360), (9500, 12000)]
    assert [(d.rule, d.line, d.message) for d in numbered.diagnostics] == [
        ("SUB004", 2, "SBV timings in an SRT file, the first `0:00:05.440,0:00:09.360`")]


@pytest.mark.parametrize(("head", "webvtt"), [
    ("WEBVTT\n\n", True),
    ("\ufeffWEBVTT - a title\nKind: captions\n\nNOTE made by hand\n\n", True),
    ("WEBVTTish notes\n\n", False),  # text outside any cue, of no known format
    ("Subtitles by someone\n\n", False),
])
def test_a_webvtt_header_says_the_file_is_webvtt(head: str, webvtt: bool) -> None:
    data = (head + "1\n00:00:01.000 --> 00:00:02.000\nHi\n\n").encode()
    sub = parse_subtitles(data, P, "en")
    assert [c.lines for c in sub.cues] == [("Hi",)]
    [stray] = [d for d in sub.diagnostics if d.rule == "SUB014"]
    assert stray.line == 1
    assert ("looks like WebVTT, not SRT" in stray.message) is webvtt
    assert ("save it as SRT" in (stray.hint or "")) is webvtt


@pytest.mark.parametrize(("index", "said"), [
    ("\ufeff2", ": it holds the invisible U+FEFF (a byte order mark), the start of another "
                "file joined on?"),
    ("\u200b2", ": it holds the invisible U+200B (zero width space)"),
    ("2a", ""),  # a quote shows every character of it
    ("２", ": its digits are not 0-9 (full-width?)"),
])
def test_an_index_that_is_not_a_number_names_what_cannot_be_seen(index: str, said: str) -> None:
    data = f"1\n00:00:01,000 --> 00:00:02,000\nA\n\n{index}\n00:00:03,000 --> 00:00:04,000\nB\n\n"
    [diag] = parse_subtitles(data.encode(), P, "en").diagnostics
    assert (diag.rule, diag.line, diag.cue) == ("SUB008", 5, 2)
    assert diag.message == f"cue index `{index}` is not a number{said}"


@pytest.mark.parametrize("timing", [
    "００:００:０３,０００ --> ００:００:０４,０００",  # typed with a full-width input method
    "0０:00:03,000 --> 00:00:04,000",
    "00:00:03,０００ --> 00:00:04,000",
])
def test_a_timing_of_full_width_digits_is_read_and_said(timing: str) -> None:
    data = f"1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n{timing}\nB\n\n".encode()
    sub = parse_subtitles(data, P, "zh-CN")
    assert [(c.start_ms, c.end_ms) for c in sub.cues] == [(1000, 2000), (3000, 4000)]
    [diag] = sub.diagnostics
    assert (diag.rule, diag.line, diag.cue) == ("SUB012", 6, 2)
    assert "has digits other than 0-9 (full-width?)" in diag.message
    assert "zero-padded" not in diag.message


@pytest.mark.parametrize(("data", "line"), [
    (b"1\r\n00:00:01,000 --> 00:00:02,000\r\nA\n\r\n", 3),  # one LF among CRLF
    (b"1\n00:00:01,000 --> 00:00:02,000\r\nA\r\n\r\n", 1),  # one LF among CRLF, first
    (b"1\n00:00:01,000 --> 00:00:02,000\nA\r\n\r\n", 3),  # a tie: the first line's wins
    (b"1\r00:00:01,000 --> 00:00:02,000\rA\r\n\r", 3),  # old Mac endings, one CRLF
])
def test_mixed_line_endings_name_the_first_line_that_ends_unlike_most(
    data: bytes, line: int,
) -> None:
    sub = parse_subtitles(data, P, "en")
    [diag] = check_storage(sub, SETTINGS)
    assert (diag.rule, diag.line) == ("SUB003", line)
    assert f"line {line} is the first to end unlike most" in diag.message


def test_bom_and_crlf_are_recorded() -> None:
    data = b"\xef\xbb\xbf1\r\n00:00:01,000 --> 00:00:02,000\r\nA\r\n\r\n"
    sub = parse_subtitles(data, P, "en")
    assert sub.encoding.bom and sub.encoding.line_endings == "crlf"
    assert sub.cues[0].lines == ("A",) and not sub.diagnostics


def test_well_formed_file_is_read_by_pysrt_and_agrees() -> None:
    data = b"1\n00:00:01,000 --> 00:00:02,000\nA\nB\n\n2\n00:00:03,000 --> 00:00:04,000\nC\n\n"
    sub = parse_subtitles(data, P, "en")
    expected = pysrt.SubRipFile.from_string(data.decode())
    assert [(c.start_ms, c.end_ms, c.text) for c in sub.cues] == [
        (i.start.ordinal, i.end.ordinal, i.text) for i in expected
    ]
    assert not sub.diagnostics


def test_a_disagreement_with_pysrt_is_reported() -> None:
    # A reading pysrt does not share (the scan's reading of another file): SUB015. No
    # well-formed file is known to be read differently since pysrt's line breaks at
    # U+2028 and the like are SUB022's (test_odd_line_breaks.py), where pysrt is not asked.
    lines = ["1", "00:00:01,000 --> 00:00:02,000", "A", ""]
    other = parse_subtitles(b"1\n00:00:01,000 --> 00:00:02,500\nA\n\n", P, "en").cues
    cues, found = _confirm_with_pysrt(lines, list(other), "x.srt", "en")
    assert (cues, [d.rule for d in found]) == (list(other), ["SUB015"])
    assert "cue 1: pysrt reads 1000-2000 ms ['A'], the scan 1000-2500 ms" in found[0].message
    same = parse_subtitles("\n".join(lines).encode(), P, "en").cues
    assert _confirm_with_pysrt(lines, list(same), "x.srt", "en") == (list(same), [])


def test_unreadable_file(tmp_path: Path) -> None:
    sub = load_subtitle_file(tmp_path / "missing.srt", "en")
    assert [d.rule for d in sub.diagnostics] == ["SUB016"]


@pytest.mark.skipif(not SEEDS.is_dir(),
                    reason=f"{SEEDS} is absent (the shared seed files belong beside the checkout)")
@pytest.mark.parametrize(("name", "cues"), [
    ("subtitles_en_29_write-your-training-loop-in-pytorch.srt", 124),
    ("subtitles_fr_73_debugging-the-training-pipeline-(pytorch).srt", 43),
    ("subtitles_zh-CN_74_debugging-the-training-pipeline-(tensorflow).srt", 180),
])
def test_seed_files_recover_every_cue(name: str, cues: int) -> None:
    sub = load_subtitle_file(SEEDS / name, "en")
    assert len(sub.cues) == cues
    assert [c.number_as_written for c in sub.cues] == [str(i) for i in range(1, cues + 1)]
    assert [d.rule for d in sub.diagnostics] == ["SUB005"] * (cues - 1)
    assert all(c.lines for c in sub.cues)


def test_digits_that_are_not_ascii_are_not_indices() -> None:
    data = "²\n00:00:01,000 --> 00:00:02,000\nx\n\n١\n00:00:03,000 --> 00:00:04,000\ny\n".encode()
    assert _rules(data) == ["SUB008", "SUB008"]
