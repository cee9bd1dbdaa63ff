"""``coursekit fix errors`` with a report that names what the course cannot give: a lesson
that is not UTF-8, a lesson the course has not (a report of another checkout), a path
outside the course. Each is named, with why; nothing outside the course is read or
written, and the run exits 1. Each case beside its counterpart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coursekit.cli import main
from tests.fixes.error_course import lesson_path, write_course, write_report

SOURCE = lesson_path("en", 1).as_posix()


def _run(root: Path, report: Path, capsys: pytest.CaptureFixture[str], *options: str
         ) -> tuple[int, str, str]:
    code = main(["fix", "errors", "--root", str(root), "--from", str(report), *options])
    out, err = capsys.readouterr()
    return code, out, err


def _report_naming(tmp_path: Path, lesson: str) -> Path:
    """The planted verification's report, its English lesson named ``lesson``."""
    report = write_report(tmp_path / "report.json")
    text = report.read_text(encoding="utf-8").replace(f'"{SOURCE}', f'"{lesson}')
    report.write_text(text, encoding="utf-8")
    return report


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_lesson_that_is_not_utf8_is_named_and_the_run_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str) -> None:
    root = write_course(tmp_path / "course")
    broken = root / lesson_path(language, 1)
    broken.write_bytes(broken.read_bytes() + b"\nLatin-1: \xe9\n")
    code, _, err = _run(root, write_report(tmp_path / "report.json"), capsys, "--check")
    assert code == 1, err
    assert (f"{lesson_path(language, 1).as_posix()}: cannot read: not UTF-8 (byte offset "
            in err)
    code, out, _ = _run(root, tmp_path / "report.json", capsys, "--check", "--format", "json")
    assert [entry["path"] for entry in json.loads(out)["unread"]] == [
        lesson_path(language, 1).as_posix()]


def test_a_lesson_not_utf8_in_a_language_left_out_is_not_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path / "course")
    broken = root / lesson_path("fr", 1)
    broken.write_bytes(broken.read_bytes() + b"\nLatin-1: \xe9\n")
    report = write_report(tmp_path / "report.json")
    code, _, err = _run(root, report, capsys, "--lang", "it")
    assert code == 0, err
    assert "cannot read" not in err


def test_a_lesson_the_course_has_not_is_named_and_nothing_outside_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path / "course")
    outside = tmp_path / "elsewhere.mdx"
    outside.write_bytes((root / SOURCE).read_bytes())
    for named in (str(outside), "../elsewhere.mdx", "content/en/chapter1/9.mdx"):
        code, _, err = _run(root, _report_naming(tmp_path, named), capsys)
        assert code == 1, err
        assert f"{named}: no lesson of this course (a report of another checkout?); " \
               "not updated" in err
        assert "internal error" not in err
    assert outside.read_bytes() == (root / SOURCE).read_bytes()
