"""A cue whose timing line is damaged (another arrow than ``-->``, an unreadable time)
is reported as such: never read as text of the cue before it, and its index still
counts for the cues after it."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.subtitles.check import check_file
from coursekit.subtitles.fix import fix_bytes
from coursekit.subtitles.load import parse_subtitles
from coursekit.subtitles.settings import settings_for

SETTINGS, _ = settings_for({}, "en")
PATH = Path("subtitles/en/01_a.srt")


def _file(second_timing: str) -> str:
    return ("1\n00:00:01,000 --> 00:00:02,000\nHello there.\n\n"
            f"2\n{second_timing}\nSecond one.\n\n"
            "3\n00:00:05,000 --> 00:00:06,000\nThird one.\n\n")


def _found(text: str) -> list[tuple[str, int | None, str]]:
    sub = parse_subtitles(text.encode(), PATH, "en", str(PATH))
    return [(d.rule, d.line, d.message) for d in check_file(sub, SETTINGS, None, "en")]


@pytest.mark.parametrize("arrow", ["->", "—>", "=>", "-", "- ->", "--<"])
def test_another_arrow_is_an_unreadable_timing_line(arrow: str) -> None:
    [(rule, line, message)] = _found(_file(f"00:00:03,000 {arrow} 00:00:04,000"))
    assert (rule, line) == ("SUB011", 6)
    assert f"the arrow is written `{arrow}`, not `-->`" in message


def test_an_unreadable_timing_line_names_the_cue_its_index_line_numbers() -> None:
    sub = parse_subtitles(_file("00:00:03,000 -> 00:00:04,000").encode(), PATH, "en",
                          str(PATH))
    assert [(d.rule, d.cue) for d in sub.diagnostics] == [("SUB011", 2)]
    unnumbered = _file("00:00:03,000 -> 00:00:04,000").replace("2\n00:00:03", "00:00:03")
    sub = parse_subtitles(unnumbered.encode(), PATH, "en", str(PATH))
    assert [d.cue for d in sub.diagnostics if d.rule == "SUB011"] == [None]  # none to name


def test_a_fix_leaves_a_file_with_another_arrow_alone() -> None:
    data = _file("00:00:03,000 -> 00:00:04,000").encode()
    result = fix_bytes(data, PATH, "en", SETTINGS)
    assert result.refused is not None and "SUB011" in result.refused
    assert not result.changed


def test_the_clean_counterpart_is_clean_and_left_as_it_is() -> None:
    text = _file("00:00:03,000 --> 00:00:04,000")
    assert _found(text) == []
    assert fix_bytes(text.encode(), PATH, "en", SETTINGS).after == text.encode()


@pytest.mark.parametrize("line", [
    "It ran from 00:00:03,000 - 00:00:04,000 here.", "3:00 - 4:00 pm", "10 -> 20",
])
def test_a_line_of_text_with_times_stays_text(line: str) -> None:
    text = ("1\n00:00:01,000 --> 00:00:02,000\nHello there.\n\n"
            f"2\n00:00:03,000 --> 00:00:04,500\n{line}\n\n")
    sub = parse_subtitles(text.encode(), PATH, "en", str(PATH))
    assert [c.lines for c in sub.cues] == [("Hello there.",), (line,)]


@pytest.mark.parametrize("timing", ["00:00:03, 000 --> 00:00:04,000",
                                    "00:00:03,000 -> 00:00:04,000"])
def test_the_index_of_an_unread_cue_counts(timing: str) -> None:
    assert [rule for rule, _, _ in _found(_file(timing))] == ["SUB011"]
    first = _file("00:00:03,000 --> 00:00:04,000").replace(
        "00:00:01,000 --> 00:00:02,000", timing.replace("03", "01").replace("04", "02"))
    assert [rule for rule, _, _ in _found(first)] == ["SUB011"]
