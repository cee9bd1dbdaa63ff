"""``coursekit fix translations`` in a course with a lesson folder it cannot list, for
real: the folder is named and the run exits 1, where it synced the others and exited 0,
as if the translations in that folder were current. Its counterpart: every folder
listed, the same run is clean.

Root passes every permission, so as root the command runs without the capabilities
that let it (``setpriv``); as another user a folder of mode 000 refuses it already."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.core.test_unenterable_language import deny, run_bound
from tests.fixes.test_fix_translations import EN, FR
from tests.git_history import commit, plant_pair
from tests.translations.test_trn_freshness import TOCTREE

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

HIDDEN = "content/fr/chapter2"


@pytest.fixture
def course(tmp_path: Path) -> Iterator[Path]:
    """Two translated lessons in two chapter folders, both behind their source's code."""
    root = plant_pair(tmp_path / "course", TOCTREE, EN, FR)
    commit(root, {"en/chapter2/1.mdx": EN, "fr/chapter2/1.mdx": FR}, "Chapter 2",
           "2024-01-02T12:00:00")
    played = EN.replace("play(clips[0])", "play(clips[0], rate=16000)")
    commit(root, {"en/chapter1/1.mdx": played, "en/chapter2/1.mdx": played}, "Source",
           "2024-02-01T12:00:00")
    yield root
    (root / HIDDEN).chmod(0o755)  # so that pytest can remove it


def _fix(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``coursekit fix translations`` in a process that the folder permissions bind."""
    return run_bound(root, "fix", "translations", *args)


def test_a_lesson_folder_it_cannot_list_is_named_and_the_run_exits_1(course: Path) -> None:
    deny(course, HIDDEN)
    done = _fix(course)
    assert done.returncode == 1, done.stdout + done.stderr
    assert (f"{HIDDEN}: cannot list the folder: Permission denied; its lessons are not "
            "synced") in done.stderr
    assert "synced content/fr/chapter1/1.mdx (1 code block(s))" in done.stdout


def test_every_folder_listed_the_same_run_is_clean(course: Path) -> None:
    done = _fix(course)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "cannot list" not in done.stderr
    assert "synced content/fr/chapter2/1.mdx (1 code block(s))" in done.stdout
