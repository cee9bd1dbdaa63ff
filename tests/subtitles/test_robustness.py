"""Regression tests: each minimal input that once crashed a run, lost text, or made a fix
write what the loader refuses, with what it gives now."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.subtitles import check_subtitles, parse_subtitles
from coursekit.subtitles.fix import fix_bytes, fix_course
from coursekit.subtitles.settings import settings_for

MakeCourse = Callable[..., Path]
P = Path("x.srt")
SETTINGS, _ = settings_for({}, "en")
CUE = "1\n00:00:01,000 --> 00:00:02,000\nHi\n\n"


def _rules(data: bytes) -> list[str]:
    return [d.rule for d in parse_subtitles(data, P, "en").diagnostics]


def _fixed(data: bytes) -> bytes:
    result = fix_bytes(data, P, "en", SETTINGS)
    assert result.refused is None, result.refused
    return result.after


def test_an_index_of_4301_digits_is_an_index_finding() -> None:
    data = ("9" * 4301 + "\n00:00:01,000 --> 00:00:02,000\nHi\n\n").encode()
    sub = parse_subtitles(data, P, "en")
    assert [c.lines for c in sub.cues] == [("Hi",)]
    [diag] = sub.diagnostics
    assert diag.rule == "SUB010" and "4301 digits" in diag.message
    assert _fixed(data) == CUE.encode()


def test_an_hour_of_4301_digits_is_an_unreadable_timing() -> None:
    data = ("1\n" + "9" * 4301 + ":00:01,000 --> 00:00:02,000\nHi\n\n").encode()
    assert _rules(data) == ["SUB011", "SUB017"]
    assert fix_bytes(data, P, "en", SETTINGS).refused


def test_a_tab_after_the_end_time_is_read_and_kept() -> None:
    data = b"1\n00:00:01,00 --> 00:00:02,00\tposition:10%\nHi\n"
    sub = parse_subtitles(data, P, "en")
    assert [(c.start_ms, c.end_ms, c.settings) for c in sub.cues] == [(1000, 2000, "position:10%")]
    assert _rules(data) == ["SUB012"]  # the tab, and the `,00` that every parser reads as 0
    fixed = _fixed(data)
    assert fixed == b"1\n00:00:01,000 --> 00:00:02,000 position:10%\nHi\n\n"
    assert _rules(fixed) == []


def test_text_after_the_end_time_is_reported_and_kept_by_fix() -> None:
    data = b"1\n00:00:01,000 --> 00:00:02,000 Welcome back\nHi\n\n"
    sub = parse_subtitles(data, P, "en")
    [diag] = sub.diagnostics
    assert (diag.rule, diag.line, diag.cue) == ("SUB019", 2, 1)
    assert "`Welcome back`" in diag.message
    assert sub.cues[0].settings == "Welcome back"
    assert fix_bytes(data, P, "en", SETTINGS).after == data


def test_positioning_coordinates_are_clean_and_kept_by_fix() -> None:
    data = b"1\n00:00:01,000 --> 00:00:02,000 X1:100 X2:600 Y1:50 Y2:90\nHi\n\n"
    assert _rules(data) == []
    assert fix_bytes(data, P, "en", SETTINGS).after == data
    untidy = b"1\n00:00:01.000 --> 00:00:02,000   X1:100 X2:600 Y1:50 Y2:90\nHi\n"
    assert _fixed(untidy) == data


def test_a_time_past_999_hours_is_unreadable_and_never_written_back() -> None:
    data = b"1\n999:59:59,999 --> 999:59:60,000\nHi\n\n"
    sub = parse_subtitles(data, P, "en")
    assert [d.rule for d in sub.diagnostics] == ["SUB011", "SUB017"]
    assert "after 999:59:59,999" in sub.diagnostics[0].message
    result = fix_bytes(data, P, "en", SETTINGS)
    assert result.refused and result.after == data


def test_the_latest_writable_time_reads_back() -> None:
    data = b"1\n999:59:59,998 --> 999:59:59,999\nHi\n\n"
    assert parse_subtitles(data, P, "en").cues[0].end_ms == 3_599_999_999
    assert _rules(_fixed(data)) == []


def test_an_overlap_between_cues_out_of_order_is_fixed(make_course: MakeCourse) -> None:
    data = (b"1\n00:00:10,000 --> 00:00:14,000\nA\n\n"
            b"2\n00:00:05,000 --> 00:00:08,000\nB\n\n")
    root = make_course({"en/01_a.srt": data})
    assert [d.rule for d in check_subtitles(Corpus(Course.open(root))).diagnostics] == ["SUB104"]
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root)])
    assert result.exit_code == 0, result.output
    assert "cues put in order of their start" in result.output
    assert (root / "subtitles/en/01_a.srt").read_bytes() == (
        b"1\n00:00:05,000 --> 00:00:08,000\nB\n\n2\n00:00:10,000 --> 00:00:14,000\nA\n\n")
    assert check_subtitles(Corpus(Course.open(root))).diagnostics == []


def test_cues_starting_together_are_not_claimed_fixed() -> None:
    data = b"1\n00:00:05,000 --> 00:00:09,000\nA\n\n2\n00:00:05,000 --> 00:00:08,000\nB\n\n"
    result = fix_bytes(data, P, "en", SETTINGS)
    assert result.after == data and result.changes == []


@pytest.fixture
def broken_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the scan fail on one file's content, as a bug would."""
    from coursekit.subtitles import load
    from coursekit.subtitles.recovery_scan import scan as real

    def scan(lines: list[str], path: str, language: str, **kw: bool):  # type: ignore[no-untyped-def]
        if "boom" in lines:
            raise ValueError("a bug")
        return real(lines, path, language, **kw)

    monkeypatch.setattr(load, "scan", scan)


@pytest.mark.usefixtures("broken_parser")
def test_one_file_a_bug_fails_on_is_one_finding(make_course: MakeCourse) -> None:
    bad = "1\n00:00:01,000 --> 00:00:02,000\nboom\n"
    root = make_course({"en/01_a.srt": bad, "en/02_b.srt": CUE + "2\n00:00:03,000 --> 4\nx\n"})
    for args in (["check"], ["check", "subtitles"]):
        result = CliRunner().invoke(cli, [*args, "--root", str(root)])
        assert result.exit_code == 1, result.output
        assert "internal error" not in result.output
        assert "subtitles/en/01_a.srt" in result.output and "SUB020" in result.output
        assert "subtitles/en/02_b.srt" in result.output and "SUB011" in result.output


@pytest.mark.usefixtures("broken_parser")
def test_fix_goes_on_after_a_file_a_bug_fails_on(make_course: MakeCourse) -> None:
    bad = "1\n00:00:01,000 --> 00:00:02,000\nboom\n"
    good = "1\n00:00:01.000 --> 00:00:02,000\nHi\n"
    root = make_course({"en/01_a.srt": bad, "en/02_b.srt": good})
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root)])
    assert result.exit_code == 1, result.output
    assert "01_a.srt: left alone: coursekit failed on it (ValueError: a bug)" in result.output
    assert (root / "subtitles/en/02_b.srt").read_text() == CUE
    assert (root / "subtitles/en/01_a.srt").read_text() == bad


def _special_files(root: Path) -> None:
    subs, lessons = root / "subtitles" / "en", root / "content" / "en"
    lessons.mkdir(parents=True)
    (lessons / "ok.mdx").write_text("# Title\n\nText.\n")
    for folder, ext in ((subs, "srt"), (lessons, "mdx")):
        os.symlink(f"loop-b.{ext}", folder / f"loop-a.{ext}")
        os.symlink(f"loop-a.{ext}", folder / f"loop-b.{ext}")
        os.symlink(f"missing.{ext}", folder / f"dangling.{ext}")
        os.mkfifo(folder / f"fifo.{ext}")
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(subs / "socket.srt"))


SPECIAL = {
    "loop-a": "a loop of symbolic links", "loop-b": "a loop of symbolic links",
    "dangling": "a symbolic link to `missing.{ext}`, which does not exist",
    "fifo": "a FIFO (named pipe), not a regular file",
}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and symbolic links")
def test_special_files_are_findings_named_relative_and_never_block(
    make_course: MakeCourse,
) -> None:
    root = make_course({"en/01_a.srt": CUE})
    _special_files(root)
    for args in (["check"], ["check", "subtitles"], ["fix", "subtitles"]):
        # A subprocess with a timeout: a read that blocks fails the test instead of hanging it.
        run = subprocess.run(
            [sys.executable, "-m", "coursekit", *args, "--root", str(root)], cwd=root,
            capture_output=True, text=True, timeout=120, check=False,
        )
        out = run.stdout + run.stderr
        assert run.returncode == 1, out
        assert "internal error" not in out and str(root) not in out
        for stem, said in SPECIAL.items():
            assert f"subtitles/en/{stem}.srt" in out and said.format(ext="srt") in out
            if args == ["check"]:
                assert f"content/en/{stem}.mdx" in out and said.format(ext="mdx") in out
        assert "subtitles/en/socket.srt" in out and "a socket, not a regular file" in out


def test_fix_course_reports_a_dangling_link_with_its_relative_path(
    make_course: MakeCourse,
) -> None:
    root = make_course({"en/01_a.srt": CUE})
    os.symlink("/nonexistent/x.srt", root / "subtitles/en/02_b.srt")
    [_, result] = fix_course(Course.open(root))
    assert result.display_path == "subtitles/en/02_b.srt"
    assert result.refused == "cannot read: a symbolic link to `/nonexistent/x.srt`, which does " \
                             "not exist"


def test_write_failures_are_kept_with_the_file(
    make_course: MakeCourse, monkeypatch: pytest.MonkeyPatch,
) -> None:
    from coursekit.subtitles import fix

    untidy = "1\n00:00:01.000 --> 00:00:02,000\nHi\n"
    root = make_course({"en/01_a.srt": untidy, "en/02_b.srt": untidy})
    from coursekit.atomic import write_bytes_atomic as real

    def write(path: Path, data: bytes, **options: Any) -> None:
        if path.name == "01_a.srt":
            raise PermissionError(13, "Permission denied")
        real(path, data, **options)

    monkeypatch.setattr(fix, "write_bytes_atomic", write)
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root)])
    assert result.exit_code == 1, result.output
    assert "subtitles/en/01_a.srt: cannot write: Permission denied" in result.output
    assert "fixed subtitles/en/02_b.srt" in result.output
    assert (root / "subtitles/en/02_b.srt").read_text() == CUE
    assert (root / "subtitles/en/01_a.srt").read_text() == untidy


def test_a_utf16_file_is_read_said_so_and_saved_as_utf8() -> None:
    data = "1\r\n00:00:01,000 --> 00:00:02,000\r\nCafé\r\n\r\n".encode("utf-16")
    sub = parse_subtitles(data, P, "en")
    assert [c.lines for c in sub.cues] == [("Café",)]
    [diag] = sub.diagnostics
    assert (diag.rule, diag.line) == ("SUB001", 1)
    assert "saved as UTF-16-LE, not UTF-8" in diag.message
    result = fix_bytes(data, P, "en", SETTINGS)
    assert result.after == "1\r\n00:00:01,000 --> 00:00:02,000\r\nCafé\r\n\r\n".encode()
    assert "SUB001" in result.changes


def test_a_utf16_file_with_an_invalid_sequence_is_left_alone() -> None:
    data = "1\n00:00:01,000 --> 00:00:02,000\nCafé\n\n".encode("utf-16-be") + b"\x00"
    data = b"\xfe\xff" + data
    assert _rules(data).count("SUB001") == 2
    assert fix_bytes(data, P, "en", SETTINGS).refused
