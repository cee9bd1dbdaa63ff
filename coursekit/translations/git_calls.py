"""The git commands the history of a course's lessons runs beside ``git log``: one
command's output, and which files differ from the last commit (or from a revision)
now, edited, staged or new; and what needs no command: whether a folder is the top of
a checkout of its own, as its ``.git`` says.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import IO

from coursekit.files import read_regular


def git_output(git: str, root: Path, *args: str) -> str | None:
    """The output of one git command in ``root``; None when it fails (no checkout)."""
    try:
        done = subprocess.run([git, "-c", "core.quotepath=false", "-C", str(root), *args],
                              capture_output=True,
                              check=False, timeout=120)
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    return done.stdout.decode("utf-8", "replace")


_ONE_SIDE = frozenset({" M", " D", " T", "M ", "A ", "D ", "T ", "??"})
"""The states ``git status`` gives a file that differs from the last commit for certain:
changed in the index or in the working tree but not in both, or new."""


def changed_now(git: str, root: Path, folder: str, prefix: str) -> frozenset[str]:
    """The paths under ``folder`` that differ from the last commit (edited, staged or
    new), relative to ``root`` (``prefix`` in its checkout). One ``git status`` answers,
    unless a file was changed in the index and then in the working tree (maybe back to
    the last commit's text: staged, then reverted) or is unmerged: then the working tree
    is compared with the last commit (``git diff HEAD``), as for every file before."""
    status = git_output(git, root, "--no-optional-locks", "status", "--porcelain",
                  "--untracked-files=all", "--no-renames", "--", folder)
    found: list[str] = []
    for line in (status or "").splitlines():
        if line[:2] not in _ONE_SIDE or not line[3:].startswith(prefix):
            status = None
            break
        found.append(line[3 + len(prefix):])
    if status is not None:
        return frozenset(found)
    edited = git_output(git, root, "diff", "--name-only", "--no-renames", "--relative", "HEAD",
                  "--", folder) or ""
    new = git_output(git, root, "ls-files", "--others", "--exclude-standard", "--", folder) or ""
    return frozenset(line for line in (*edited.splitlines(), *new.splitlines()) if line)


def changed_since(root: Path, revision: str) -> frozenset[str] | None:
    """Paths (relative to ``root``) that differ from ``revision``, committed or not,
    new files included; None when ``revision`` cannot be read."""
    git = shutil.which("git")
    if git is None:
        return None
    diff = git_output(git, root, "diff", "--name-only", "--no-renames", "--relative",
                      revision, "--")
    if diff is None:
        return None
    new = git_output(git, root, "ls-files", "--others", "--exclude-standard") or ""
    return frozenset(line for line in (*diff.splitlines(), *new.splitlines()) if line)


def why_unreadable(git: str, root: Path, *log_options: str) -> str | None:
    """Why git reads no history of the checkout at ``root``, in git's own words (its
    first line, untranslated): a repository it refuses (owned by another user), a
    damaged one, options it does not know. None where the branch has no commit yet:
    nothing to read."""
    try:
        done = subprocess.run([git, "-C", str(root), "log", "-1", *log_options],
                              capture_output=True, check=False, timeout=120,
                              env={**os.environ, "LC_ALL": "C"})
    except (OSError, subprocess.SubprocessError) as exc:
        return f"git cannot run: {exc}"
    said = done.stderr.decode("utf-8", "replace").strip().splitlines()
    if done.returncode == 0 or any("does not have any commits yet" in line for line in said):
        return None
    return said[0] if said else f"git log exited with status {done.returncode}"


def is_shallow(root: Path) -> bool:
    """Whether the checkout at ``root`` is a shallow clone (its oldest commits cut off)."""
    git = shutil.which("git")
    found = None if git is None else git_output(git, root, "rev-parse",
                                                "--is-shallow-repository")
    return (found or "").strip() == "true"


_GIT_PLACES = ("GIT_DIR", "GIT_WORK_TREE")
"""Variables that put a checkout's repository or top folder elsewhere than its .git says."""


def own_checkout(root: Path) -> bool | None:
    """Whether ``root`` is the top folder of a checkout of its own, as its ``.git`` says:
    True for a repository folder (with its ``HEAD``) or a ``gitdir:`` file (a worktree,
    a submodule), False for none; None where only git can tell (a variable puts the
    checkout elsewhere)."""
    if any(name in os.environ for name in _GIT_PLACES):
        return None
    dot_git = root / ".git"
    try:
        if dot_git.is_dir():
            return (dot_git / "HEAD").is_file()
        return read_regular(dot_git, limit=4096).startswith(b"gitdir: ")
    except OSError:  # absent, a FIFO or a device, too large (TooLarge)
        return False


def read_exactly(stream: IO[bytes], size: int) -> bytes:
    """``size`` bytes of ``stream`` (fewer where it ends first)."""
    parts: list[bytes] = []
    while size > 0:
        chunk = stream.read(size)
        if not chunk:
            break
        parts.append(chunk)
        size -= len(chunk)
    return b"".join(parts)


def enclosing_checkout(root: Path) -> Path | None:
    """The top folder of the git checkout that ``root`` lies in a folder of (``root``
    itself not being one), as the ``.git`` of a folder above says; None where there is
    none."""
    for folder in root.resolve().parents:
        if own_checkout(folder):
            return folder
    return None


def in_checkout(root: Path) -> bool:
    """Whether ``root`` is a git checkout or lies in a folder of one (as the ``.git`` of
    it or of a folder above says; where a variable puts the checkout elsewhere, git
    alone can tell, and it is taken to be one)."""
    return own_checkout(root) is not False or enclosing_checkout(root) is not None
