"""A language folder that cannot be entered, for real: ``check`` names it (``CFG007``)
and checks the other languages, where the translation check stopped the whole run on
the ``stat`` of its toctree (exit 2, one line, no finding); ``fix lessons`` and ``fix
drift`` name it and exit 1, where they passed over its lessons and exited 0, and ``fix
subtitles`` a subtitle folder alike.

Root passes every permission, so as root the command runs without the capabilities
that let it (``setpriv``); as another user a folder of mode 000 refuses it already."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

TOCTREE = "- title: Chapter 1\n  sections:\n  - local: chapter1/1\n    title: One\n"
LESSON = "# One\n\n```py\nprint(1)\n```\n"
SRT = "1\n00:00:01,000 --> 00:00:03,000\nHello there.\n\n"
NO_OVERRIDE = "-dac_override,-dac_read_search"


def write_languages(root: Path, toctree: str = TOCTREE,
                    chapters: tuple[str, ...] = ("chapter1",)) -> Path:
    """A course in English and French: the lesson ``chapter1/1.mdx``, the folders of
    ``chapters``, ``toctree`` and one subtitle file in each language."""
    for language in ("en", "fr"):
        for chapter in chapters:
            (root / "content" / language / chapter).mkdir(parents=True)
        (root / "content" / language / "chapter1/1.mdx").write_text(LESSON, encoding="utf-8")
        (root / "content" / language / "_toctree.yml").write_text(toctree, encoding="utf-8")
        (root / "subtitles" / language).mkdir(parents=True)
        (root / "subtitles" / language / "01_a.srt").write_text(SRT, encoding="utf-8")
    (root / "coursekit.toml").write_text('source-language = "en"\n', encoding="utf-8")
    return root


def deny(course: Path, folder: str) -> None:
    """``folder`` of the course made unreadable (mode 000); skipped where this user may
    read it all the same."""
    (course / folder).chmod(0)
    if os.access(course / folder, os.R_OK) and os.geteuid() != 0:
        pytest.skip("this user may read a folder of mode 000")


@pytest.fixture
def course(tmp_path: Path) -> Iterator[Path]:
    root = write_languages(tmp_path / "course")
    yield root
    for folder in ("content/fr", "subtitles/fr"):
        (root / folder).chmod(0o755)  # so that pytest can remove it


def _check(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``coursekit check`` in a process that the folder permissions bind."""
    return run_bound(root, "check", "--format", "json", *args)


def run_bound(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``coursekit ARGS --root ROOT`` in a process that the folder permissions bind."""
    command = [sys.executable, "-m", "coursekit", *args, "--root", str(root)]
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: no permission can be denied")
        command = [setpriv, f"--inh-caps={NO_OVERRIDE}", f"--bounding-set={NO_OVERRIDE}",
                   *command]
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=120)


def _rules(done: subprocess.CompletedProcess[str]) -> list[tuple[str, str]]:
    return [(f["rule"], f["path"]) for f in json.loads(done.stdout)["diagnostics"]]


@pytest.mark.parametrize("args", [(), ("--no-cache",), ("lessons",), ("lessons", "--no-cache")])
def test_a_language_folder_that_cannot_be_entered_is_named_and_the_others_checked(
    course: Path, args: tuple[str, ...],
) -> None:
    deny(course, "content/fr")
    done = _check(course, *args)
    assert done.returncode == 1, done.stderr
    assert "Permission denied" not in done.stderr
    assert ("CFG007", "content/fr") in _rules(done)
    assert "content/en/chapter1/1.mdx" in json.loads(done.stdout)["checked"]


@pytest.mark.parametrize("args", [(), ("--no-cache",), ("subtitles",)])
def test_a_subtitle_language_folder_that_cannot_be_entered_is_named(
    course: Path, args: tuple[str, ...],
) -> None:
    deny(course, "subtitles/fr")
    done = _check(course, *args)
    assert done.returncode == 1, done.stderr
    assert "Permission denied" not in done.stderr  # its metadata.csv stopped the run
    assert ("CFG007", "subtitles/fr") in _rules(done)
    assert "subtitles/en/01_a.srt" in json.loads(done.stdout)["checked"]


@pytest.mark.parametrize("args", [(), ("--no-cache",)])
def test_a_language_folder_that_can_be_entered_has_no_such_finding(
    course: Path, args: tuple[str, ...],
) -> None:
    done = _check(course, *args)
    assert done.returncode == 0, done.stdout + done.stderr
    assert not [rule for rule, _ in _rules(done) if rule == "CFG007"]


FIXES = [("fix", "lessons"), ("fix", "lessons", "--check"), ("fix", "drift", "--no-verify")]


@pytest.mark.parametrize("fix", FIXES)
def test_a_fix_names_a_lesson_folder_it_cannot_list_and_exits_1(
    course: Path, fix: tuple[str, ...],
) -> None:
    deny(course, "content/fr")
    done = run_bound(course, *fix)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "content/fr: cannot list the folder: Permission denied; its lessons are not" \
        in done.stderr


@pytest.mark.parametrize("fix", FIXES)
def test_a_fix_of_a_course_it_can_list_exits_0(course: Path, fix: tuple[str, ...]) -> None:
    done = run_bound(course, *fix)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "cannot list" not in done.stderr


@pytest.mark.parametrize("fix", [("fix", "subtitles"), ("fix", "subtitles", "--check")])
def test_fix_subtitles_names_a_folder_it_cannot_list_and_exits_1(
    course: Path, fix: tuple[str, ...],
) -> None:
    deny(course, "subtitles/fr")
    done = run_bound(course, *fix)
    assert done.returncode == 1, done.stdout + done.stderr
    assert ("subtitles/fr: cannot list the folder: Permission denied; its subtitle files are "
            "not fixed") in done.stderr


@pytest.mark.parametrize("fix", [("fix", "subtitles"), ("fix", "subtitles", "--check")])
def test_fix_subtitles_of_folders_it_can_list_exits_0(course: Path, fix: tuple[str, ...]) -> None:
    done = run_bound(course, *fix)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "cannot list" not in done.stderr
