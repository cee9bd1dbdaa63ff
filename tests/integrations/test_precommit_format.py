"""The ``coursekit-format`` hook of ``.pre-commit-hooks.yaml``, run by pre-commit on a
course repository: it formats the code of the commit's lessons, which stops the
commit until the formatted files are added."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import copy_course
from .test_precommit import _commit, _env, _git, _hook_repository

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

FRENCH_LESSON = "content/fr/chapter3/4.mdx"
ENGLISH_LESSON = "content/en/chapter3/4.mdx"
UNFORMATTED = "tokenized_datasets = tokenized_datasets.remove_columns([\"sentence1\""


def test_the_hook_formats_the_commits_lessons_only(tmp_path: Path) -> None:
    env = _env(tmp_path)
    rev = _hook_repository(tmp_path / "hooks", env)
    course = copy_course(tmp_path / "course")
    (course / ".pre-commit-config.yaml").write_text(
        f"repos:\n- repo: {tmp_path / 'hooks'}\n  rev: {rev}\n  hooks:\n"
        "  - id: coursekit-format\n    language: system\n", encoding="utf-8")
    _git(course, env, "init", "-q", "-b", "main")
    _git(course, env, "add", ".")
    _git(course, env, "commit", "-q", "-m", "course")
    subprocess.run([sys.executable, "-m", "pre_commit", "install"], cwd=course, env=env,
                   capture_output=True, check=True)
    lesson = course / FRENCH_LESSON
    assert UNFORMATTED in lesson.read_text(encoding="utf-8")
    lesson.write_text(lesson.read_text(encoding="utf-8") + "\nUne phrase de plus.\n",
                      encoding="utf-8")
    _git(course, env, "add", FRENCH_LESSON)
    refused = _commit(course, env)
    output = refused.stdout + refused.stderr
    assert refused.returncode == 1, output
    assert "files were modified by this hook" in output
    assert UNFORMATTED not in lesson.read_text(encoding="utf-8")
    assert UNFORMATTED in (course / ENGLISH_LESSON).read_text(encoding="utf-8")
    _git(course, env, "add", FRENCH_LESSON)
    done = _commit(course, env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert _git(course, env, "rev-list", "--count", "HEAD") == "2"
