"""What each report format tells a CI system, whatever the shape of the run: the
``--statistics`` summary under ``--quiet``, JUnit's counts, SARIF's locations."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

from coursekit.diagnostics import Diagnostic, Severity
from coursekit.report.pipeline import Shape, shape, write_report

OVERLAP = Diagnostic("SUB101", Severity.ERROR, "subtitles/fr/a.srt", 4, "cue 4 overlaps")
LONG = Diagnostic("SUB201", Severity.WARNING, "subtitles/fr/a.srt", 9, "line too long")
STYLE = Diagnostic("SUB205", Severity.NOTE, "subtitles/fr/b.srt", 2, "stray space")


def _written(fmt: str, *found: Diagnostic, quiet: bool = False,
             statistics: bool = False) -> str:
    out = io.StringIO()
    write_report(shape(found, how=Shape(quiet=quiet)), fmt, out, title="check",
                 statistics=statistics)
    return out.getvalue()


def test_statistics_under_quiet_count_what_quiet_left_out() -> None:
    last = _written("text", OVERLAP, LONG, STYLE, quiet=True, statistics=True).splitlines()[-1]
    assert last == "check: 1 error, 0 warnings in 1 file (1 warning, 1 note not shown: --quiet)"


def test_statistics_under_quiet_of_warnings_alone_are_not_called_clean() -> None:
    last = _written("text", LONG, quiet=True, statistics=True).splitlines()[-1]
    assert last == "check: clean (1 warning not shown: --quiet)"


def test_statistics_without_quiet_end_with_the_plain_summary() -> None:
    last = _written("text", OVERLAP, LONG, statistics=True).splitlines()[-1]
    assert last == "check: 1 error, 1 warning in 1 file"


def _location(path: str) -> dict[str, object]:
    from coursekit.report.sarif import sarif_log

    found = Diagnostic("CFG006", Severity.WARNING, path, None, "not checked")
    result = sarif_log([found], "check")["runs"][0]["results"][0]
    location: dict[str, object] = result["locations"][0]["physicalLocation"]["artifactLocation"]
    return location


def test_a_sarif_location_whose_first_folder_has_a_colon_is_no_uri_scheme() -> None:
    from urllib.parse import unquote, urlsplit

    location = _location("a:b.srt")
    assert urlsplit(str(location["uri"])).scheme == ""
    assert unquote(str(location["uri"])) == "./a:b.srt"
    assert location["uriBaseId"] == "%SRCROOT%"


def test_a_sarif_location_outside_the_course_is_an_absolute_file_uri() -> None:
    assert _location("/tmp/elsewhere/a b.srt") == {"uri": "file:///tmp/elsewhere/a%20b.srt"}


def test_a_plain_sarif_location_is_relative_to_the_source_root() -> None:
    assert _location("subtitles/fr/a:b.srt") == {
        "uri": "subtitles/fr/a:b.srt", "uriBaseId": "%SRCROOT%"}


def _junit(*found: Diagnostic, checked: tuple[str, ...] = ()) -> ET.Element:
    from coursekit.report.junit import render_junit

    out = io.StringIO()
    render_junit(found, out, "check", checked)
    return ET.fromstring(out.getvalue().split("\n", 1)[1])


def _counts(element: ET.Element) -> dict[str, str | None]:
    return {key: element.get(key) for key in ("tests", "failures", "errors", "skipped")}


def test_junit_suites_count_the_warnings_they_skip() -> None:
    root = _junit(OVERLAP, LONG, STYLE, checked=("subtitles/en/c.srt",))
    suites = {s.get("name"): s for s in root.iter("testsuite")}
    assert _counts(suites["subtitles/fr/a.srt"]) == {
        "tests": "2", "failures": "1", "errors": "0", "skipped": "1"}
    assert _counts(suites["subtitles/fr/b.srt"]) == {  # a note alone: clean
        "tests": "1", "failures": "0", "errors": "0", "skipped": "0"}
    assert _counts(root) == {"tests": "4", "failures": "1", "errors": "0", "skipped": "1"}


def test_junit_counts_match_the_test_cases() -> None:
    root = _junit(OVERLAP, LONG, LONG, checked=("subtitles/en/c.srt",))
    for suite in root.iter("testsuite"):
        cases = list(suite.iter("testcase"))
        assert int(suite.get("tests", "-1")) == len(cases)
        assert int(suite.get("skipped", "-1")) == sum(c.find("skipped") is not None
                                                      for c in cases)
    assert int(root.get("tests", "-1")) == len(list(root.iter("testcase")))
