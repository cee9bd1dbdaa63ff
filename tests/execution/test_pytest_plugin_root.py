"""``pytest --coursekit`` without ``--coursekit-root`` finds the course as the command
line finds it: from a lesson folder, or from the paths pytest collects; a root given
still wins."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import cell, notebook, write_course


def _course(root: Path, section: str = "1") -> Path:
    """A course at ``root`` with one notebook (``en/chapter1/<section>.ipynb``) and its
    lesson folder; that folder."""
    lesson = f"content/en/chapter1/{section}.mdx"
    write_course(root, {f"en/chapter1/{section}.ipynb": notebook(
        [cell("print(1)", 3, lesson)], lesson=lesson)})
    folder = root / "content" / "en" / "chapter1"
    folder.mkdir(parents=True)
    (folder / f"{section}.mdx").write_text("# Title\n\n```py\nprint(1)\n```\n",
                                           encoding="utf-8")
    return folder


def _collect(cwd: Path, *args: str) -> tuple[int, str]:
    """``pytest --coursekit --collect-only -q`` run in ``cwd``: its exit code and output."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--coursekit",
         "--coursekit-device", "cpu", "--collect-only", "-q", *args],
        capture_output=True, text=True, cwd=cwd, timeout=120, check=False,
    )
    return done.returncode, done.stdout + done.stderr


def _items(output: str) -> list[str]:
    return [line for line in output.splitlines() if "::" in line]


def test_run_from_a_lesson_folder_finds_the_course_above_it(tmp_path: Path) -> None:
    folder = _course(tmp_path / "repo" / "course")
    (tmp_path / "repo" / ".git").mkdir()
    code, output = _collect(folder)
    assert code == pytest.ExitCode.OK, output
    assert _items(output) == ["en/chapter1/1.ipynb::cells", "coursekit::run"], output


@pytest.mark.parametrize("how", ["argument", "testpaths"])
def test_run_from_the_top_of_a_repository_finds_the_course_it_collects(
        tmp_path: Path, how: str) -> None:
    repo = tmp_path / "repo"
    _course(repo / "course")
    (repo / ".git").mkdir()
    if how == "testpaths":
        (repo / "pytest.ini").write_text("[pytest]\ntestpaths = course\n", encoding="utf-8")
    code, output = _collect(repo, *(["course"] if how == "argument" else []))
    assert code == pytest.ExitCode.OK, output
    assert _items(output) == ["en/chapter1/1.ipynb::cells", "coursekit::run"], output


def test_a_root_given_wins_over_the_course_pytest_runs_in(tmp_path: Path) -> None:
    folder = _course(tmp_path / "one")
    _course(tmp_path / "two", section="2")
    code, output = _collect(folder, "--coursekit-root", str(tmp_path / "two"))
    assert code == pytest.ExitCode.OK, output
    assert _items(output) == ["en/chapter1/2.ipynb::cells", "coursekit::run"], output


def test_paths_of_two_courses_are_a_usage_error_naming_both(tmp_path: Path) -> None:
    _course(tmp_path / "one")
    _course(tmp_path / "two", section="2")
    code, output = _collect(tmp_path, "one", "two/content")
    assert code == pytest.ExitCode.USAGE_ERROR, output
    assert "INTERNALERROR" not in output
    assert (f"lie in different courses ({tmp_path / 'one'}, {tmp_path / 'two'}): give "
            "--coursekit-root DIR") in output


@pytest.mark.kernel
def test_a_run_from_a_lesson_folder_verifies_the_course(tmp_path: Path) -> None:
    folder = _course(tmp_path / "course")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--coursekit",
         "--coursekit-device", "cpu", "-q", "-rA"],
        capture_output=True, text=True, cwd=folder, timeout=120, check=False,
    )
    output = done.stdout + done.stderr
    assert done.returncode == pytest.ExitCode.OK, output
    assert "PASSED en/chapter1/1.ipynb::cells" in output
    assert (tmp_path / "course" / "build" / ".verify-cache").is_dir()


def test_a_run_that_finds_no_course_says_how_to_name_it(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    _course(repo / "course")
    (repo / ".git").mkdir()
    code, output = _collect(repo)  # from the top, naming nothing: no course found
    assert code == pytest.ExitCode.USAGE_ERROR, output
    assert "no course in" in output and "--coursekit-root" in output
    code, output = _collect(repo, "--coursekit-root", "course")  # named: found
    assert code == pytest.ExitCode.OK, output
