"""A merged verification's JUnit stays well-formed XML whatever verdict an input report
holds: a damaged or hand-edited verdict is escaped, and a character XML forbids is
written as its escape, visible, as everywhere else in the report."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli

LESSON = "content/en/chapter1/1.mdx"


def _merged_junit(tmp_path: Path, verdict: str) -> ET.Element:
    cause = {"index": 2, "source": f"{LESSON}:12", "verdict": "unexpected-error",
             "detail": "boom"}
    document = {
        "tool": "coursekit", "run": "coursekit verify", "summary": {},
        "diagnostics": [{"rule": "EXE101", "severity": "error", "path": LESSON, "line": 12,
                         "message": "[en/pt] cell 2 raises ZeroDivisionError"}],
        "notebooks": [{"notebook": "en/chapter1/1.ipynb", "lesson": LESSON, "language": "en",
                       "framework": "pt", "status": "failed", "verdict": verdict,
                       "severity": "error", "first_cause": cause, "cells": [cause],
                       "duration": 1.0}],
    }
    report = tmp_path / "verify.json"
    report.write_text(json.dumps(document), encoding="utf-8")
    result = CliRunner().invoke(cli, ["report", "merge", "--format", "junit", str(report)])
    assert result.exit_code == 1, result.output
    suite = ET.fromstring(result.stdout).find("testsuite[@name='notebooks']")
    assert suite is not None
    return suite


@pytest.mark.parametrize(("verdict", "shown"), [
    ('bad"<&>\x1b\x00end', 'bad"<&>\\x1b\\x00end'),
    ("lone \udcff", "lone \\udcff"),
    ("failed", "failed"),  # an ordinary verdict is written as it is
])
def test_a_verdict_read_from_a_report_is_written_as_xml(
    tmp_path: Path, verdict: str, shown: str,
) -> None:
    suite = _merged_junit(tmp_path, verdict)
    [case] = suite.iter("testcase")
    [value] = case.iterfind("properties/property[@name='verdict']")
    assert value.get("value") == shown
    [failure] = case.iterfind("failure")
    assert failure.get("type") == shown
    assert failure.get("message", "").startswith(f"{shown} at {LESSON}:12")
