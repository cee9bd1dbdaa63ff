"""The report pipeline of the library: what the command line, the Python API and the
pytest plugin show of the same findings, and whether the run fails."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from coursekit.diagnostics import Diagnostic, Severity
from coursekit.report.pipeline import (
    BaselineError,
    Shape,
    record_baseline,
    shape,
    write_report,
)
from coursekit.selection import Layer, Selection

OVERLAP = Diagnostic("SUB101", Severity.ERROR, "subtitles/fr/a.srt", 4, "cue 4 overlaps")
LONG = Diagnostic("SUB201", Severity.WARNING, "subtitles/fr/a.srt", 9, "line too long")
BAD_CONFIG = Diagnostic("CFG001", Severity.ERROR, "coursekit.toml", 2, "unknown key `x`")


def test_an_error_the_selection_keeps_fails_the_run() -> None:
    findings = shape([OVERLAP, LONG], selection=Selection())
    assert findings.shown == [OVERLAP, LONG]
    assert findings.failed
    assert not findings.config_problems


def test_an_error_the_selection_ignores_is_not_shown_and_fails_nothing() -> None:
    ignoring = Selection(layers=(Layer(ignore=("SUB1",)),))
    findings = shape([OVERLAP, LONG], selection=ignoring)
    assert findings.shown == [LONG]
    assert not findings.failed


def test_a_configuration_problem_is_never_deselected() -> None:
    findings = shape([BAD_CONFIG, OVERLAP], selection=Selection(layers=(Layer(select=("SUB",)),)))
    assert findings.config_problems == [BAD_CONFIG]
    assert BAD_CONFIG in findings.shown


def test_quiet_shows_errors_and_counts_the_rest() -> None:
    findings = shape([OVERLAP, LONG], how=Shape(quiet=True))
    assert findings.shown == [OVERLAP]
    assert findings.hidden == [LONG]
    out = io.StringIO()
    write_report(findings, "text", out, title="check")
    assert "4: error SUB101 cue 4 overlaps" in out.getvalue()
    assert "line too long" not in out.getvalue()
    assert "1 warning not shown" in out.getvalue()


def test_a_recorded_finding_is_not_reported_again(tmp_path: Path) -> None:
    baseline = tmp_path / "baseline.json"
    assert record_baseline(baseline, [OVERLAP]).recorded == 1
    findings = shape([OVERLAP, LONG], baseline=baseline)
    assert findings.shown == [LONG]
    assert not findings.failed
    assert shape([OVERLAP], baseline=tmp_path / "none.json").failed  # no file: none recorded


def test_a_baseline_that_is_none_is_an_error_of_its_own(tmp_path: Path) -> None:
    baseline = tmp_path / "baseline.json"
    baseline.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(BaselineError):
        shape([OVERLAP], baseline=baseline)


def test_the_same_findings_render_in_every_format() -> None:
    findings = shape([OVERLAP])
    for fmt in ("text", "json", "github", "junit", "sarif"):
        out = io.StringIO()
        write_report(findings, fmt, out, title="check", checked=["subtitles/fr/a.srt"])
        assert "cue 4 overlaps" in out.getvalue(), fmt


def test_quiet_does_not_count_what_another_finding_stands_for() -> None:
    behind = Diagnostic("TRN107", Severity.NOTE, "content/fr/a.mdx", 7, "code missing",
                        folded=True)
    outdated = Diagnostic("TRN005", Severity.WARNING, "content/fr/a.mdx", 1, "outdated")
    findings = shape([OVERLAP, outdated, behind], how=Shape(quiet=True))
    assert findings.hidden == [outdated]
    out = io.StringIO()
    write_report(findings, "text", out, title="check")
    assert "(1 warning not shown: --quiet)" in out.getvalue()
    assert shape([OVERLAP, outdated, behind], how=Shape(quiet=True, show_all=True)).hidden == [
        outdated, behind]
