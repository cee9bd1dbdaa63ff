"""A subtitle file that the configuration excludes is there, only not read: its
counterpart in the source language or a translation is no file without a translation
(SUB401) or without a source (SUB402), and a ``metadata.csv`` row naming it names a file
that exists (no SUB410); a counterpart that is not there still is."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli

SUBTITLE = "1\n00:00:01,000 --> 00:00:03,000\nHello there.\n\n"
TRANSLATED = "1\n00:00:01,000 --> 00:00:03,000\nBonjour à tous.\n\n"
METADATA = "id,title,link,srt_filename\nabc,A,https://x,01_a.srt\ndef,B,https://x,02_b.srt\n"
PAIRED = ("SUB401", "SUB402", "SUB410", "SUB412")
MakeCourse = Callable[[dict[str, str | bytes], str], Path]


def _paired(root: Path) -> list[tuple[str, str]]:
    """The findings of a check of the course about a file's counterpart."""
    result = CliRunner().invoke(cli, ["check", "--format", "json", "--no-cache",
                                      "--root", str(root)])
    assert "Traceback" not in result.output, result.output
    return sorted((d["rule"], d["path"]) for d in json.loads(result.output)["diagnostics"]
                  if d["rule"] in PAIRED)


def _course(make_course: MakeCourse, config: str) -> Path:
    return make_course({"en/01_a.srt": SUBTITLE, "en/02_b.srt": SUBTITLE,
                        "fr/01_a.srt": TRANSLATED, "fr/02_b.srt": TRANSLATED,
                        "fr/metadata.csv": METADATA}, config)


@pytest.mark.parametrize("config", [
    'exclude = ["subtitles/fr/01_a.srt"]\n',
    'exclude = ["subtitles/en/01_a.srt"]\n',
    'extend-exclude = ["01_a.srt"]\n',
], ids=["translation", "source", "both"])
def test_an_excluded_counterpart_is_no_missing_file(make_course: MakeCourse,
                                                    config: str) -> None:
    assert _paired(_course(make_course, config)) == []


def test_a_missing_translation_is_reported_excluded_or_not(make_course: MakeCourse) -> None:
    root = _course(make_course, 'exclude = ["subtitles/fr/01_a.srt"]\n')
    (root / "subtitles" / "fr" / "01_a.srt").unlink()
    # the row that lists it is the one finding: no SUB401 beside it
    assert _paired(root) == [("SUB410", "subtitles/fr/metadata.csv")]


def test_a_translation_without_source_is_reported_excluded_or_not(
        make_course: MakeCourse) -> None:
    root = _course(make_course, 'exclude = ["subtitles/en/01_a.srt"]\n')
    (root / "subtitles" / "en" / "01_a.srt").unlink()
    assert _paired(root) == [("SUB402", "subtitles/fr/01_a.srt")]
