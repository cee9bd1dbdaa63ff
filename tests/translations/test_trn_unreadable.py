"""A git checkout whose history git does not read (damaged, owned by another user, no
git at all) is judged by structure, and the run says why once (``TRN008``); a branch
with no commit yet, and a course that turns history off, hear nothing of it."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli, main
from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.translations.check import check_translations
from tests.git_history import commit, git, plant, write
from tests.translations.test_trn_freshness import LOAD, LOAD_FR, TOCTREE, TRAIN_SPLIT

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

FILES = {"en/_toctree.yml": TOCTREE, "fr/_toctree.yml": TOCTREE,
         "en/chapter1/1.mdx": LOAD, "fr/chapter1/1.mdx": LOAD_FR}


@pytest.fixture
def course(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A translation left behind by its source's split, in a history of two commits;
    git reads no configuration of the machine's (no ``safe.directory`` of its own)."""
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", os.devnull)
    monkeypatch.setenv("GIT_CONFIG_SYSTEM", os.devnull)
    root = tmp_path / "course"
    plant(root, FILES, "First")
    commit(root, {"en/chapter1/1.mdx": TRAIN_SPLIT}, "Split", "2024-02-01T12:00:00")
    return root


def _history_rules(root: Path, capsys: pytest.CaptureFixture[str]) -> list[tuple[str, str]]:
    """(rule, message) of the history findings, from the library and from the cached
    command alike."""
    found = [(d.rule, d.message) for d in check_translations(Corpus(Course.open(root))).diagnostics
             if d.rule in ("TRN005", "TRN007", "TRN008")]
    main(["check", "lessons", "--root", str(root), "--format", "json"])
    cached = [(d["rule"], d["message"]) for d in json.loads(capsys.readouterr().out)["diagnostics"]
              if d["rule"] in ("TRN005", "TRN007", "TRN008")]
    assert cached == found
    return found


def test_a_readable_history_judges_and_says_nothing_of_itself(
        course: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert [rule for rule, _ in _history_rules(course, capsys)] == ["TRN005"]


def test_a_damaged_repository_is_named_and_judged_by_structure(
        course: Path, capsys: pytest.CaptureFixture[str]) -> None:
    objects = course / ".git" / "objects"
    for folder in objects.iterdir():
        if folder.name not in ("info", "pack"):
            shutil.rmtree(folder)
    [(rule, message)] = _history_rules(course, capsys)
    assert rule == "TRN008"
    assert "git history cannot be read (fatal: bad object HEAD)" in message


def test_a_repository_owned_by_another_user_is_named(
        course: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if os.geteuid() != 0:
        pytest.skip("giving the checkout to another user needs root")
    for folder, _, files in os.walk(course):
        for name in (folder, *(os.path.join(folder, f) for f in files)):
            os.chown(name, 65534, 65534)
    [(rule, message)] = _history_rules(course, capsys)
    assert rule == "TRN008"
    assert "dubious ownership" in message


def test_without_git_on_the_path_the_run_says_so(
        course: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bin").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    [(rule, message)] = _history_rules(course, capsys)
    assert rule == "TRN008"
    assert "(git is not on PATH)" in message


def test_a_branch_with_no_commit_yet_has_nothing_to_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "course"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    write(root, FILES)
    assert _history_rules(root, capsys) == []


def test_history_turned_off_is_no_problem(
        course: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.rmtree(course / ".git" / "objects")
    (course / "coursekit.toml").write_text(
        'source-language = "en"\n[translations]\nhistory = false\n', encoding="utf-8")
    assert _history_rules(course, capsys) == []


def test_coverage_says_its_states_are_judged_by_structure(
        course: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["coverage", "--root", str(course), "--format", "json"])
    assert json.loads(capsys.readouterr().out)["history"] == "whole"
    shutil.rmtree(course / ".git" / "objects")
    main(["coverage", "--root", str(course), "--format", "json"])
    assert json.loads(capsys.readouterr().out)["history"] == "unreadable"
    main(["coverage", "--root", str(course)])
    assert "history git does not read" in capsys.readouterr().out


def test_fix_translations_names_why_it_has_no_history(course: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    plain = tmp_path / "plain"
    shutil.copytree(course, plain, ignore=shutil.ignore_patterns(".git"))
    shutil.rmtree(course / ".git" / "objects")
    for root, why in ((course, "git does not read it: fatal:"),
                      (plain, "--root is not the top folder of a git checkout")):
        done = runner.invoke(cli, ["fix", "translations", "--root", str(root), "--dry-run"])
        assert done.exit_code == 2
        assert why in done.output


@pytest.mark.parametrize("path", [True, False], ids=["git", "no-git"])
def test_history_asked_for_outside_a_checkout_says_why(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        path: bool) -> None:
    root = tmp_path / "course"
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    if not path:
        (tmp_path / "bin").mkdir()
        monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    write(root, FILES)
    assert _history_rules(root, capsys) == []  # no checkout, and no history asked for
    (root / "coursekit.toml").write_text("[translations]\nhistory = true\n", encoding="utf-8")
    [(rule, message)] = _history_rules(root, capsys)
    assert rule == "TRN008"
    assert "the course's git history cannot be read (" in message
    assert ("not a git repository" if path else "git is not on PATH") in message
