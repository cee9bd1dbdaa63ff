"""The versions of a lesson file that the history reads: known by their object ids from
the raw log where a commit touched the file, and each equal to what git itself says the
file was at that commit (or at its first parent)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from coursekit.translations.history import Commit, History
from tests.git_history import commit, git, plant

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

LESSON = "# Sounds\n\n```py\nimport datasets\nclips = datasets.load_dataset('clips')\n```\n"
MORE = LESSON + "\n## Playing one\n\n```py\nplay(clips[0])\n```\n"


def _open(root: Path) -> History:
    history = History.open(root, "content")
    assert history is not None
    return history


def _git_says(root: Path, sha: str, name: str) -> str | None:
    """The object id git gives for ``name`` at ``sha``; None where it is absent."""
    listed = git(root, "ls-tree", sha, "--", name)
    return listed.split()[2] if listed else None


def _course(tmp_path: Path) -> tuple[Path, list[str]]:
    """A lesson created, changed, renamed with an edit, then changed again; before each
    of the last two, a commit of another lesson (a parent that did not touch it)."""
    root = tmp_path / "course"
    shas = [plant(root, {"en/1.mdx": LESSON}, "A lesson")]
    shas.append(commit(root, {"en/1.mdx": MORE}, "Playing one", "2024-02-01T12:00:00"))
    commit(root, {"en/2.mdx": LESSON}, "Another lesson", "2024-02-15T12:00:00")
    git(root, "mv", "content/en/1.mdx", "content/en/sounds.mdx")
    shas.append(commit(root, {"en/sounds.mdx": MORE + "\nListen.\n"}, "Renamed, one line more",
                       "2024-03-01T12:00:00"))
    commit(root, {"en/2.mdx": MORE}, "Another lesson, more", "2024-03-15T12:00:00")
    shas.append(commit(root, {"en/sounds.mdx": MORE.replace("[0]", "[1]")}, "The second clip",
                       "2024-04-01T12:00:00"))
    return root, shas


def _versions(history: History, path: str) -> list[tuple[Commit, str]]:
    """Each commit that touched ``path`` and its first parent, with the name the file has
    at each (as the history names it)."""
    found: list[tuple[Commit, str]] = []
    for touched in history.commits[path]:
        found.append((touched, history.name_at(path, touched)))
        parent = history.parent(touched)
        if parent is not None:
            found.append((parent, history.name_at(path, parent)))
    return found


def test_every_version_read_is_the_one_git_gives(tmp_path: Path) -> None:
    root, shas = _course(tmp_path)
    history = _open(root)
    path = "content/en/sounds.mdx"
    assert [c.sha for c in history.commits[path]] == shas[::-1]
    try:
        for at, name in _versions(history, path):
            found = history.blob_at(at, path)
            assert (found[0] if found else None) == _git_says(root, at.sha, name), (at, name)
            if found is not None:
                assert found[1] is not None
                assert found[1].decode().strip() == git(root, "cat-file", "blob", found[0])
    finally:
        history.close()


def test_a_version_known_by_its_id_is_not_read_again(tmp_path: Path) -> None:
    root, shas = _course(tmp_path)
    history = _open(root)
    path = "content/en/sounds.mdx"
    changed = next(c for c in history.commits[path] if c.sha == shas[1])
    created = history.commits[path][-1]
    try:
        oid = git(root, "rev-parse", f"{shas[1]}:content/en/1.mdx")
        assert history.blob_at(changed, path, known={oid}) == (oid, None)
        parent = history.parent(created)
        assert parent is None  # the first commit: nothing before it
        # The lesson before the commit that changed it, and after: ids from the log,
        # and a file absent before the commit that created it, all without asking git.
        before = history.parent(changed)
        assert before is not None
        assert history.blob_at(before, path, known={oid, git(
            root, "rev-parse", f"{shas[0]}:content/en/1.mdx")}) is not None
        assert not history._blobs.started
        # Its counterpart: a version not known yet is read.
        assert history.blob_at(changed, path) == (oid, MORE.encode())
        assert history._blobs.started
    finally:
        history.close()


def test_a_file_created_by_a_commit_is_absent_at_its_parent(tmp_path: Path) -> None:
    root = tmp_path / "course"
    plant(root, {"en/1.mdx": LESSON}, "A lesson")
    added = commit(root, {"en/2.mdx": MORE}, "A second lesson", "2024-02-01T12:00:00")
    history = _open(root)
    try:
        [created] = history.commits["content/en/2.mdx"]
        assert created.sha == added
        parent = history.parent(created)
        assert parent is not None
        assert history.blob_at(parent, "content/en/2.mdx") is None
        assert not history._blobs.started  # known from the log: git was not asked
        # Its counterpart: the other lesson was there, and is read.
        first = history.blob_at(parent, "content/en/1.mdx")
        assert first is not None
        assert first[1] == LESSON.encode()
    finally:
        history.close()


def test_the_graph_holds_every_commit_those_outside_the_folder_too(tmp_path: Path) -> None:
    root, _ = _course(tmp_path)
    (root / "README.md").write_text("About.\n", encoding="utf-8")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "Outside the lessons", date="2024-05-01T12:00:00")
    history = _open(root)
    graph = git(root, "log", "--format=%H %P").splitlines()
    assert history.parents == {sha: tuple(parents) for sha, *parents in map(str.split, graph)}
    outside = git(root, "rev-parse", "HEAD")
    assert all(c.sha != outside for found in history.commits.values() for c in found)
    assert set(history.commits) == {"content/en/sounds.mdx", "content/en/2.mdx"}


def test_a_course_inside_a_checkout_names_its_files_from_its_own_root(tmp_path: Path) -> None:
    root, shas = _course(tmp_path)
    commit(root, {"english/3.mdx": LESSON}, "A folder beside, its name longer",
           "2024-05-01T12:00:00")
    history = History.open(root / "content", "en", nested=True)
    assert history is not None
    assert set(history.commits) == {"en/sounds.mdx", "en/2.mdx"}
    assert [c.sha for c in history.commits["en/sounds.mdx"]] == shas[::-1]
    found = history.blob_at(history.commits["en/sounds.mdx"][-1], "en/sounds.mdx")
    history.close()
    assert found is not None
    assert found[0] == _git_says(root, shas[0], "content/en/1.mdx")


def _changed_by_diff(root: Path, folder: str) -> frozenset[str]:
    """What differs from the last commit as ``git diff HEAD`` and the untracked files
    say it: the working tree against the commit, whatever the index holds."""
    listed = (git(root, "diff", "--name-only", "--no-renames", "--relative", "HEAD", "--",
                  folder) + "\n" + git(root, "ls-files", "--others", "--exclude-standard",
                                        "--", folder))
    return frozenset(line for line in listed.splitlines() if line)


def _stage_edits(root: Path) -> None:
    """Every way a file can differ from the last commit, or seem to."""
    content = root / "content"
    (content / "en/sounds.mdx").write_text("staged\n", encoding="utf-8")
    git(root, "add", "content/en/sounds.mdx")
    (content / "en/sounds.mdx").write_text(MORE.replace("[0]", "[1]"), encoding="utf-8")
    (content / "en/2.mdx").write_text("edited\n", encoding="utf-8")
    (content / "en/new.mdx").write_text("new\n", encoding="utf-8")
    (content / "en/staged.mdx").write_text("new, staged\n", encoding="utf-8")
    git(root, "add", "content/en/staged.mdx")


def test_a_file_staged_then_reverted_is_not_changed_now(tmp_path: Path) -> None:
    root, _ = _course(tmp_path)
    _stage_edits(root)
    history = _open(root)
    history.close()
    assert history.changed == {"content/en/2.mdx", "content/en/new.mdx",
                               "content/en/staged.mdx"}
    assert history.changed == _changed_by_diff(root, "content")


def test_what_git_status_alone_answers_is_what_the_diff_says(tmp_path: Path) -> None:
    root, _ = _course(tmp_path)
    _stage_edits(root)
    git(root, "reset", "-q", "content/en/sounds.mdx")  # no file staged and edited again
    (root / "content/en/sounds.mdx").write_text("staged\n", encoding="utf-8")
    git(root, "add", "content/en/sounds.mdx")
    git(root, "rm", "-q", "--cached", "content/en/2.mdx")
    history = _open(root)
    history.close()
    assert history.changed == {"content/en/sounds.mdx", "content/en/2.mdx",
                               "content/en/new.mdx", "content/en/staged.mdx"}
    assert history.changed == _changed_by_diff(root, "content")
    nested = History.open(root / "content", "en", nested=True)
    assert nested is not None
    nested.close()
    assert nested.changed == _changed_by_diff(root / "content", "en")
    assert nested.changed == {"en/sounds.mdx", "en/2.mdx", "en/new.mdx", "en/staged.mdx"}
