"""Findings call a cue by the number its index line writes, whatever rule finds them:
the loader's (missing blank line, blank line in a cue, timing line, index) as the
rules' on the text, so that a reviewer finds "cue 104" at the cue written 104."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.subtitles.check import check_file
from coursekit.subtitles.fix import fix_bytes
from coursekit.subtitles.load import parse_subtitles
from coursekit.subtitles.model import SubtitleFile
from coursekit.subtitles.settings import settings_for

SETTINGS, _ = settings_for({}, "en")
PATH = Path("subtitles/en/01_a.srt")


def _damaged(first: int) -> str:
    """Five cues numbered from ``first``, one number skipped; the third's timing line
    has a dot and text after it, the fourth has a blank line inside and an unclosed tag,
    and no blank line follows it."""
    n = [first, first + 1, first + 3, first + 4, first + 5]
    return (f"{n[0]}\n00:00:01,000 --> 00:00:02,000\nHello there.\n\n"
            f"{n[1]}\n00:00:02,500 --> 00:00:04,000\nThe second one.\n\n"
            f"{n[2]}\n00:00:05.000 --> 00:00:06,000 hello\nThe third one.\n\n"
            f"{n[3]}\n00:00:07,000 --> 00:00:08,000\n<i>The fourth\n\none.\n"
            f"{n[4]}\n00:00:09,000 --> 00:00:10,000\nThe fifth one.\n\n")


def _by_line(sub: SubtitleFile, line: int) -> int:
    """The number of the cue that holds ``line``."""
    return [cue.number for cue in sub.cues if cue.line <= line][-1]


@pytest.mark.parametrize("first", [1, 101])
def test_every_finding_names_the_cue_as_written(first: int) -> None:
    sub = parse_subtitles(_damaged(first).encode(), PATH, "en", str(PATH))
    found = [d for d in check_file(sub, SETTINGS, None, "en") if d.cue is not None]
    assert {d.rule for d in found} >= {"SUB005", "SUB006", "SUB010", "SUB012", "SUB019",
                                       "SUB207"}
    assert [(d.rule, d.cue) for d in found] == [
        (d.rule, _by_line(sub, d.line or 0)) for d in found]
    [missing_blank] = [d for d in found if d.rule == "SUB005"]
    assert f"between cue {first + 4} and the next" in missing_blank.message


def test_a_fix_still_refuses_to_empty_a_cue_numbered_from_101() -> None:
    data = (b"101\n00:00:01,000 --> 00:00:02,000\nBefore.\n\n"
            b"102\n00:00:02,500 --> 00:00:04,000\n00:01:00,000 --> 00:01:02,000 is a time\n\n"
            b"103\n00:00:04,500 --> 00:00:06,000\nAfter.\n\n")
    result = fix_bytes(data, PATH, "en", SETTINGS)
    assert result.refused is not None and "leaves cue 102 with no text" in result.refused


@pytest.mark.parametrize(("numbers", "found"), [
    ((1, 2, 7, 4, 5), [("SUB010", 7)]),  # one index mistyped: the next ones are as due
    ((0, 2, 3, 4, 5), [("SUB010", 0)]),
    ((1, 2, 2, 4, 5), [("SUB009", 2)]),  # 3 written as 2
    ((1, 2, 4, 5, 6), [("SUB010", 4)]),  # a cue deleted: numbered on from there
    ((0, 1, 2, 3, 4), [("SUB010", 0)]),  # numbered from 0
    ((1, 2, 3, 4, 5), []),
])
def test_one_index_out_of_sequence_is_one_finding(
    numbers: tuple[int, ...], found: list[tuple[str, int]],
) -> None:
    data = "".join(f"{n}\n00:00:{2 * i:02d},000 --> 00:00:{2 * i + 1:02d},000\nCue {i}.\n\n"
                   for i, n in enumerate(numbers, start=1))
    sub = parse_subtitles(data.encode(), PATH, "en", str(PATH))
    assert [(d.rule, d.cue) for d in check_file(sub, SETTINGS, None, "en")] == found
