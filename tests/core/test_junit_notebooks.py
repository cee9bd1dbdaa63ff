"""The JUnit notebooks suite ends each notebook's case as the report keeps its first
cause's finding: an ignored rule or a baselined finding fails no case, as the run then
exits 0."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest

from coursekit.diagnostics import Diagnostic, Severity
from coursekit.execution.rules import API_DRIFT
from coursekit.judgement.model import CellResult, NotebookJudgement, NotebookStatus, Verdict
from coursekit.report.junit import render_junit

LESSON = "content/en/chapter3/3.mdx"
FIRST = CellResult(3, f"{LESSON}:32", Verdict.API_DRIFT, detail="renamed")
NOTEBOOK = NotebookJudgement(
    "en/chapter3/3_pt.ipynb", LESSON, "en", "pt", NotebookStatus.API_DRIFT, "api-drift",
    Severity.ERROR, first_cause=FIRST, cells=(FIRST,))


def _case(diagnostics: list[Diagnostic]) -> tuple[ET.Element, ET.Element]:
    out = io.StringIO()
    render_junit(diagnostics, out, "coursekit verify", notebooks=[NOTEBOOK])
    suite = ET.fromstring(out.getvalue()).find("testsuite[@name='notebooks']")
    assert suite is not None
    [case] = suite.iter("testcase")
    return suite, case


def _drift(severity: Severity | None = None, tag: str = "[en/pt]") -> Diagnostic:
    return API_DRIFT.at(LESSON, 32, f"{tag} renamed", severity=severity)


@pytest.mark.parametrize(("kept", "ends"), [
    ([_drift()], "failure"),
    ([_drift(Severity.WARNING)], "skipped"),
    ([], None),  # the course ignores the rule, or its baseline records the finding
    ([_drift(tag="[fr/pt]")], None),  # another notebook's finding at the same line
])
def test_a_notebook_case_ends_as_its_first_cause_is_kept(
    kept: list[Diagnostic], ends: str | None,
) -> None:
    suite, case = _case(kept)
    assert [child.tag for child in case if child.tag != "properties"] == (
        [ends] if ends else [])
    assert suite.get("failures") == ("1" if ends == "failure" else "0")
    assert suite.get("skipped") == ("1" if ends == "skipped" else "0")
    [verdict] = case.iterfind("properties/property[@name='verdict']")
    assert verdict.get("value") == "api-drift"  # the verdict is the notebook's, whatever


@pytest.mark.parametrize("title", ["coursekit verify", "check"])
def test_the_report_names_the_command_once(title: str) -> None:
    out = io.StringIO()
    render_junit([], out, title)
    name = ET.fromstring(out.getvalue()).get("name")
    assert name == f"coursekit {title.removeprefix('coursekit ')}"
    assert name.count("coursekit") == 1
