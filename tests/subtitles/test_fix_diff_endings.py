"""``fix subtitles --dry-run`` on files whose last line has no line break, and on a cue
holding a line separator that is no SRT line break: the diff applies with ``git apply``
and says what git says. Each case beside its counterpart."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.subtitles.diff import unified_diff

MakeCourse = Callable[..., Path]
WRONG_INDEX = "1\n00:00:01,000 --> 00:00:02,000\nHello\n\n5\n00:00:03,000 --> 00:00:04,000\n"
NO_BREAK = "\n\\ No newline at end of file\n"


def _dry_run(root: Path) -> str:
    done = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root), "--dry-run"])
    assert done.exit_code == 1, done.output  # a file would change
    return done.output


def _applies(root: Path, diff: str) -> None:
    """``diff`` applies to the course's files as ``git apply`` reads it."""
    if shutil.which("git") is None:
        pytest.skip("needs the git command")
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run(["git", "-C", str(root), "apply", "--check", "-"], input=diff.encode(),
                   check=True, capture_output=True)


@pytest.mark.parametrize("ending", ["", "\n"])
def test_a_last_line_with_no_line_break_is_said_and_the_next_file_starts_a_line(
        make_course: MakeCourse, ending: str) -> None:
    text = WRONG_INDEX + "World" + ending
    root = make_course({"en/01_a.srt": text, "en/02_b.srt": text})
    diff = _dry_run(root)
    assert diff.count("+++ b/subtitles/en/") == 2
    assert diff.count("\n--- a/subtitles/en/02_b.srt\n") == 1
    assert diff.count("-World" + NO_BREAK) == (1 if not ending else 0) * 2
    _applies(root, diff.split("fix subtitles:")[0])


def test_a_line_separator_in_a_cue_is_no_line_of_the_diff(make_course: MakeCourse) -> None:
    root = make_course({"en/01_a.srt": WRONG_INDEX + "Hello\u2028world\n\n"})
    diff = _dry_run(root)
    assert " Hello\u2028world\n" in diff
    assert "\n world\n" not in diff
    _applies(root, diff.split("fix subtitles:")[0])


@pytest.mark.parametrize("cues", [2, 1_000])
def test_the_linear_diff_says_a_missing_last_line_break_as_difflib_s_does(cues: int) -> None:
    old = [f"{n}\n00:00:01,000 --> 00:00:02,000\nline {n}\n\n" for n in range(1, cues + 1)]
    old_lines = [line for cue in old for line in cue.splitlines(keepends=True)][:-1]
    old_lines[-1] = old_lines[-1].removesuffix("\n")
    new_lines = [*old_lines[:-1], old_lines[-1] + "\n", "\n"]
    new_lines[0] = "0\n"
    diff = unified_diff(old_lines, new_lines, "a", "b")
    assert diff.endswith(f"-line {cues}{NO_BREAK}+line {cues}\n+\n")


@pytest.mark.parametrize(("codec", "marked"), [("utf-16-le", True), ("utf-16-be", False),
                                               ("utf-8", False)])
def test_a_file_read_in_another_encoding_is_diffed_as_text_and_said_to_be_saved_as_utf8(
        make_course: MakeCourse, codec: str, marked: bool) -> None:
    text = WRONG_INDEX + "World\n\n"
    data = ("\ufeff" if marked else "").encode(codec) + text.encode(codec)
    root = make_course({"en/01_a.srt": data})
    diff = _dry_run(root)
    assert "\x00" not in diff
    assert "-5\n+2\n" in diff
    said = f"subtitles/en/01_a.srt: read as {codec.upper()}, saved as UTF-8\n"
    assert diff.startswith(said) == (codec != "utf-8")
