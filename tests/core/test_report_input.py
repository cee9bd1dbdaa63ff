"""Reports and baselines read back (``report merge``, ``--baseline``): a malformed,
nested or odd-typed file is a clear usage error naming it, never an internal one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli

BUNDLED = Path(__file__).resolve().parents[2]
DEEP = "[" * 50_000 + "]" * 50_000


def _report(**changes: object) -> str:
    diagnostic = {"rule": "SUB101", "severity": "error", "path": "subtitles/fr/01.srt",
                  "line": 3, "message": "overlap"}
    document: dict[str, object] = {"tool": "coursekit", "run": "check",
                                   "summary": {"errors": 1}, "diagnostics": [diagnostic]}
    for key, value in changes.items():
        if key in {*diagnostic, "hint", "cue", "column", "fingerprint", "count"}:
            diagnostic[key] = value
        else:
            document[key] = value
    return json.dumps(document)


def _summary(**entries: object) -> str:
    return _report(summary={"errors": 1, **entries})


@pytest.mark.parametrize(("text", "said"), [
    ("{not json", "cannot read a JSON report"),
    ("{not json", "not JSON: Expecting property name enclosed in double quotes at line 1"),
    ('{"tool": "coursekit",\n "x": ' + "9" * 5000 + "}",
     "a number too long to be read (at line 2)"),
    (DEEP, "nested too deeply"),
    ('{"tool": "coursekit", "run": "check", "diagnostics": [' + DEEP + "]}",
     "nested too deeply"),
    ("[1, 2]", "not a coursekit JSON report"),
    ('{"tool": "coursekit", "run": "check", "summary": {}, "statistics": []}',
     "the counts of --statistics, not the findings"),
    (_report(line=1e400), "not a whole number"),
    (_report(line="3"), '`line` is "3", not a whole number'),  # a string, quoted
    (_report(message={"text": "x"}), "not text"),
    (_report(path=None), "not text"),
    (_report(hint=["a", "b"]), "not text"),
    (_report(severity="fatal"), "a diagnostic cannot be read"),
    (_summary(wall_time=float("inf")), "not a number"),
    (_summary(executed_runs="many"), "not a number"),
    (_summary(timing=[1, 2]), "not a table"),
    (_summary(timing={"plan": -1}), "not a number of seconds"),
    (_summary(timing={"runs": "long"}), "not a number of seconds"),
    (_report(notebooks=[{"notebook": "en/1.ipynb", "lesson": "x", "language": "en",
                         "framework": "pt", "status": "ok", "timing": {"cells": None}}]),
     "en/1.ipynb cannot be read"),
    (_summary(deep=json.loads("[" * 900 + "]" * 900)), ""),
    (_report(checked="content/fr/1.mdx"), "`checked` is not a list of file paths"),
    (_report(checked=[None]), "`checked` is not a list of file paths"),
    (_report(version=99), "a JSON report of format version 99, which this coursekit does not"),
    (_report(version="1"), "format version '1'"),
])
def test_a_report_that_cannot_be_merged_is_a_usage_error(
    tmp_path: Path, text: str, said: str,
) -> None:
    (tmp_path / "a.json").write_text(_report(), encoding="utf-8")
    (tmp_path / "b.json").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["report", "merge", str(tmp_path / "a.json"),
                                      str(tmp_path / "b.json")])
    assert "internal error" not in result.output
    if said:
        assert result.exit_code == 2, result.output
        assert said in result.output
        assert "b.json" in result.output or "nested" in result.output


@pytest.mark.parametrize("special", ["/dev/zero", "fifo"])
def test_a_report_that_is_no_regular_file_is_refused_without_reading(
        tmp_path: Path, special: str) -> None:
    (tmp_path / "a.json").write_text(_report(), encoding="utf-8")
    path = special
    if special == "fifo":
        os.mkfifo(tmp_path / "fifo")  # nobody writes it: a read would never return
        path = str(tmp_path / "fifo")
    done = subprocess.run(
        [sys.executable, "-m", "coursekit", "report", "merge", str(tmp_path / "a.json"), path],
        capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2, done.stderr
    assert f"{path}: cannot read a JSON report" in done.stderr
    assert "not a regular file" in done.stderr


def test_two_good_reports_merge(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text(_report(), encoding="utf-8")
    (tmp_path / "b.json").write_text(_report(line=4), encoding="utf-8")
    result = CliRunner().invoke(cli, ["report", "merge", "--format", "json",
                                      str(tmp_path / "a.json"), str(tmp_path / "b.json")])
    assert result.exit_code == 1, result.output
    assert [d["line"] for d in json.loads(result.stdout)["diagnostics"]] == [3, 4]


@pytest.mark.parametrize(("text", "said"), [
    ("{not json", "not a coursekit baseline"),
    ('{"version": 1,\n\n "findings": [' + "7" * 5000 + "]}",
     "not a coursekit baseline (a number too long to be read (at line 3))"),
    (DEEP, "nested too deeply"),
    ('{"version": 1, "findings": ' + DEEP + "}", "nested too deeply"),
    ("[]", "no list of findings"),
    ('{"findings": {"id": "x"}}', "no list of findings"),
    ('{"findings": [[1]]}', "finding 1 is not an id with a count"),
    ('{"findings": [{"id": "abc", "count": 1e400}]}', "finding 1 is not an id with a count"),
    ('{"findings": [{"id": ["a"], "count": 1}]}', "finding 1 is not an id with a count"),
    ('{"findings": [{"id": "abc", "count": -1}]}', "finding 1 is not an id with a count"),
])
def test_a_baseline_that_cannot_be_read_is_a_usage_error(
    tmp_path: Path, text: str, said: str,
) -> None:
    baseline = tmp_path / "baseline.json"
    baseline.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "subtitles", "--root", str(BUNDLED),
                                      "--baseline", str(baseline)])
    assert result.exit_code == 2, result.output
    assert said in result.output
    assert "internal error" not in result.output


def test_a_recorded_baseline_is_read_back(tmp_path: Path) -> None:
    baseline = tmp_path / "baseline.json"
    args = ["check", "subtitles", "--root", str(BUNDLED), "--baseline", str(baseline)]
    assert CliRunner().invoke(cli, [*args, "--update-baseline"]).exit_code == 0
    assert CliRunner().invoke(cli, args).exit_code == 0


def _coverage_json(root: Path) -> str:
    """The JSON of ``coverage`` on a course of one lesson, translated."""
    toctree = "- title: One\n  sections:\n  - local: chapter1/1\n    title: One\n"
    for language in ("en", "fr"):
        (root / "content" / language / "chapter1").mkdir(parents=True)
        (root / "content" / language / "_toctree.yml").write_text(toctree, encoding="utf-8")
        (root / "content" / language / "chapter1" / "1.mdx").write_text(
            "# One[[one]]\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["coverage", "--root", str(root), "--format", "json"])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize(("text", "said"), [
    ("", "b.json: an empty file, not a JSON report of check"),
    ("\ufeff \n", "b.json: an empty file"),
    ("<!DOCTYPE html>\n<html><body>Findings</body></html>\n", "b.json: an HTML page"),
    ("coverage", "the translation coverage of `coursekit coverage --format json`"),
    # the clean counterparts: what is neither keeps what the reader said of it
    ("[1, 2]", "b.json: not a coursekit JSON report (--format json)"),
    ("{not json", "b.json: cannot read a JSON report"),
])
def test_a_file_coursekit_wrote_in_another_format_is_named_as_what_it_is(
        tmp_path: Path, text: str, said: str) -> None:
    (tmp_path / "a.json").write_text(_report(), encoding="utf-8")
    if text == "coverage":
        text = _coverage_json(tmp_path / "course")
    (tmp_path / "b.json").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["report", "merge", str(tmp_path / "a.json"),
                                      str(tmp_path / "b.json")])
    assert result.exit_code == 2, result.output
    assert said in result.output
    assert "Expecting value" not in result.output


@pytest.mark.parametrize("command", ["merge", "baseline"])
def test_a_file_that_is_not_utf_8_is_said_so_with_its_line(
        tmp_path: Path, command: str) -> None:
    (tmp_path / "a.json").write_text(_report(), encoding="utf-8")
    (tmp_path / "b.json").write_bytes(b'{"findings":\n ["caf\xe9"]}')
    args = (["report", "merge", str(tmp_path / "a.json"), str(tmp_path / "b.json")]
            if command == "merge" else
            ["check", "--root", str(tmp_path), "--baseline", str(tmp_path / "b.json")])
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert "not UTF-8 (byte 0xe9 at line 2)" in result.output, result.output
    assert "codec" not in result.output
