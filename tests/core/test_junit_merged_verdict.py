"""A merged verification's JUnit stays well-formed XML whatever verdict an input report
holds: a damaged or hand-edited verdict is escaped, and a character XML forbids is
written as its escape, visible, as everywhere else in the report."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli

from .verify_reports import LESSON, write_failed_verify_report


def _merged_junit(tmp_path: Path, verdict: str) -> ET.Element:
    report = write_failed_verify_report(tmp_path / "verify.json", verdict, "boom")
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
