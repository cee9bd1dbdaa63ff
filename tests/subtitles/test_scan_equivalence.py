"""The recovery scan against its first, line-by-line version (``reference_scan``): the
same cues, findings and format on any lines, canonical or damaged."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.subtitles.recovery_scan import scan

from .line_edits import edit_lines
from .reference_scan import ReferenceScanner

_SHAPES = [
    "", " ", "\t", "1", "2", "3", "4", "01", "007", "12a", "0000000001", "12345678901",
    "text", " text ", "more text", "42", "x y", "(music)", "[door closes]", "a --> b", "-->",
    "00:00:01,000 --> 00:00:02,000", "00:00:02,500 --> 00:00:04,000",
    "00:00:04,000 --> 00:00:06,000  ", "00:00:06,000 --> 00:00:05,000",
    "00:00:01,000 --> 00:00:02,000 X1:10 X2:20 Y1:5 Y2:9",
    "00:00:03,000 --> 00:00:04,000 align:start", "00:00:03,000 --> 00:00:04,000 stray words",
    "00:00:05.000 --> 00:00:06,500", "00:00:07,5 --> 0:08", "0:00:09.000,0:00:10.000",
    " 0:00:11.000,0:00:12.000 ", "00:00:01,000 -->00:00:02,000", "00:00:01,000-->00:00:02,000x",
    "00:00:01,000 --> 00:00:02,000\tA", "1000:00:00,000 --> 1000:00:01,000",
    "00:00:13:000 --> 00:00:14;000", "0:0:1 --> 0:0:2", "00:61:00,000 --> 00:62:00,0000",
    "１２", "²", "\u00a0", "\u00a03\u00a0", "12:30 is the time", "3:00.5,0:00:01.000",
]
_line = st.one_of(st.sampled_from(_SHAPES), st.text(
    st.characters(blacklist_categories=["Cs"], blacklist_characters="\n\r"), max_size=12))


@st.composite
def damaged_files(draw: st.DrawFn) -> list[str]:
    """A canonical file of a few cues, then up to six lines replaced, inserted or deleted."""
    lines: list[str] = []
    t = 0
    for k in range(1, draw(st.integers(0, 6)) + 1):
        t += draw(st.integers(0, 3000))
        end = t + draw(st.integers(0, 4000))
        lines += [str(k), f"00:00:{t // 1000:02d},{t % 1000:03d} --> "
                          f"00:00:{end // 1000:02d},{end % 1000:03d}"]
        lines += draw(st.lists(st.sampled_from(["text", "more text", "42", " text ", "<i>a"]),
                               max_size=3))
        lines.append("")
        t = end
    return edit_lines(draw, lines, _line, 6)


def _both(lines: list[str], sbv_expected: bool) -> None:
    new = scan(lines, "x.srt", "fr", sbv_expected=sbv_expected)
    old = ReferenceScanner(lines, "x.srt", "fr", sbv_expected).run()
    assert (new.cues, new.diagnostics, new.format) == (old.cues, old.diagnostics, old.format)


@settings(max_examples=1500)
@given(damaged_files(), st.booleans())
def test_the_scan_reads_damaged_files_as_its_reference_does(
    lines: list[str], sbv_expected: bool,
) -> None:
    _both(lines, sbv_expected)


@settings(max_examples=500)
@given(st.lists(_line, max_size=30), st.booleans())
def test_the_scan_reads_any_lines_as_its_reference_does(
    lines: list[str], sbv_expected: bool,
) -> None:
    _both(lines, sbv_expected)


@st.composite
def srt_then_sbv(draw: st.DrawFn) -> list[str]:
    """Canonical SRT cues, then more cues in SBV (a file converted halfway)."""
    srt = draw(st.integers(1, 4))
    lines: list[str] = []
    for k in range(1, srt + 1):
        lines += [str(k), f"00:00:0{k},000 --> 00:00:0{k},500", "text", ""]
    for k in range(draw(st.integers(srt - 1, srt + 2))):
        lines += [f"0:00:1{k}.000,0:00:1{k}.500", draw(st.sampled_from(["text", "", "7"])), ""]
    return lines[:-1] if draw(st.booleans()) else lines


@given(srt_then_sbv(), st.booleans())
def test_the_scan_reads_srt_then_sbv_as_its_reference_does(
    lines: list[str], sbv_expected: bool,
) -> None:
    _both(lines, sbv_expected)
