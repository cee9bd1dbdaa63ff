"""A file named to ``check subtitles`` that the subtitle check does not read, though it
lies in a subtitle language folder (a note, a file in a folder below), is CFG006 with
the reason, instead of passing as clean; the subtitle files and the metadata.csv of the
folder are checked as before."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli

MakeCourse = Callable[..., Path]
SRT = "1\n00:00:01,000 --> 00:00:03,000\nHello there.\n\n"


@pytest.mark.parametrize(("name", "why"), [
    ("subtitles/fr/notes.txt", "it is no subtitle file (.srt, .sbv) nor a metadata.csv"),
    ("subtitles/fr/old/01_a.srt", "the subtitle check reads the files right in a language "
                                  "folder, not in a folder below it"),
])
def test_a_file_the_subtitle_check_does_not_read_is_said_not_checked(
    make_course: MakeCourse, monkeypatch: pytest.MonkeyPatch, name: str, why: str,
) -> None:
    root = make_course({"en/01_a.srt": SRT, "fr/01_a.srt": SRT, "fr/notes.txt": "to do\n",
                        "fr/old/01_a.srt": SRT})
    monkeypatch.chdir(root)
    done = CliRunner().invoke(cli, ["check", "subtitles", name])
    assert f"{name}: warning CFG006 not checked: {why}" in done.output, done.output
    assert "clean" not in done.output


@pytest.mark.parametrize("name", ["subtitles/fr/01_a.srt", "subtitles/fr/metadata.csv"])
def test_the_files_it_reads_are_checked(
    make_course: MakeCourse, monkeypatch: pytest.MonkeyPatch, name: str,
) -> None:
    root = make_course({"en/01_a.srt": SRT, "fr/01_a.srt": SRT,
                        "fr/metadata.csv": "id,title,file\n"})
    monkeypatch.chdir(root)
    done = CliRunner().invoke(cli, ["check", "subtitles", name])
    assert "CFG006" not in done.output, done.output
