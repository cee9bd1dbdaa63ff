"""A subtitle file in a format coursekit does not read (WebVTT, ASS) is named (SUB021),
in a whole check and when named on the command line, instead of passing as clean; a
folder of SubRip and SBV files and a metadata.csv has no such finding."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.subtitles import check_subtitles

MakeCourse = Callable[..., Path]
SRT = "1\n00:00:01,000 --> 00:00:03,000\nHello there.\n\n"
VTT = "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello there.\n\n"
ASS = "[Script Info]\nScriptType: v4.00+\n\n[Events]\n"


@pytest.mark.parametrize(("name", "content", "kind"), [
    ("fr/01_a.vtt", VTT, "WebVTT subtitles (.vtt)"),
    ("fr/01_a.VTT", VTT, "WebVTT subtitles (.VTT)"),
    ("fr/01_a.ass", ASS, "Advanced SubStation Alpha subtitles (.ass)"),
    ("en/02_b.vtt", VTT, "WebVTT subtitles (.vtt)"),
])
def test_a_file_of_an_unread_format_is_named(
    make_course: MakeCourse, name: str, content: str, kind: str,
) -> None:
    root = make_course({"en/01_a.srt": SRT, "fr/01_a.srt": SRT, name: content})
    found = [d for d in check_subtitles(Corpus(Course.open(root))).diagnostics
             if d.rule == "SUB021"]
    assert [(d.path, d.severity.value) for d in found] == [(f"subtitles/{name}", "warning")]
    assert found[0].message.startswith(f"{kind}: coursekit reads SubRip (.srt)")


def test_srt_sbv_and_metadata_have_no_such_finding(make_course: MakeCourse) -> None:
    sbv = "0:00:01.000,0:00:03.000\nHello there.\n\n"
    root = make_course({"en/01_a.srt": SRT, "fr/01_a.srt": SRT, "fr/02_b.sbv": sbv,
                        "en/02_b.sbv": sbv, "fr/metadata.csv": "id,title\n"})
    rules = {d.rule for d in check_subtitles(Corpus(Course.open(root))).diagnostics}
    assert "SUB021" not in rules


def test_a_named_webvtt_file_does_not_pass_as_clean(
    make_course: MakeCourse, monkeypatch: pytest.MonkeyPatch,
) -> None:
    root = make_course({"en/01_a.srt": SRT, "fr/01_a.vtt": VTT})
    monkeypatch.chdir(root)
    done = CliRunner().invoke(cli, ["check", "subtitles", "--show-all",
                                    "subtitles/fr/01_a.vtt"])
    assert "subtitles/fr/01_a.vtt\n  -: warning SUB021 WebVTT subtitles (.vtt)" in done.output
    assert "check subtitles: clean" not in done.output
    clean = CliRunner().invoke(cli, ["check", "subtitles", "subtitles/en/01_a.srt"])
    assert "check subtitles: clean" in clean.output
