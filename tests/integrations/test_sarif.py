"""``--format sarif`` validated against the SARIF 2.1.0 schema (kept offline in fixtures)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft4Validator, FormatChecker, ValidationError

from coursekit.cli import main
from coursekit.diagnostics import Diagnostic, Severity
from coursekit.report.baseline import identity
from coursekit.report.sarif import render_sarif

from .conftest import FRENCH_SRT, REPO

SCHEMA = json.loads(
    (REPO / "tests" / "fixtures" / "sarif" / "sarif-2.1.0-rtm.5.json").read_text("utf-8"))
VALIDATOR = Draft4Validator(SCHEMA, format_checker=FormatChecker())


def _sarif(diagnostics: list[Diagnostic], title: str = "check") -> dict[str, Any]:
    out = io.StringIO()
    render_sarif(diagnostics, out, title)
    document: dict[str, Any] = json.loads(out.getvalue())
    return document


EVERY_SHAPE = [
    Diagnostic("SUB104", Severity.ERROR, "subtitles/fr/01_a (b).srt", 12, "overlap",
               hint="clamp it", cue=3, fingerprint="cue-3"),
    Diagnostic("LES155", Severity.WARNING, "content/zh-CN/chapter1/1.mdx", None, "not listed"),
    Diagnostic("EXE302", Severity.NOTE, "content/en/chapter1/1.mdx", 40, "skipped", column=5),
    Diagnostic("XYZ999", Severity.ERROR, "odd path/with space%.txt", 0, "rule of a plugin"),
]


def test_every_shape_of_finding_is_valid_sarif() -> None:
    VALIDATOR.validate(_sarif(EVERY_SHAPE))


def test_files_named_outside_the_course_or_with_a_colon_are_valid_sarif() -> None:
    log = _sarif([Diagnostic("CFG006", Severity.WARNING, "a:b.srt", None, "not checked"),
                  Diagnostic("CFG005", Severity.ERROR, "/tmp/x.srt", None, "no such file")])
    VALIDATOR.validate(log)
    assert [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in log["runs"][0]["results"]] == ["file:///tmp/x.srt", "./a:b.srt"]


def test_no_findings_is_valid_sarif() -> None:
    log = _sarif([])
    VALIDATOR.validate(log)
    assert log["runs"][0]["results"] == []


def test_the_validator_rejects_what_is_not_sarif() -> None:
    log = _sarif(EVERY_SHAPE)
    log["runs"][0]["results"][0]["level"] = "fatal"
    with pytest.raises(ValidationError):
        VALIDATOR.validate(log)
    del log["runs"][0]["tool"]
    assert not VALIDATOR.is_valid(log)


def test_results_say_what_the_findings_say() -> None:
    run = _sarif(EVERY_SHAPE)["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == ["EXE302", "LES155", "SUB104", "XYZ999"]
    assert rules[2]["name"] == "overlap"
    assert rules[2]["defaultConfiguration"]["level"] == "error"
    by_rule = {r["ruleId"]: r for r in run["results"]}
    overlap = by_rule["SUB104"]
    assert rules[overlap["ruleIndex"]]["id"] == "SUB104"
    location = overlap["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {
        "uri": "subtitles/fr/01_a%20(b).srt", "uriBaseId": "%SRCROOT%"}
    assert location["region"] == {"startLine": 12}
    assert overlap["message"]["text"] == "overlap\nhint: clamp it"
    assert overlap["properties"] == {"cue": 3}
    assert overlap["partialFingerprints"]["coursekitFinding/v1"] == identity(EVERY_SHAPE[0])
    assert by_rule["EXE302"]["level"] == "note"
    assert by_rule["EXE302"]["locations"][0]["physicalLocation"]["region"] == {
        "startLine": 40, "startColumn": 5}
    # A finding without a line is at the file's first (code scanning needs a startLine).
    assert by_rule["LES155"]["locations"][0]["physicalLocation"]["region"] == {"startLine": 1}
    assert by_rule["XYZ999"]["locations"][0]["physicalLocation"]["region"] == {"startLine": 1}
    assert by_rule["XYZ999"]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == (
        "odd%20path/with%20space%25.txt")


def test_check_writes_valid_sarif(broken_course: Path, tmp_path: Path) -> None:
    report = tmp_path / "check.sarif"
    code = main(["check", "--root", str(broken_course), "--format", "sarif", "-o", str(report)])
    assert code == 1
    log = json.loads(report.read_text("utf-8"))
    VALIDATOR.validate(log)
    run = log["runs"][0]
    assert run["automationDetails"]["id"] == "coursekit/check/"
    errors = [r for r in run["results"] if r["level"] == "error"]
    assert [(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
            for r in errors] == [("SUB104", FRENCH_SRT)]


def test_clean_check_writes_valid_sarif(course: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "lessons", "--root", str(course), "--format", "sarif"]) == 0
    log = json.loads(capsys.readouterr().out)
    VALIDATOR.validate(log)
    assert log["runs"][0]["automationDetails"]["id"] == "coursekit/check-lessons/"


def test_an_output_of_a_dash_is_standard_output(
        broken_course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--root", str(broken_course), "--format", "sarif", "-o", "-"]) == 1
    VALIDATOR.validate(json.loads(capsys.readouterr().out))
    assert not (tmp_path / "-").exists()
    # Its counterpart: a file of another name is written, and nothing goes to the terminal.
    assert main(["check", "--root", str(broken_course), "--format", "sarif", "-o", "r"]) == 1
    assert capsys.readouterr().out == ""
    VALIDATOR.validate(json.loads((tmp_path / "r").read_text("utf-8")))


def test_findings_told_apart_only_by_their_lines_are_alerts_of_their_own() -> None:
    fences = [Diagnostic("LES103", Severity.ERROR, "units/es/1.mdx", line,
                         f"code fence holds the line ```python (line {line + 6})")
              for line in (52, 38, 90)]
    results = _sarif(fences)["runs"][0]["results"]
    prints = [r["partialFingerprints"]["coursekitFinding/v1"] for r in results]
    assert len(set(prints)) == 3
    # The first keeps the baseline identity, which earlier reports gave every one of them.
    assert prints == [identity(fences[0]), f"{identity(fences[0])}:2",
                      f"{identity(fences[0])}:3"]
    assert [r["locations"][0]["physicalLocation"]["region"]["startLine"]
            for r in results] == [38, 52, 90]
    # Its counterpart: findings of identities of their own are numbered nothing.
    other = Diagnostic("LES103", Severity.ERROR, "units/es/2.mdx", 38, fences[1].message)
    assert [r["partialFingerprints"]["coursekitFinding/v1"]
            for r in _sarif([fences[1], other])["runs"][0]["results"]] == [
        identity(fences[1]), identity(other)]
