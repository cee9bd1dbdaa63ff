"""A ``metadata.csv`` that the configuration excludes is not read: its rows are no
findings, and the pattern that takes it is one that excludes something (no ``CFG008``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.subtitles.metadata import read_metadata

SUBTITLE = "1\n00:00:01,000 --> 00:00:03,000\nHello there.\n\n"
METADATA = "id,title,link,srt_filename\nabc,A,https://x,01_a.srt\nbad,B,https://x,\n"
"""Its second row names no file (SUB411 at line 3)."""
MakeCourse = Callable[[dict[str, str | bytes], str], Path]


def _findings(root: Path) -> list[tuple[str, str, int | None]]:
    result = CliRunner().invoke(cli, ["check", "--format", "json", "--no-cache",
                                      "--root", str(root)])
    assert "Traceback" not in result.output, result.output
    return [(d["rule"], d["path"], d["line"]) for d in json.loads(result.output)["diagnostics"]]


@pytest.mark.parametrize("config", [
    'exclude = ["metadata.csv"]\n',
    'extend-exclude = ["subtitles/en/metadata.csv"]\n',
    'exclude = ["subtitles/*/*.csv"]\n',
], ids=["name", "path", "glob"])
def test_an_excluded_metadata_file_is_not_read(make_course: MakeCourse, config: str) -> None:
    root = make_course({"en/01_a.srt": SUBTITLE, "en/metadata.csv": METADATA}, config)
    assert read_metadata(Course.open(root), "en") is None
    assert _findings(root) == []


def test_a_metadata_file_not_excluded_is_read(make_course: MakeCourse) -> None:
    root = make_course({"en/01_a.srt": SUBTITLE, "en/metadata.csv": METADATA},
                       'exclude = ["subtitles/fr"]\n')
    meta = read_metadata(Course.open(root), "en")
    assert meta is not None and [row.id for row in meta.rows] == ["abc", "bad"]
    assert _findings(root) == [("CFG008", "coursekit.toml", 1),
                               ("SUB411", "subtitles/en/metadata.csv", 3)]
