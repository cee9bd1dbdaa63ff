"""A cue's text may hold `-->`: only a line whose sides are times is a timing line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.subtitles import parse_subtitles

from .conftest import bilingual

MakeCourse = Callable[..., Path]
P = Path("x.srt")


def _file(*lines: str) -> bytes:
    return ("1\n00:00:01,000 --> 00:00:02,000\nBefore.\n\n"
            "2\n00:00:02,500 --> 00:00:04,000\n" + "".join(f"{x}\n" for x in lines) + "\n"
            "3\n00:00:04,500 --> 00:00:06,000\nAfter.\n\n").encode()


@pytest.mark.parametrize("lines", [
    ("text --> tokens --> ids",),
    ("The pipeline:", "text --> tokens --> ids"),
    ("文本 --> 词元 --> ID", "text --> tokens --> ids"),
    ("-->",),
])
def test_text_holding_an_arrow_is_text(lines: tuple[str, ...]) -> None:
    sub = parse_subtitles(_file(*lines), P, "zh-CN")
    assert [c.lines for c in sub.cues] == [("Before.",), lines, ("After.",)]
    assert sub.diagnostics == ()


@pytest.mark.parametrize("timing", [
    "00:00:02,500 --> later", "00:00:02,500 --> 4", "--> 00:00:04,000",
    "00:00:02,500 -->", "00:00:02;500 --> 00:00:04,000x",
])
def test_a_damaged_timing_line_is_still_one(timing: str) -> None:
    data = _file("Middle.").replace(b"00:00:02,500 --> 00:00:04,000", timing.encode())
    sub = parse_subtitles(data, P, "en")
    [unreadable] = [d for d in sub.diagnostics if d.rule == "SUB011"]
    assert "`Middle.`" in unreadable.message
    assert [c.lines for c in sub.cues] == [("Before.",), ("After.",)]


def test_fix_leaves_text_with_an_arrow_alone(make_course: MakeCourse) -> None:
    data = _file("文本 --> 词元 --> ID", "text --> tokens --> ids")
    root = make_course({"zh-CN/01_a.srt": data})
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root)])
    assert result.exit_code == 0, result.output
    assert (root / "subtitles/zh-CN/01_a.srt").read_bytes() == data


def _fix(root: Path, *more: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root), *more])
    return result.exit_code, result.output


def test_fix_refuses_a_timing_line_that_may_be_the_text_before_it(
    make_course: MakeCourse,
) -> None:
    data = _file("00:01:00,000 --> 00:01:02,000 is a timestamp")
    root = make_course({"fr/01_a.srt": data})
    code, output = _fix(root)
    assert code == 1
    assert "left alone: reading line 7 as a new cue leaves cue 2 with no text" in output
    assert (root / "subtitles/fr/01_a.srt").read_bytes() == data


def test_no_monolingual_copy_where_a_cue_may_lose_its_text(make_course: MakeCourse) -> None:
    zh = bilingual("00:01:00,000 --> 00:01:02,000 是时间\n")
    root = make_course({"zh-CN/01_a.srt": zh})
    code, output = _fix(root, "--monolingual", str(root / "mono"))
    assert code == 1
    assert "no monolingual copy: reading line 8 as a new cue leaves cue 2 with no text" in output
    assert not (root / "mono").exists()


@pytest.mark.parametrize(("data", "fixed"), [
    (b"1\n00:00:01,000 --> 00:00:02,000\nHello\n2\n00:00:03,000 --> 00:00:04,000\nWorld\n",
     b"1\n00:00:01,000 --> 00:00:02,000\nHello\n\n2\n00:00:03,000 --> 00:00:04,000\nWorld\n\n"),
    (b"1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\nWorld\n",
     b"1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\nWorld\n\n"),
])
def test_fix_goes_on_where_no_cue_is_left_without_text(
    make_course: MakeCourse, data: bytes, fixed: bytes,
) -> None:
    root = make_course({"en/01_a.srt": data})
    code, output = _fix(root)
    assert code == 0, output
    assert (root / "subtitles/en/01_a.srt").read_bytes() == fixed


def test_a_timing_line_written_twice_is_fixed_not_refused(make_course: MakeCourse) -> None:
    # No words after the second timing: a new cue's start, as the fix reads it (no text of
    # the cue before it can be lost).
    data = (b"1\n00:00:01,000 --> 00:00:02,000\n00:00:01,000 --> 00:00:02,000\nHello\n\n"
            b"2\n00:00:03,000 --> 00:00:04,000\nWorld\n\n")
    root = make_course({"en/01_a.srt": data})
    _, output = _fix(root)
    assert "left alone" not in output
    fixed = (root / "subtitles/en/01_a.srt").read_bytes()
    assert b"Hello" in fixed and b"World" in fixed and fixed != data
