"""``coursekit check PATH... --lang L``: a named file or folder of a language that
``--lang`` leaves out is reported as not checked (CFG006, naming its language), never
passed over as clean. Clean counterpart: a file of a language asked for is checked as
before, and a folder holding that language and another checks the one asked for."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coursekit.cli import main

from .small_course import ENGLISH_SUBTITLES, FRENCH_LESSON, findings, write_course


@pytest.fixture
def course(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = write_course(tmp_path / "course")
    monkeypatch.chdir(root)
    return root


@pytest.mark.parametrize("named", [FRENCH_LESSON, "chapters/fr", ENGLISH_SUBTITLES])
def test_a_path_of_a_language_left_out_is_reported_not_checked(
    course: Path, capsys: pytest.CaptureFixture[str], named: str,
) -> None:
    other = "it" if named == ENGLISH_SUBTITLES else "en"
    (course / "subtitles" / "it").mkdir()
    main(["check", "--format", "json", named, "--lang", other])
    report = json.loads(capsys.readouterr().out)
    assert findings(json.dumps(report)) == {("CFG006", named)}
    unchecked = next(d for d in report["diagnostics"] if d["rule"] == "CFG006")
    assert "--lang" in unchecked["message"]
    assert report["checked"] == []


def test_a_path_of_a_language_asked_for_is_checked(
    course: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", "--format", "json", FRENCH_LESSON, "--lang", "fr"]) == 1
    assert findings(capsys.readouterr().out) == {("LES103", FRENCH_LESSON)}
    assert main(["check", "--format", "json", "chapters", "--lang", "FR"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert findings(json.dumps(report)) == {("LES103", FRENCH_LESSON)}
    # the language's toctree was read and judged too: it is checked
    assert report["checked"] == ["chapters/fr/_toctree.yml", FRENCH_LESSON]
