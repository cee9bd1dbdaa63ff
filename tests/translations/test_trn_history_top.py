"""Whose history a course is judged by: its own checkout's, known from its ``.git``
without asking git, or the one git finds where the ``.git`` cannot say (a variable puts
the repository elsewhere); never the log of a project that merely holds the course."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from coursekit.translations.history import History
from tests.git_history import commit, git, plant

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

LESSON = "# Sounds\n\n```py\nclips = load('clips')\n```\n"


def _opened(root: Path, folder: str = "content", *, nested: bool = False) -> History | None:
    history = History.open(root, folder, nested=nested)
    if history is not None:
        history.close()
    return history


def _logged(root: Path) -> list[str] | None:
    """The commits of the lesson ``content/en/1.mdx`` in ``root``'s history; None without one."""
    history = _opened(root)
    return None if history is None else [c.sha for c in history.commits["content/en/1.mdx"]]


def test_a_checkout_of_its_own_is_read(tmp_path: Path) -> None:
    root = tmp_path / "course"
    sha = plant(root, {"en/1.mdx": LESSON}, "A lesson")
    assert _logged(root) == [sha]


def test_a_worktree_whose_git_is_a_file_is_a_checkout_of_its_own(tmp_path: Path) -> None:
    root = tmp_path / "course"
    plant(root, {"en/1.mdx": LESSON}, "A lesson")
    sha = commit(root, {"en/1.mdx": LESSON + "\nMore.\n"}, "More", "2024-02-01T12:00:00")
    other = tmp_path / "other"
    git(root, "worktree", "add", "-q", "--detach", str(other), "HEAD~1")
    assert (other / ".git").is_file()
    history = _opened(other)
    assert history is not None
    # Its own checkout: the commit after its HEAD is not in its log.
    assert sha not in {c.sha for c in history.commits["content/en/1.mdx"]}


def test_a_course_inside_another_checkout_has_no_history_of_its_own(tmp_path: Path) -> None:
    root = tmp_path / "project"
    plant(root, {"en/1.mdx": LESSON}, "A lesson")
    assert _opened(root / "content", "en") is None
    # A .git folder that is no repository (no HEAD) does not make it a checkout.
    (root / "content" / ".git").mkdir()
    assert _opened(root / "content", "en") is None
    # Its counterpart: asked for, the project's history of the folder.
    nested = _opened(root / "content", "en", nested=True)
    assert nested is not None
    assert set(nested.commits) == {"en/1.mdx"}


def test_a_repository_kept_elsewhere_is_found_by_git(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "course"
    sha = plant(root, {"en/1.mdx": LESSON}, "A lesson")
    store = tmp_path / "store.git"
    (root / ".git").rename(store)
    assert _opened(root) is None  # no .git: no checkout
    monkeypatch.setenv("GIT_DIR", str(store))
    monkeypatch.setenv("GIT_WORK_TREE", str(root))
    assert _logged(root) == [sha]


def test_a_git_path_that_is_a_fifo_is_no_checkout_and_does_not_block(tmp_path: Path) -> None:
    root = tmp_path / "project"
    plant(root, {"en/1.mdx": LESSON}, "A lesson")
    os.mkfifo(root / "content" / ".git")
    assert _opened(root / "content", "en") is None
    # Its counterpart: a gitdir file there makes it the top of a checkout (a worktree).
    (root / "content" / ".git").unlink()
    other = tmp_path / "other"
    git(root, "worktree", "add", "-q", "--detach", str(other))
    assert _opened(other) is not None
