"""The hooks of ``.pre-commit-hooks.yaml``, run by pre-commit itself on a course repository.

The hook repository is a local git repository (a clone needs no network); the course
repository's configuration points at it by path and commit, and overrides the hooks'
language to ``system`` so that pre-commit runs the ``coursekit`` of this environment
instead of installing one.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import FRENCH_SRT, REPO, copy_course, plant_overlap

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

FRENCH_LESSON = "content/fr/chapter3/4.mdx"
ITALIAN_SRT = "subtitles/it/01_a-full-training-loop-(pytorch).srt"
UNCLOSED_FENCE = "\n```py\nprint('never closed')\n"


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PRE_COMMIT"))}
    env.update({
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        "PRE_COMMIT_HOME": str(home / "pre-commit-cache"),
        "HOME": str(home),
        "GIT_AUTHOR_NAME": "Course Author", "GIT_AUTHOR_EMAIL": "author@example.org",
        "GIT_COMMITTER_NAME": "Course Author", "GIT_COMMITTER_EMAIL": "author@example.org",
        "GIT_CONFIG_NOSYSTEM": "1",
    })
    return env


def _git(repo: Path, env: dict[str, str], *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=repo, env=env, capture_output=True, text=True,
                          check=True)
    return done.stdout.strip()


def _hook_repository(path: Path, env: dict[str, str]) -> str:
    """A git repository holding this project's hook manifest; returns its commit."""
    path.mkdir()
    shutil.copy(REPO / ".pre-commit-hooks.yaml", path)
    _git(path, env, "init", "-q", "-b", "main")
    _git(path, env, "add", ".")
    _git(path, env, "commit", "-q", "-m", "hooks")
    return _git(path, env, "rev-parse", "HEAD")


@pytest.fixture
def repos(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A course repository whose committed Italian subtitles already have an overlap,
    with pre-commit configured and installed as its git hook."""
    env = _env(tmp_path)
    rev = _hook_repository(tmp_path / "hooks", env)
    course = copy_course(tmp_path / "course")
    italian = course / ITALIAN_SRT
    italian.write_text(italian.read_text("utf-8").replace(
        "00:00:02,919 -->", "00:00:01,000 -->"), encoding="utf-8")
    (course / ".pre-commit-config.yaml").write_text(
        "repos:\n"
        f"- repo: {tmp_path / 'hooks'}\n"
        f"  rev: {rev}\n"
        "  hooks:\n"
        "  - id: coursekit-subtitles\n"
        "    language: system\n"
        "  - id: coursekit-lessons\n"
        "    language: system\n",
        encoding="utf-8",
    )
    _git(course, env, "init", "-q", "-b", "main")
    _git(course, env, "add", ".")
    _git(course, env, "commit", "-q", "-m", "course")
    subprocess.run([sys.executable, "-m", "pre_commit", "install"], cwd=course, env=env,
                   capture_output=True, check=True)
    return course, env


def _commit(course: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "commit", "-m", "translation"], cwd=course, env=env,
                          capture_output=True, text=True, check=False)


def test_a_commit_with_defects_is_refused_for_its_own_files(
    repos: tuple[Path, dict[str, str]],
) -> None:
    course, env = repos
    plant_overlap(course)
    with (course / FRENCH_LESSON).open("a", encoding="utf-8") as lesson:
        lesson.write(UNCLOSED_FENCE)
    _git(course, env, "add", FRENCH_SRT, FRENCH_LESSON)
    done = _commit(course, env)
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert "coursekit check subtitles" in output and "Failed" in output
    assert "SUB104" in output and FRENCH_SRT in output
    assert "LES103" in output and FRENCH_LESSON in output
    assert ITALIAN_SRT not in output  # committed before: not this commit's business
    assert _git(course, env, "rev-list", "--count", "HEAD") == "1"


def test_a_clean_commit_passes(repos: tuple[Path, dict[str, str]]) -> None:
    course, env = repos
    srt = course / FRENCH_SRT
    srt.write_text(srt.read_text("utf-8").replace("(musique entraînante)", "(musique)"),
                   encoding="utf-8")
    lesson = course / FRENCH_LESSON
    lesson.write_text(lesson.read_text("utf-8") + "\nUne phrase de plus.\n", encoding="utf-8")
    _git(course, env, "add", FRENCH_SRT, FRENCH_LESSON)
    done = _commit(course, env)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "coursekit check subtitles....." in output
    assert "coursekit check lessons....." in output
    assert "Failed" not in output and output.count("Passed") == 2
    assert _git(course, env, "rev-list", "--count", "HEAD") == "2"


def test_hooks_skip_commits_without_course_files(repos: tuple[Path, dict[str, str]]) -> None:
    course, env = repos
    (course / "notes.txt").write_text("not course content\n", encoding="utf-8")
    _git(course, env, "add", "notes.txt")
    done = _commit(course, env)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert output.replace(".", "").count("(no files to check)Skipped") == 2
