"""The course's log kept between runs: read again from git only as far as it must be,
and always the log that git gives for the commit checked out."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

import pytest

from coursekit.translations import kept_log
from coursekit.translations.git_calls import git_output
from coursekit.translations.kept_log import read_log
from coursekit.translations.log_entries import log_options
from tests.git_history import commit, git, plant
from tests.lessons.test_corpora import CORPORA

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

GIT = shutil.which("git") or "git"
OPTIONS = log_options("")
"""The options the history reads its log with: merges' own changes included."""
BUNDLE = CORPORA / "audio-course.git.bundle"


class _Kept:
    """Logs kept in memory, as the check cache keeps them on disk."""

    def __init__(self) -> None:
        self.entries: dict[tuple[str, ...], tuple[str, str]] = {}

    def recall(self, key: Sequence[str]) -> tuple[str, str] | None:
        return self.entries.get(tuple(key))

    def keep(self, key: Sequence[str], commit: str, log: str) -> None:
        self.entries[tuple(key)] = (commit, log)


@pytest.fixture
def logs_run(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, ...]]:
    """The revisions each ``git log`` was asked for (none: the commit checked out)."""
    ran: list[tuple[str, ...]] = []

    def watched(git_path: str, root: Path, *args: str) -> str | None:
        if args[:1] == ("log",):
            ran.append(tuple(a for a in args[1:] if a not in OPTIONS))
        return git_output(git_path, root, *args)

    monkeypatch.setattr(kept_log, "git_output", watched)
    return ran


@pytest.fixture
def merged(tmp_path: Path) -> Path:
    """A course whose history has a branch merged back."""
    root = tmp_path / "course"
    plant(root, {"en/1.mdx": "# One\n"}, "Start")
    git(root, "checkout", "-q", "-b", "release")
    commit(root, {"en/2.mdx": "# Two\n"}, "On the branch", "2024-01-02T12:00:00")
    git(root, "checkout", "-q", "main")
    commit(root, {"en/1.mdx": "# One, again\n"}, "On main", "2024-01-03T12:00:00")
    git(root, "merge", "-q", "--no-ff", "-m", "Merge release", "release",
        date="2024-01-04T12:00:00")
    return root


def _whole(root: Path) -> str | None:
    return git_output(GIT, root, "log", *OPTIONS)


def test_the_log_at_the_kept_commit_is_not_read_again(
    merged: Path, logs_run: list[tuple[str, ...]],
) -> None:
    kept = _Kept()
    assert read_log(GIT, merged, OPTIONS, kept) == _whole(merged)
    assert read_log(GIT, merged, OPTIONS, kept) == _whole(merged)
    assert logs_run == [()]
    # Its counterpart: without a place to keep it, the log is read each time.
    read_log(GIT, merged, OPTIONS, None)
    assert logs_run == [(), ()]


def test_commits_on_top_of_the_kept_one_are_all_that_is_read(
    merged: Path, logs_run: list[tuple[str, ...]],
) -> None:
    kept = _Kept()
    read_log(GIT, merged, OPTIONS, kept)
    base = git(merged, "rev-parse", "HEAD")
    commit(merged, {"en/3.mdx": "# Three\n"}, "Three", "2024-01-05T12:00:00")
    head = commit(merged, {"en/1.mdx": "# One, once more\n"}, "One", "2024-01-06T12:00:00")
    assert read_log(GIT, merged, OPTIONS, kept) == _whole(merged)
    assert logs_run == [(), (f"{base}..{head}",)]


def test_a_merge_on_top_reads_the_whole_log(
    merged: Path, logs_run: list[tuple[str, ...]],
) -> None:
    kept = _Kept()
    read_log(GIT, merged, OPTIONS, kept)
    git(merged, "checkout", "-q", "-b", "fix", "HEAD~1")
    commit(merged, {"en/4.mdx": "# Four\n"}, "A fix", "2024-01-05T12:00:00")
    git(merged, "checkout", "-q", "main")
    git(merged, "merge", "-q", "--no-ff", "-m", "Merge fix", "fix", date="2024-01-06T12:00:00")
    assert read_log(GIT, merged, OPTIONS, kept) == _whole(merged)
    assert logs_run[-1] == ()


def test_a_rewritten_branch_reads_the_whole_log(
    merged: Path, logs_run: list[tuple[str, ...]],
) -> None:
    kept = _Kept()
    commit(merged, {"en/3.mdx": "# Three\n"}, "Three", "2024-01-05T12:00:00")
    read_log(GIT, merged, OPTIONS, kept)
    git(merged, "reset", "-q", "--hard", "HEAD~1")
    commit(merged, {"en/3.mdx": "# Three, reworded\n"}, "Three", "2024-01-06T12:00:00")
    assert read_log(GIT, merged, OPTIONS, kept) == _whole(merged)
    assert logs_run[-1] == ()


@pytest.mark.skipif(not BUNDLE.is_file(), reason="the audio course's git bundle is absent")
def test_commits_on_top_of_a_real_history_give_its_whole_log(
    tmp_path: Path, logs_run: list[tuple[str, ...]],
) -> None:
    clone = tmp_path / "audio"
    subprocess.run([GIT, "clone", "-q", str(BUNDLE), str(clone)], check=True)
    kept = _Kept()
    read_log(GIT, clone, OPTIONS, kept)
    lesson = next(iter(sorted((clone / "chapters" / "en").rglob("*.mdx"))))
    for number in range(2):
        with lesson.open("a", encoding="utf-8") as file:
            file.write(f"\nOne more line ({number}).\n")
        git(clone, "commit", "-q", "-am", f"More ({number})")
    assert read_log(GIT, clone, OPTIONS, kept) == _whole(clone)
    assert len(logs_run) == 2 and logs_run[1] != ()
