"""``--format junit`` read by junitparser, as CI dashboards read it: the counts each
suite and the whole declare are those of the test cases they hold, and every case is
one of its own (a CI system keys cases by class and name)."""

from __future__ import annotations

import io
from pathlib import Path

from junitparser import Failure, JUnitXml, Skipped

from coursekit.cli import main
from coursekit.diagnostics import Diagnostic, Severity
from coursekit.report.junit import render_junit

COUNTS = ("tests", "failures", "errors", "skipped")


def declared_and_held(xml: JUnitXml) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Each suite's counts and the whole's, as declared and as counted from the cases
    (junitparser's ``update_statistics`` recounts them)."""
    declared = [tuple(int(getattr(s, key) or 0) for key in COUNTS) for s in xml]
    declared.append(tuple(int(getattr(xml, key) or 0) for key in COUNTS))
    for suite in xml:
        suite.update_statistics()
    xml.update_statistics()
    held = [tuple(int(getattr(s, key) or 0) for key in COUNTS) for s in xml]
    held.append(tuple(int(getattr(xml, key) or 0) for key in COUNTS))
    return declared, held


def _read(diagnostics: list[Diagnostic], checked: tuple[str, ...] = ()) -> JUnitXml:
    out = io.StringIO()
    render_junit(diagnostics, out, "check", checked)
    return JUnitXml.fromstring(out.getvalue().encode("utf-8"))


def test_a_planted_count_is_found_and_the_report_counts_its_cases() -> None:
    findings = [Diagnostic("SUB104", Severity.ERROR, "subtitles/fr/a.srt", 9, "overlap"),
                Diagnostic("SUB201", Severity.WARNING, "subtitles/fr/a.srt", 12, "fast"),
                Diagnostic("SUB301", Severity.NOTE, "subtitles/fr/b.srt", 3, "style")]
    declared, held = declared_and_held(_read(findings, ("subtitles/fr/c.srt",)))
    assert declared == held == [(2, 1, 0, 1), (1, 0, 0, 0), (1, 0, 0, 0), (4, 1, 0, 1)]
    planted = _read(findings)
    next(iter(planted)).failures = 0
    declared, held = declared_and_held(planted)
    assert declared != held


def test_a_finding_of_cue_zero_names_its_cue() -> None:
    findings = [Diagnostic("SUB104", Severity.ERROR, "a.srt", 4, "overlap", cue=0),
                Diagnostic("SUB104", Severity.ERROR, "a.srt", 4, "overlap")]
    cases = [case.name for suite in _read(findings) for case in suite]
    assert sorted(cases) == ["SUB104 a.srt:4", "SUB104 a.srt:4 cue 0"]


def test_check_of_a_planted_course_counts_what_it_holds(root: Path, tmp_path: Path) -> None:
    name = "content/en/chapter3/odd, 100%: x.mdx"
    (root / name).write_text("# Odd\n\nText.\n\n```py\nx = 1\n\nProse after a break.\n",
                             "utf-8")
    report = tmp_path / "check.xml"
    assert main(["check", "--root", str(root), "--format", "junit", "-o", str(report)]) == 1
    xml = JUnitXml.fromfile(str(report))
    suites = {suite.name: suite for suite in xml}
    results = [(case.name, type(case.result[0])) for case in suites[name]]
    assert (f"LES103 {name}:5", Failure) in results
    assert all(kind in (Failure, Skipped) for _, kind in results)
    declared, held = declared_and_held(JUnitXml.fromfile(str(report)))
    assert declared == held
    assert held[-1][1] >= 1
