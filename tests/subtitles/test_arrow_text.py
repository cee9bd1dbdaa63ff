"""A cue's text may hold `-->`: only a line whose sides are times is a timing line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.subtitles import parse_subtitles

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
