"""An overlap is clamped only where the clamped cue can still be read: a long cue with a
short one shown within it (a sound between words) is not cut to the start of the short
one, which left a sentence of ten seconds on screen for two; a small overlap is still
clamped, of a fast cue too."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.subtitles.fix import fix_bytes
from coursekit.subtitles.settings import defaults_for

P = Path("01_a.srt")
LONG = "This is a long sentence that needs time to be read fully."  # 57 characters


def _file(first_end: str, second: str, text: str = LONG) -> bytes:
    return (f"1\n00:00:00,000 --> {first_end}\n{text}\n\n"
            f"2\n{second}\n(door slams)\n\n"
            "3\n00:00:11,000 --> 00:00:12,000\nNext.\n\n").encode()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_cue_that_would_be_too_short_to_read_is_left_and_said(lang: str) -> None:
    data = _file("00:00:10,000", "00:00:02,000 --> 00:00:03,000")
    result = fix_bytes(data, P, lang, defaults_for(lang))
    limit = {"en": 20, "fr": 17}[lang]
    assert (result.after, result.changes) == (data, [])
    assert result.left == [f"1: cue 1 overlaps cue 2, and once clamped would be shown for "
                           f"1.917 s, too short to read (29.7 characters per second; at most "
                           f"{limit}): left as it is; re-time the two"]


@pytest.mark.parametrize(("first_end", "second", "text", "end"), [
    ("00:00:04,000", "00:00:03,500 --> 00:00:05,000", LONG, "00:00:03,417"),  # 16.7 a second
    ("00:00:02,040", "00:00:02,000 --> 00:00:03,000", LONG, "00:00:01,917"),  # fast already
])
def test_an_overlap_that_leaves_the_cue_readable_is_clamped(
    first_end: str, second: str, text: str, end: str,
) -> None:
    result = fix_bytes(_file(first_end, second, text), P, "en", defaults_for("en"))
    assert result.changes == ["1 overlap(s) clamped"] and result.left == []
    assert f"00:00:00,000 --> {end}\n" in result.after.decode()
