"""Japanese and Korean have reading-speed and line-length defaults of their own (those of
the Netflix timed-text style guides of each language), not Chinese ones; each limit
planted just past it and met just under it, and each configurable."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.subtitles import check_subtitles
from coursekit.subtitles.settings import defaults_for

MakeCourse = Callable[..., Path]


def _readability(root: Path) -> list[tuple[str, str]]:
    result = check_subtitles(Corpus(Course.open(root)))
    return sorted((d.rule, d.message) for d in result.diagnostics
                  if d.rule in ("SUB201", "SUB202"))


def _cue(text: str, seconds: float) -> str:
    return f"1\n00:00:01,000 --> 00:00:{1 + seconds:06.3f}\n{text}\n\n".replace(".", ",")


@pytest.mark.parametrize(("lang", "cps", "chars"), [
    ("ja", 4, 13), ("ko", 12, 16), ("zh-CN", 9, 16), ("zh-TW", 9, 16), ("yue", 9, 16),
    ("en", 20, 42),
])
def test_each_language_has_its_guides_limits(lang: str, cps: float, chars: int) -> None:
    settings = defaults_for(lang)
    assert (settings.max_cps, settings.max_chars_per_line) == (cps, chars)


# Thirteen full-width characters, and fourteen; sixteen characters of Korean (fourteen
# syllables and four spaces, each half a character).
JA_13 = "今日はいい天気ですね。散歩"
JA_14 = JA_13 + "へ"
KO_16 = "오늘은 날씨가 정말 좋으니까 산책"


@pytest.mark.parametrize(("lang", "text", "seconds", "found"), [
    ("ja", JA_13, 3.25, []),  # 13 characters a line, 4 a second: within
    ("ja", JA_14, 3.5, ["SUB202"]),  # 14 characters a line
    ("ja", JA_13, 3.0, ["SUB201"]),  # 4.3 a second
    ("ko", KO_16, 1.5, []),  # 16 characters a line, 10.7 a second: within
    ("ko", KO_16 + "해", 2.0, ["SUB202"]),  # 17 characters a line
    ("ko", KO_16, 1.25, ["SUB201"]),  # 12.8 a second
])
def test_japanese_and_korean_are_judged_by_their_own_limits(
    make_course: MakeCourse, lang: str, text: str, seconds: float, found: list[str],
) -> None:
    root = make_course({f"{lang}/01_a.srt": _cue(text, seconds)})
    assert [rule for rule, _ in _readability(root)] == found


def test_a_japanese_line_judged_by_chinese_limits_was_passed(make_course: MakeCourse) -> None:
    # Fourteen characters in two seconds (7 a second): within the Chinese 16 and 9.
    root = make_course({"ja/01_a.srt": _cue(JA_14, 2.0)})
    assert [message.split(" (")[1] for _, message in _readability(root)] == [
        "at most 4)", f"at most 13): `{JA_14}`"]


def test_korean_at_a_chinese_reading_speed_is_no_finding(make_course: MakeCourse) -> None:
    # 10.7 characters a second: past the Chinese 9, within the Korean 12.
    root = make_course({"ko/01_a.srt": _cue(KO_16, 1.5)})
    assert _readability(root) == []


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_a_language_table_sets_them(make_course: MakeCourse, lang: str) -> None:
    root = make_course({f"{lang}/01_a.srt": _cue(JA_14 + JA_14, 1.0)},
                       f"[subtitles.{lang}]\nmax-cps = 30\nmax-chars-per-line = 30\n")
    assert _readability(root) == []
