"""The files named to a ``coursekit fix`` command, read as ``coursekit check FILES``
reads them: one the fix does not work on (missing, outside the course, no lesson it
rewrites) is an error naming it, and exit 2; the named lessons are fixed all the same.
Each planted case beside a clean counterpart."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from coursekit.cli import main
from tests.fixes.test_fix_translations import EN, FR, FRENCH
from tests.formatting.course import FORMATTED, write_course
from tests.git_history import commit, plant
from tests.translations.test_trn_freshness import TOCTREE

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")
RATE = "play(clips[0], rate=16000)"


@pytest.fixture
def course(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A French translation one source change behind, the working folder beside it."""
    root = tmp_path / "course"
    plant(root, {"en/_toctree.yml": TOCTREE, "fr/_toctree.yml": TOCTREE,
                 "en/chapter1/1.mdx": EN, "fr/chapter1/1.mdx": FR}, "Course and French")
    commit(root, {"en/chapter1/1.mdx": EN.replace("play(clips[0])", RATE)}, "Rate",
           "2024-02-01T12:00:00")
    monkeypatch.chdir(tmp_path)
    return root


def _sync(root: Path, *files: str) -> int:
    return main(["fix", "translations", "--root", str(root), *files])


@needs_git
def test_a_named_translation_is_synced(course: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert _sync(course, f"course/{FRENCH}") == 0
    assert RATE in (course / FRENCH).read_text(encoding="utf-8")
    assert "synced 1 code block(s) in 1 of 1 translation(s)" in capsys.readouterr().err


@needs_git
def test_a_missing_file_is_an_error_naming_it(course: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert _sync(course, "course/content/fr/chapter1/2.mdx") == 2
    err = capsys.readouterr().err
    assert "course/content/fr/chapter1/2.mdx: error CFG005 no such file\n" in err
    assert "nothing done" in err
    assert (course / FRENCH).read_text(encoding="utf-8") == FR


@needs_git
def test_a_path_from_the_course_root_is_missing_and_says_so(
        course: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _sync(course, FRENCH) == 2
    err = capsys.readouterr().err
    assert f"{FRENCH}: error CFG005 no such file: paths are read from the current folder" in err
    assert f"did you mean {course / FRENCH}?" in err
    assert (course / FRENCH).read_text(encoding="utf-8") == FR


@needs_git
def test_a_file_outside_the_course_is_an_error_naming_it(
        course: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (course.parent / "notes.mdx").write_text(FR, encoding="utf-8")
    assert _sync(course, "notes.mdx") == 2
    assert "notes.mdx: error CFG006 not checked: it is not in a language folder under " \
        "content/" in capsys.readouterr().err
    assert (course / FRENCH).read_text(encoding="utf-8") == FR


@needs_git
def test_the_named_lessons_are_synced_beside_a_missing_one(
        course: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _sync(course, "course/content/fr/chapter1/2.mdx", f"course/{FRENCH}") == 2
    assert RATE in (course / FRENCH).read_text(encoding="utf-8")
    err = capsys.readouterr().err
    assert "error CFG005" in err
    assert "synced 1 code block(s) in 1 of 1 translation(s)" in err


@needs_git
@pytest.mark.parametrize(("named", "why"), [
    ("course/content/en/chapter1/1.mdx", "a lesson of the source language (en)"),
    ("course/content/fr/_toctree.yml", "it is no lesson"),
])
def test_a_file_the_fix_does_not_rewrite_is_an_error(
        course: Path, capsys: pytest.CaptureFixture[str], named: str, why: str) -> None:
    assert _sync(course, named) == 2
    assert f"{named.removeprefix('course/')}: error CFG006 not fixed: {why}" in \
        capsys.readouterr().err


@pytest.mark.parametrize("subcommand", [
    ["lessons"], ["drift", "--no-verify"], ["errors", "--from", "verify.json"],
])
def test_every_fix_with_files_reports_a_missing_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, subcommand: list[str]) -> None:
    root = write_course(tmp_path / "course")
    before = (root / "content/fr/chapter1/1.mdx").read_bytes()
    monkeypatch.chdir(tmp_path)
    assert main(["fix", *subcommand, "--root", "course", "course/content/fr/typo.mdx"]) == 2
    assert "course/content/fr/typo.mdx: error CFG005 no such file\n" in capsys.readouterr().err
    assert (root / "content/fr/chapter1/1.mdx").read_bytes() == before


def test_fix_lessons_formats_a_named_lesson_beside_a_missing_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    root = write_course(tmp_path / "course")
    english = (root / "content/en/chapter1/1.mdx").read_bytes()
    monkeypatch.chdir(tmp_path)
    named = ["course/content/fr/typo.mdx", "course/content/fr/chapter1/1.mdx"]
    assert main(["fix", "lessons", "--root", "course", *named]) == 2
    assert FORMATTED in (root / "content/fr/chapter1/1.mdx").read_text(encoding="utf-8")
    assert (root / "content/en/chapter1/1.mdx").read_bytes() == english
    assert "formatted 1 fence(s) in 1 of 1 file(s)" in capsys.readouterr().err
    assert main(["fix", "lessons", "--root", "course", named[1]]) == 0
