"""Courses planted with real ``git``: a repository, files written under ``content/`` and
commits at given dates, by a fixed author and with no user or system configuration."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

FIRST_DAY = "2024-01-01T12:00:00"


def git(root: Path, *args: str, date: str = FIRST_DAY) -> str:
    env = {**os.environ, "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date,
           "GIT_AUTHOR_NAME": "A", "GIT_AUTHOR_EMAIL": "a@example.org",
           "GIT_COMMITTER_NAME": "A", "GIT_COMMITTER_EMAIL": "a@example.org",
           "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_SYSTEM": os.devnull}
    done = subprocess.run(["git", "-C", str(root), *args], env=env, check=True,
                          capture_output=True, text=True)
    return done.stdout.strip()


def write(root: Path, files: dict[str, str]) -> None:
    """``files`` (paths under ``content/``) written with their text."""
    for name, text in files.items():
        path = root / "content" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def commit(root: Path, files: dict[str, str], subject: str, date: str) -> str:
    """``files`` written and committed on ``date``; the commit's id."""
    write(root, files)
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", subject, date=date)
    return git(root, "rev-parse", "HEAD")


def plant(root: Path, files: dict[str, str], subject: str, date: str = FIRST_DAY) -> str:
    """A new repository at ``root`` (branch ``main``) whose first commit holds ``files``."""
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "-b", "main")
    return commit(root, files, subject, date)


def plant_pair(root: Path, toctree: str, en: str, fr: str) -> Path:
    """A new repository at ``root`` whose first commit holds a one-lesson course
    (``chapter1/1``) and its French translation, under one ``toctree``; ``root``."""
    plant(root, {"en/_toctree.yml": toctree, "fr/_toctree.yml": toctree,
                 "en/chapter1/1.mdx": en, "fr/chapter1/1.mdx": fr},
          "Course and its French translation")
    return root
