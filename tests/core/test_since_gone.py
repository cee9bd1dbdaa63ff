"""``check --since`` on a change that deleted files, or added a source file that no
translation follows yet: what is not there has nothing to check, so it is no finding;
the translations that remain of a deleted source file are still checked."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli

SUBTITLE = "1\n00:00:01,000 --> 00:00:04,000\nHello there\n\n"
OVERLAP = ("1\n00:00:01,000 --> 00:00:04,000\nHello there\n\n"
           "2\n00:00:03,000 --> 00:00:05,000\nAgain\n\n")
"""SUB104 (cues that overlap), an error."""


def _git(root: Path, *args: str) -> str:
    done = subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
                          cwd=root, check=True, capture_output=True, text=True)
    return done.stdout.strip()


@pytest.fixture
def course(tmp_path: Path) -> tuple[Path, str]:
    """A course of two languages, each with two videos' subtitles, and its first commit."""
    root = tmp_path / "course"
    for language in ("en", "fr"):
        (root / "subtitles" / language).mkdir(parents=True)
        for name in ("01_a.srt", "02_b.srt"):
            (root / "subtitles" / language / name).write_text(SUBTITLE, encoding="utf-8")
    (root / "README.md").write_text("# Course\n", encoding="utf-8")
    _git(root, "init", "-q", ".")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "course")
    return root, _git(root, "rev-parse", "HEAD")


def _since(root: Path, base: str) -> tuple[int, list[tuple[str, str]]]:
    done = CliRunner().invoke(cli, ["check", "--root", str(root), "--since", base,
                                    "--format", "json"])
    assert "Traceback" not in done.output
    found = json.loads(done.stdout)["diagnostics"]
    return done.exit_code, sorted((d["path"], d["rule"]) for d in found)


def test_files_a_change_deleted_are_no_findings(course: tuple[Path, str]) -> None:
    root, base = course
    _git(root, "rm", "-q", "subtitles/en/02_b.srt", "README.md")
    _git(root, "commit", "-q", "-m", "one video less")
    (root / "subtitles" / "en" / "03_c.srt").write_text(SUBTITLE, encoding="utf-8")  # no fr yet
    code, found = _since(root, base)
    assert [rule for _, rule in found if rule == "CFG005"] == []
    assert code == 0, found


def test_what_remains_of_a_deleted_source_is_still_checked(course: tuple[Path, str]) -> None:
    root, base = course
    (root / "subtitles" / "fr" / "02_b.srt").write_text(OVERLAP, encoding="utf-8")
    _git(root, "commit", "-q", "-am", "an overlap in French")
    base = _git(root, "rev-parse", "HEAD")
    _git(root, "rm", "-q", "subtitles/en/02_b.srt")
    _git(root, "commit", "-q", "-m", "the English video goes")
    code, found = _since(root, base)
    assert ("subtitles/fr/02_b.srt", "SUB104") in found
    assert code == 1


def test_with_lang_the_other_languages_changes_are_not_reported_unchecked(
    course: tuple[Path, str],
) -> None:
    root, base = course
    for language in ("en", "fr"):
        (root / "subtitles" / language / "01_a.srt").write_text(OVERLAP, encoding="utf-8")
    done = CliRunner().invoke(cli, ["check", "--root", str(root), "--since", base,
                                    "--lang", "fr", "--format", "json"])
    found = {(d["path"], d["rule"]) for d in json.loads(done.stdout)["diagnostics"]}
    assert ("subtitles/fr/01_a.srt", "SUB104") in found
    assert {path for path, _ in found} == {"subtitles/fr/01_a.srt"}  # no CFG006 for en
    assert done.exit_code == 1


def test_a_changed_file_outside_the_course_folders_is_no_finding(
        course: tuple[Path, str]) -> None:
    root, base = course
    (root / "README.md").write_text("# Course, renamed\n", encoding="utf-8")
    (root / "Makefile").write_text("all:\n", encoding="utf-8")
    code, found = _since(root, base)
    assert (code, found) == (0, [])  # the run's own files, not named by anyone: no CFG006
    (root / "subtitles" / "fr" / "01_a.srt").write_text(OVERLAP, encoding="utf-8")
    code, found = _since(root, base)
    assert code == 1
    assert {path for path, _ in found} == {"subtitles/fr/01_a.srt"}
    assert ("subtitles/fr/01_a.srt", "SUB104") in found


TOCTREE = ("- title: One\n  sections:\n  - local: chapter1/1\n    title: A\n"
           "  - local: chapter1/2\n    title: B\n")


@pytest.mark.parametrize("listed", [True, False])
def test_a_deleted_lesson_its_toctree_still_lists_is_found(tmp_path: Path, listed: bool) -> None:
    root = tmp_path / "course"
    (root / "content/en/chapter1").mkdir(parents=True)
    for name in ("1", "2"):
        (root / f"content/en/chapter1/{name}.mdx").write_text(f"# {name}\n", encoding="utf-8")
    (root / "content/en/_toctree.yml").write_text(TOCTREE, encoding="utf-8")
    _git(root, "init", "-q", ".")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "course")
    base = _git(root, "rev-parse", "HEAD")
    _git(root, "rm", "-q", "content/en/chapter1/2.mdx")
    if not listed:  # the clean counterpart: the toctree loses the section with its lesson
        (root / "content/en/_toctree.yml").write_text(TOCTREE.rsplit("  - local", 1)[0],
                                                     encoding="utf-8")
    code, found = _since(root, base)
    assert found == ([("content/en/_toctree.yml", "LES154")] if listed else [])
    assert code == (1 if listed else 0)
