"""``check lessons|subtitles FILES``: findings of the named files only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coursekit.cli import main
from coursekit.config import Course
from coursekit.filescope import file_scope

from .conftest import FRENCH_SRT, plant_overlap

ITALIAN_SRT = "subtitles/it/01_a-full-training-loop-(pytorch).srt"


def _errors(out: str) -> set[tuple[str, str]]:
    return {(d["rule"], d["path"]) for d in json.loads(out)["diagnostics"]
            if d["severity"] == "error"}


def test_scope_of_files(course: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.srt"
    outside.write_text("1\n", encoding="utf-8")
    scope = file_scope(Course.open(course), [
        course / FRENCH_SRT, course / "content/it/chapter3/4.mdx", course / "README.md",
        outside, course / "subtitles" / "fr",
    ])
    assert scope.paths == {FRENCH_SRT, "content/it/chapter3/4.mdx"}
    assert scope.languages == ("fr", "it")


def test_only_the_named_file_is_reported(
    course: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    plant_overlap(course)
    italian = course / ITALIAN_SRT
    italian.write_text(italian.read_text("utf-8").replace(
        "00:00:02,919 -->", "00:00:01,000 -->"), encoding="utf-8")
    monkeypatch.chdir(course)
    assert main(["check", "subtitles", "--format", "json", ITALIAN_SRT]) == 1
    assert _errors(capsys.readouterr().out) == {("SUB104", ITALIAN_SRT)}
    assert main(["check", "subtitles", "--format", "json", FRENCH_SRT, ITALIAN_SRT]) == 1
    assert _errors(capsys.readouterr().out) == {("SUB104", ITALIAN_SRT), ("SUB104", FRENCH_SRT)}
    assert main(["check", "subtitles", "--format", "json", "--lang", "it", FRENCH_SRT]) == 0
    assert _errors(capsys.readouterr().out) == set()


def test_files_outside_the_course_check_nothing(
    course: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    plant_overlap(course)
    readme = course / "README.md"
    readme.write_text("# course\n", encoding="utf-8")
    assert main(["check", "subtitles", "--root", str(course), str(readme)]) == 0
    out = capsys.readouterr().out
    assert "check subtitles: clean" not in out
    assert "README.md: warning CFG006 not checked" in out


@pytest.mark.parametrize("name", [
    "subtitles/fr/no-such-video.srt",      # missing
    "subtitles/FR/01_a.srt",               # the wrong case
    "SUBTITLES",                           # not even a file
])
def test_a_path_that_matches_nothing_is_an_error(
    course: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    name: str,
) -> None:
    monkeypatch.chdir(course)
    assert main(["check", "subtitles", "--format", "json", name]) == 1
    assert _errors(capsys.readouterr().out) == {("CFG005", name)}


def test_a_path_relative_to_the_root_from_elsewhere_says_so(
    course: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert main(["check", "subtitles", "--root", str(course), FRENCH_SRT]) == 1
    out = capsys.readouterr().out
    assert f"{FRENCH_SRT}: error CFG005 no such file" in out
    assert f"did you mean {course / FRENCH_SRT}?" in out
    monkeypatch.chdir(course)
    assert main(["check", "subtitles", "--root", str(course), FRENCH_SRT]) == 0


def test_a_file_of_the_other_area_is_not_checked_and_says_so(
    course: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(course)
    assert main(["check", "lessons", "--format", "json", FRENCH_SRT]) == 0
    found = json.loads(capsys.readouterr().out)["diagnostics"]
    assert [(d["rule"], d["path"]) for d in found] == [("CFG006", FRENCH_SRT)]


def test_a_name_too_long_to_look_up_is_a_finding(
    course: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(course)
    assert main(["check", "subtitles", "--format", "json", "a" * 300 + ".srt"]) == 1
    found = json.loads(capsys.readouterr().out)["diagnostics"]
    assert [(d["rule"], d["message"][:22]) for d in found] == [("CFG005",
                                                                 "cannot be looked up: F")]
