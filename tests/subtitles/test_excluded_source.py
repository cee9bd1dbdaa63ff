"""A source-language subtitle file that the configuration excludes is never read by what
pairs a translation with its source by name: the monolingual copies of ``fix subtitles``
and the timelines of the HTML report treat the translation as one without a source."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.report.timeline import subtitle_timelines
from coursekit.subtitles.monolingual import monolingual_copies

SOURCE = ("1\n00:00:01,000 --> 00:00:03,000\nHello.\n\n"
          "2\n00:00:03,500 --> 00:00:05,000\nWe call train.\n\n"
          "3\n00:00:05,500 --> 00:00:07,000\nThanks.\n\n")
BILINGUAL = ("1\n00:00:01,000 --> 00:00:03,000\n你好。\nHello.\n\n"
             "2\n00:00:03,500 --> 00:00:05,000\n我们调用\nmodel.train()\nWe call train.\n\n"
             "3\n00:00:05,500 --> 00:00:07,000\n谢谢。\nThanks.\n\n")
"""Its second cue keeps ``model.train()`` as translated only when the source file tells
that the source line is ``We call train.``, not the two lines under the Chinese one."""
EXCLUDED = 'exclude = ["subtitles/en/01_a.srt"]\n'
MakeCourse = Callable[[dict[str, str | bytes], str], Path]


def _course(make_course: MakeCourse, config: str) -> Course:
    return Course.open(make_course({"en/01_a.srt": SOURCE, "zh-CN/01_a.srt": BILINGUAL},
                                   config))


@pytest.mark.parametrize(("config", "kept"), [("", True), (EXCLUDED, False)],
                         ids=["kept", "excluded"])
def test_a_monolingual_copy_reads_no_excluded_source(
        make_course: MakeCourse, tmp_path: Path, config: str, kept: bool) -> None:
    course = _course(make_course, config)
    [copy] = monolingual_copies(course, tmp_path / "mono")
    assert copy.source == "subtitles/zh-CN/01_a.srt"
    assert "我们调用\n" in copy.text and "We call train." not in copy.text
    assert ("model.train()" in copy.text) is kept


def test_fix_subtitles_writes_the_copy_without_the_excluded_source(
        make_course: MakeCourse, tmp_path: Path) -> None:
    root = _course(make_course, EXCLUDED).root
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root),
                                      "--monolingual", str(tmp_path / "mono")])
    assert result.exit_code == 0, result.output
    copy = (tmp_path / "mono" / "zh-CN" / "01_a.srt").read_text(encoding="utf-8")
    assert "我们调用\n\n" in copy and "model.train()" not in copy


@pytest.mark.parametrize(("config", "source"), [
    ("", "subtitles/en/01_a.srt"),
    (EXCLUDED, None),
    ('exclude = ["subtitles/en"]\n', None),
], ids=["kept", "file-excluded", "folder-excluded"])
def test_a_timeline_draws_no_excluded_source(
        make_course: MakeCourse, config: str, source: str | None) -> None:
    course = _course(make_course, config)
    [timeline] = subtitle_timelines(course, ["subtitles/zh-CN/01_a.srt"])
    assert timeline.source_path == source
    assert len(timeline.source_cues) == (3 if source else 0)
    assert len(timeline.cues) == 3
