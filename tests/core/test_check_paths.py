"""``coursekit check PATH...``: files and folders named as a user types them (from the
current folder), each checked in the area of the folder it lies in, as ``ruff check
PATH`` does; ``check lessons`` and ``check subtitles`` stay subcommands.

Planted: a broken lesson and a broken subtitle file named, alone or by their folder;
a path that does not exist (exit 2, named); a misspelt subcommand. Clean counterparts:
a correct file and folder beside them (exit 0), the subcommands with their options
before and after their name; after ``--`` every argument is a path, a subcommand's
name too (as in ruff and git), and before it, or after a ``--`` that is an option's
value, the subcommand's name is the subcommand."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from coursekit.cli import main

from .small_course import ENGLISH_SUBTITLES, FRENCH_LESSON, findings, write_course

ENGLISH_LESSON = "chapters/en/chapter1/intro.mdx"


@pytest.fixture
def course(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = write_course(tmp_path / "course")
    monkeypatch.chdir(root)
    return root


def test_a_named_file_is_checked_in_its_area(
    course: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", "--format", "json", FRENCH_LESSON]) == 1
    report = json.loads(capsys.readouterr().out)
    assert findings(json.dumps(report)) == {("LES103", FRENCH_LESSON)}
    assert report["checked"] == [FRENCH_LESSON]
    assert main(["check", ENGLISH_SUBTITLES, "--format", "json"]) == 1  # options after
    assert findings(capsys.readouterr().out) == {("SUB104", ENGLISH_SUBTITLES)}
    assert main(["check", "--format", "json", FRENCH_LESSON, ENGLISH_SUBTITLES]) == 1
    assert findings(capsys.readouterr().out) == {("LES103", FRENCH_LESSON),
                                                  ("SUB104", ENGLISH_SUBTITLES)}


def test_a_correct_file_named_is_clean(
    course: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", "--format", "json", ENGLISH_LESSON]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (findings(json.dumps(report)), report["checked"]) == (set(), [ENGLISH_LESSON])


def test_a_folder_takes_in_what_lies_in_it(
    course: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(course / "chapters")
    assert main(["check", "--format", "json", "fr"]) == 1
    assert findings(capsys.readouterr().out) == {("LES103", FRENCH_LESSON)}
    assert main(["check", "--format", "json", "."]) == 1  # the lessons, not the subtitles
    assert findings(capsys.readouterr().out) == {("LES103", FRENCH_LESSON)}
    assert main(["check", "--format", "json", "../subtitles"]) == 1
    assert findings(capsys.readouterr().out) == {("SUB104", ENGLISH_SUBTITLES)}
    assert main(["check", "--format", "json", "en/chapter1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (findings(json.dumps(report)), report["checked"]) == (set(), [ENGLISH_LESSON])


def test_a_folder_with_nothing_checked_in_it_says_so(
    course: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    (course / "build").mkdir()
    assert main(["check", "--format", "json", "build"]) == 0
    assert findings(capsys.readouterr().out) == {("CFG006", "build")}


def test_a_path_that_does_not_exist_is_a_usage_error_naming_it(
    course: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", "--format", "json", FRENCH_LESSON, "chapters/fr/nope.mdx"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "no such file or folder: 'chapters/fr/nope.mdx'" in captured.err
    assert "No such command" not in captured.err
    assert main(["check", "lesson"]) == 2
    assert "'lesson' (did you mean the subcommand `lessons`?)" in capsys.readouterr().err


def test_the_subcommands_keep_their_names_and_options(
    course: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", "--format", "json", "subtitles"]) == 1
    assert findings(capsys.readouterr().out) == {("SUB104", ENGLISH_SUBTITLES)}
    assert main(["check", "lessons", "--format", "json", ENGLISH_LESSON]) == 0
    assert findings(capsys.readouterr().out) == set()
    assert main(["check", "--format", "json", "./subtitles"]) == 1  # the folder, as a path
    assert findings(capsys.readouterr().out) == {("SUB104", ENGLISH_SUBTITLES)}


def test_after_a_double_dash_a_subcommands_name_is_a_path(
    course: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    (course / "lessons").mkdir()  # a folder named as the subcommand, outside the course
    assert main(["check", "--format", "json", "--", "lessons"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert findings(json.dumps(report)) == {("CFG006", "lessons")}
    assert main(["check", "--format", "json", "--", "subtitles", FRENCH_LESSON]) == 1
    assert findings(capsys.readouterr().out) == {("LES103", FRENCH_LESSON),
                                                  ("SUB104", ENGLISH_SUBTITLES)}
    assert main(["check", "--", "lesson"]) == 2
    assert "no such file or folder: 'lesson'" in capsys.readouterr().err


def test_a_subcommand_named_without_a_double_dash_stays_the_subcommand(
    course: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    (course / "lessons").mkdir()
    assert main(["check", "--format", "json", "lessons"]) == 1
    assert findings(capsys.readouterr().out) == {("LES103", FRENCH_LESSON)}
    # A `--` that is an option's value ends no options: `lessons` is the subcommand.
    assert main(["check", "--output", "--", "--format", "json", "lessons"]) == 1
    assert findings((course / "--").read_text(encoding="utf-8")) == {
        ("LES103", FRENCH_LESSON)}
    assert main(["check", "lessons", "--format", "json", "--", FRENCH_LESSON]) == 1
    assert findings(capsys.readouterr().out) == {("LES103", FRENCH_LESSON)}

def test_paths_from_the_console_script(course: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "coursekit", "check", "chapters/fr/chapter1/intro.mdx"],
        cwd=course / "subtitles", capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert "no such file or folder: 'chapters/fr/chapter1/intro.mdx'" in done.stderr
    done = subprocess.run(
        [sys.executable, "-m", "coursekit", "check", "../chapters/fr/chapter1/intro.mdx"],
        cwd=course / "subtitles", capture_output=True, text=True, check=False)
    assert done.returncode == 1, done.stderr
    assert f"{FRENCH_LESSON}:3: error LES103" in done.stdout


def test_paths_named_from_the_top_of_a_repository_find_their_course(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    top = tmp_path / "repo"
    write_course(top / "docs", repository=False)
    (top / ".git").mkdir()
    monkeypatch.chdir(top)
    assert main(["check", "--format", "json", "docs/chapters/fr", "docs/subtitles"]) == 1
    assert findings(capsys.readouterr().out) == {("LES103", FRENCH_LESSON),
                                                  ("SUB104", ENGLISH_SUBTITLES)}
    assert main(["check", "--format", "json", "docs/chapters/en"]) == 0
    assert findings(capsys.readouterr().out) == set()


def test_an_excluded_folder_named_says_which_pattern_takes_it(
    course: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    drafts = course / "chapters" / "fr" / "drafts"
    drafts.mkdir()
    (drafts / "next.mdx").write_text("# Next\n\n```python\nx = (\n```\n", encoding="utf-8")
    (course / "coursekit.toml").write_text('exclude = ["drafts"]\n', encoding="utf-8")
    assert main(["check", "--format", "json", "chapters/fr/drafts"]) == 0
    found = json.loads(capsys.readouterr().out)["diagnostics"]
    assert [(d["rule"], d["path"]) for d in found] == [("CFG006", "chapters/fr/drafts")]
    assert "`exclude` pattern `drafts`" in found[0]["message"]
    assert main(["check", "--format", "json", "chapters/fr"]) == 1
    assert findings(capsys.readouterr().out) == {("LES103", FRENCH_LESSON)}
