"""A course kept in a folder of another project's git checkout: its history is read
where the configuration says ``history = true`` (``fix translations`` as ``check``
does), and where it says nothing the run says that history could judge it, instead of
judging by structure alone in silence. On a history planted with real ``git``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.translations.check import coverage
from tests.fixes.test_fix_translations import EN, FR
from tests.git_history import git, write
from tests.translations.test_trn_freshness import TOCTREE

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

RATE = ("play(clips[0])", "play(clips[0], rate=16000)")


def _nested(tmp_path: Path, config: str) -> Path:
    """A project at ``tmp_path`` whose ``docs/course`` holds a course and its French
    translation, then a commit that changes the source's code; the course's root."""
    course = tmp_path / "docs" / "course"
    git(tmp_path, "init", "-q", "-b", "main")
    write(course, {"en/_toctree.yml": TOCTREE, "fr/_toctree.yml": TOCTREE,
                   "en/chapter1/1.mdx": EN, "fr/chapter1/1.mdx": FR})
    (course / "coursekit.toml").write_text(config, encoding="utf-8")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-q", "-m", "Course")
    write(course, {"en/chapter1/1.mdx": EN.replace(*RATE)})
    git(tmp_path, "commit", "-q", "-am", "Rate", date="2024-02-01T12:00:00")
    return course


def _fix(course: Path) -> Result:
    return CliRunner().invoke(cli, ["fix", "translations", "--root", str(course), "--check"])


def test_history_true_lets_fix_translations_read_the_project_s_history(
        tmp_path: Path) -> None:
    course = _nested(tmp_path, "[translations]\nhistory = true\n")
    done = _fix(course)
    assert done.exit_code == 1, done.output
    assert "would sync content/fr/chapter1/1.mdx (1 code block(s))" in done.output
    assert coverage(Corpus(Course.open(course))).history == "whole"


@pytest.mark.parametrize(("config", "said", "read"), [
    ("", "read with `history = true` under [tool.coursekit.translations]", "inside"),
    ("[translations]\nhistory = false\n", "the configuration turns it off (`history = false`)",
     "none"),
])
def test_history_not_read_is_said_so_with_what_would_read_it(
        tmp_path: Path, config: str, said: str, read: str) -> None:
    course = _nested(tmp_path, config)
    done = _fix(course)
    assert done.exit_code == 2, done.output
    assert said in done.output
    assert coverage(Corpus(Course.open(course))).history == read
    shown = CliRunner().invoke(cli, ["coverage", "--root", str(course)]).output
    warned = "the course lies in a folder of a git checkout, not at its top" in shown
    assert warned is (read == "inside")  # history = false asks for structure alone
