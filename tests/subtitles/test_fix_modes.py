"""``fix subtitles --check``, ``--dry-run`` and ``--diff``: as every ``fix`` command and as
ruff and black, they write nothing and exit 1 when a file would change, 0 when none
would; each beside a course that needs no fix."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli

MakeCourse = Callable[..., Path]
FIXABLE = b"1\n00:00:01,000 --> 00:00:03,000\nHello\n3\n00:00:04,000 --> 00:00:05,000\nWorld\n\n"
FIXED = (b"1\n00:00:01,000 --> 00:00:03,000\nHello\n\n"
         b"2\n00:00:04,000 --> 00:00:05,000\nWorld\n\n")
BILINGUAL = ("1\n00:00:01,000 --> 00:00:03,000\n你好。\nHello.\n\n"
             "2\n00:00:03,500 --> 00:00:05,000\n再见。\nGoodbye.\n\n"
             "3\n00:00:05,500 --> 00:00:07,000\n谢谢。\nThanks.\n\n")


def _fix(root: Path, *more: str) -> tuple[int, str, str]:
    done = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root), *more])
    return done.exit_code, done.stdout, done.stderr


def test_check_lists_what_would_change_writes_nothing_and_fails(
    make_course: MakeCourse,
) -> None:
    root = make_course({"en/01_a.srt": FIXABLE})
    code, out, err = _fix(root, "--check")
    assert code == 1, out + err
    assert out == "would fix subtitles/en/01_a.srt (SUB005, SUB010)\n"
    assert "fix subtitles: would change 1 of 1 file(s)" in err
    assert (root / "subtitles/en/01_a.srt").read_bytes() == FIXABLE


@pytest.mark.parametrize("option", ["--dry-run", "--diff"])
def test_dry_run_and_diff_show_the_diff_write_nothing_and_fail(
    make_course: MakeCourse, option: str,
) -> None:
    root = make_course({"en/01_a.srt": FIXABLE})
    code, out, _ = _fix(root, option)
    assert code == 1
    assert out.startswith("--- a/subtitles/en/01_a.srt\n+++ b/subtitles/en/01_a.srt\n")
    assert "-3\n+\n+2\n" in out
    assert (root / "subtitles/en/01_a.srt").read_bytes() == FIXABLE


@pytest.mark.parametrize("option", ["--check", "--dry-run", "--diff", None])
def test_a_course_that_needs_no_fix_passes_every_mode(
    make_course: MakeCourse, option: str | None,
) -> None:
    root = make_course({"en/01_a.srt": FIXED})
    code, out, err = _fix(root, *([option] if option else []))
    assert (code, out) == (0, ""), err
    assert " 0 of 1 file(s)" in err


def test_a_fixed_course_then_passes_the_check(make_course: MakeCourse) -> None:
    root = make_course({"en/01_a.srt": FIXABLE})
    assert _fix(root)[:2] == (0, "fixed subtitles/en/01_a.srt (SUB005, SUB010)\n")
    assert (root / "subtitles/en/01_a.srt").read_bytes() == FIXED
    assert _fix(root, "--check")[0] == 0


def test_check_with_monolingual_copies_fails_until_they_are_written(
    make_course: MakeCourse,
) -> None:
    root = make_course({"zh-CN/01_a.srt": BILINGUAL})
    out = root / "mono"
    code, said, _ = _fix(root, "--check", "--monolingual", str(out))
    assert code == 1
    assert said == f"would write {out / 'zh-CN/01_a.srt'}\n"
    assert not out.exists()
    assert _fix(root, "--monolingual", str(out))[0] == 0
    assert _fix(root, "--check", "--monolingual", str(out))[0] == 0  # the same copy
    (out / "zh-CN/01_a.srt").write_text("stale\n", encoding="utf-8")
    assert _fix(root, "--check", "--monolingual", str(out))[0] == 1


def test_a_refused_file_fails_the_check_too(make_course: MakeCourse) -> None:
    data = b"1\n00:00:01,000 --> soon\nHello\n\n"
    root = make_course({"en/01_a.srt": data})
    code, _, err = _fix(root, "--check")
    assert code == 1
    assert "subtitles/en/01_a.srt: left alone: rewriting it would lose what SUB011" in err
