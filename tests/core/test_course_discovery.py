"""Without ``--root``, a command works on the course found upwards from the current
folder (or from the files it names), as ruff and pytest find their project: the nearest
folder with the course's configuration, else with a lesson or subtitle folder, never
past the top of the git checkout. Paths in reports stay relative to the course root.

Planted: a command run from a lesson folder, from a folder of a course whose
configuration names its lesson folder, and from the top of a repository whose course
lies in a folder (files named). Clean counterparts: the same runs on a correct course,
``--root`` given, a course outside the repository (not taken), and no course at all
(CFG002, as before)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coursekit.cli import main
from coursekit.config.discovery import find_root

from .small_course import ENGLISH_SUBTITLES, FRENCH_LESSON, findings, write_course


def test_check_from_a_lesson_folder_checks_the_course(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    course = write_course(tmp_path / "course")
    monkeypatch.chdir(course / "chapters" / "fr" / "chapter1")
    assert main(["check", "--format", "json"]) == 1
    assert findings(capsys.readouterr().out) == {("LES103", FRENCH_LESSON),
                                                  ("SUB104", ENGLISH_SUBTITLES)}
    assert main(["check", "lessons", "--format", "json"]) == 1
    assert findings(capsys.readouterr().out) == {("LES103", FRENCH_LESSON)}


def test_a_correct_course_checked_from_a_lesson_folder_is_clean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    course = write_course(tmp_path / "course", broken=False)
    monkeypatch.chdir(course / "subtitles" / "en")
    assert main(["check", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert findings(json.dumps(report)) == set()
    assert FRENCH_LESSON in report["checked"]


def test_other_commands_find_the_course_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    course = write_course(tmp_path / "course")
    monkeypatch.chdir(course / "chapters" / "en")
    assert main(["coverage", "--format", "json"]) == 0
    assert set(json.loads(capsys.readouterr().out)["languages"]) == {"fr"}
    assert main(["fix", "subtitles", "--check"]) == 1
    assert ENGLISH_SUBTITLES in capsys.readouterr().out


def test_the_configuration_marks_the_root_before_a_lesson_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    top = tmp_path / "repo"
    write_course(top / "docs")
    (top / ".git").mkdir()
    (top / "docs" / ".git").rmdir()
    (top / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.coursekit]\ncontent-dir = "docs/chapters"\n'
        'subtitles-dir = "docs/subtitles"\n', encoding="utf-8")
    monkeypatch.chdir(top / "docs" / "chapters" / "fr")
    assert find_root(Path.cwd()) == top.resolve()
    assert main(["check", "--format", "json"]) == 1
    assert findings(capsys.readouterr().out) == {
        ("LES103", f"docs/{FRENCH_LESSON}"), ("SUB104", f"docs/{ENGLISH_SUBTITLES}")}


def test_a_pyproject_without_a_coursekit_table_marks_no_course(tmp_path: Path) -> None:
    top = tmp_path / "repo"
    write_course(top / "course", repository=False)
    (top / ".git").mkdir()
    (top / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    assert find_root(top / "course" / "chapters" / "en") == (top / "course").resolve()


def test_a_coursekit_table_toml_cannot_read_is_found_and_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    top = tmp_path / "repo"
    write_course(top / "course")
    (top / "course" / "chapters" / "en" / "pyproject.toml").write_text(
        "[tool.coursekit]\nlanguages = [\n", encoding="utf-8")
    monkeypatch.chdir(top / "course" / "chapters" / "en" / "chapter1")
    assert main(["coverage"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pyproject.toml:2: error CFG001 ")
    assert "cannot read pyproject.toml" in err


def test_the_search_stops_at_the_top_of_the_repository(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    outer = write_course(tmp_path / "outer", repository=False)
    inner = outer / "tools" / "other"
    (inner / "sub").mkdir(parents=True)
    assert find_root(inner / "sub") == outer.resolve()  # no repository: up to the course
    (inner / ".git").mkdir()
    assert find_root(inner / "sub") is None
    monkeypatch.chdir(inner / "sub")
    assert main(["check", "--format", "json"]) == 1
    assert findings(capsys.readouterr().out) == {("CFG002", ".")}


def test_a_lesson_folder_with_no_language_in_it_marks_no_course(tmp_path: Path) -> None:
    course = write_course(tmp_path / "course")
    images = course / "chapters" / "en" / "chapter1" / "content"
    (images / "diagrams").mkdir(parents=True)
    assert find_root(images.parent) == course.resolve()
    (images / "img").mkdir()  # a folder named as a tag could be, holding no course file
    (images / "img" / "diagram.png").write_bytes(b"\x89PNG")
    (images / "fr" / "figures").mkdir(parents=True)
    assert find_root(images.parent) == course.resolve()
    (images / "fr" / "figures" / "notes.md").write_text("# Notes\n", encoding="utf-8")
    assert find_root(images.parent) == images.parent.resolve()


def test_root_given_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    write_course(tmp_path / "course")
    empty = tmp_path / "course" / "chapters" / "en" / "chapter1"
    monkeypatch.chdir(empty)
    assert main(["check", "--root", ".", "--format", "json"]) == 1
    assert findings(capsys.readouterr().out) == {("CFG002", ".")}
    assert main(["check", "--format", "json", "--root", "../../fr"]) == 1
    assert ("CFG002", ".") in findings(capsys.readouterr().out)


def test_files_named_from_the_top_of_a_repository_find_their_course(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    top = tmp_path / "repo"
    write_course(top / "docs" / "course", repository=False)
    write_course(top / "other", repository=False)
    (top / ".git").mkdir()
    monkeypatch.chdir(top)
    named = f"docs/course/{FRENCH_LESSON}"
    assert main(["check", "lessons", "--format", "json", named]) == 1
    assert findings(capsys.readouterr().out) == {("LES103", FRENCH_LESSON)}
    assert main(["check", "subtitles", "--format", "json", f"docs/course/{ENGLISH_SUBTITLES}"]) == 1
    assert findings(capsys.readouterr().out) == {("SUB104", ENGLISH_SUBTITLES)}
    assert main(["check", "lessons", named, f"other/{FRENCH_LESSON}"]) == 2
    assert "lie in different courses" in capsys.readouterr().err
    assert main(["check", "lessons", "--root", "other", "--format", "json",
                 f"other/{FRENCH_LESSON}"]) == 1
    assert findings(capsys.readouterr().out) == {("LES103", FRENCH_LESSON)}


_TO_FIX = """# Intro

```py
from transformers import AdamW
x=1
```
"""
"""A fence the formatter changes (``x=1``) that imports an API removed from its library."""


@pytest.mark.parametrize("command", [["fix", "lessons", "--check"],
                                     ["fix", "drift", "--no-verify", "--check"]],
                         ids=lambda command: command[1])
def test_the_fix_commands_find_the_course_of_the_files_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    command: list[str],
) -> None:
    top = tmp_path / "repo"
    course = write_course(top / "docs" / "course", broken=False, repository=False)
    (top / ".git").mkdir()
    lesson = "chapters/en/chapter1/intro.mdx"
    monkeypatch.chdir(top)
    assert main([*command, f"docs/course/{lesson}"]) == 0  # clean: nothing to do
    assert "would" in capsys.readouterr().err
    (course / lesson).write_text(_TO_FIX, encoding="utf-8")
    assert main([*command, f"docs/course/{lesson}"]) == 1  # a hook's run from the top
    said = capsys.readouterr().err
    assert "CFG002" not in said and "in 1 of 1 file(s)" in said
