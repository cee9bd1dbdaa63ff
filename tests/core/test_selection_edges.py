"""Rule selection at its edges: what a selector may be, and what a selection may drop."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.rules import all_rules
from coursekit.selection import Selection, unknown_selectors
from tests.core.overlap_course import write_overlap_course

CODES = [r.code for r in all_rules()]


def _check(root: Path, *args: str, config: str | None = None) -> tuple[int, list[dict[str, str]]]:
    if config is not None:
        (root / "coursekit.toml").write_text(config, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--format", "json", *args])
    assert "Traceback" not in result.output
    return result.exit_code, json.loads(result.output)["diagnostics"]


@pytest.mark.parametrize("selector", ["", "S", "SU", "TR", "T1", "SUB2X", "sub", " SUB"])
def test_an_empty_selector_or_part_of_an_area_names_no_rule(selector: str) -> None:
    assert unknown_selectors([selector], CODES) == [selector]


@pytest.mark.parametrize("selector", ["ALL", "SUB", "SUB2", "SUB20", "SUB205", "CFG", "TRN1"])
def test_an_area_with_or_without_digits_is_a_selector(selector: str) -> None:
    assert unknown_selectors([selector], CODES) == []


@pytest.mark.parametrize("config", [
    'ignore = [""]\n',
    'ignore = ["S"]\n',
    'severity = { "" = "note" }\n',
    '[per-file-ignores]\n"*" = [""]\n',
])
def test_an_empty_selector_in_the_configuration_is_a_finding(tmp_path: Path,
                                                           config: str) -> None:
    code, found = _check(write_overlap_course(tmp_path), config=config)
    assert code == 2
    bad = [d["message"] for d in found if d["rule"] == "CFG001"]
    assert len(bad) == 1 and "names no rule" in bad[0], bad
    # the bad entry drops nothing and lowers nothing
    assert {"SUB104": "error", "SUB205": "warning"}.items() <= {
        d["rule"]: d["severity"] for d in found}.items()


def test_an_area_in_the_configuration_still_selects(tmp_path: Path) -> None:
    code, found = _check(write_overlap_course(tmp_path), config='ignore = ["SUB2"]\n')
    assert (code, [d["rule"] for d in found]) == (1, ["SUB104"])


def test_part_of_an_area_on_the_command_line_is_a_usage_error(tmp_path: Path) -> None:
    course = write_overlap_course(tmp_path)
    result = CliRunner().invoke(cli, ["check", "--root", str(course), "--ignore", "SU"])
    assert result.exit_code == 2
    assert "no rule code starts with SU " in result.output


@pytest.mark.parametrize(("pattern", "path", "ignored"), [
    ("subtitles\\en\\*", "subtitles/en/01_a.srt", True),  # as Windows writes paths
    (".\\subtitles\\**\\01_a.srt", "subtitles/en/01_a.srt", True),
    ("subtitles\\fr\\*", "subtitles/en/01_a.srt", False),
    ("subtitles/en/*", "subtitles/en/01_a.srt", True),
])
def test_a_backslash_in_a_pattern_separates_folders(pattern: str, path: str,
                                                     ignored: bool) -> None:
    assert Selection(per_file_ignores={pattern: ("SUB2",)}).ignored_in("SUB205", path) is ignored


def test_a_per_file_ignore_written_with_backslashes_applies_in_a_check(tmp_path: Path) -> None:
    course = write_overlap_course(tmp_path)
    code, found = _check(course, config="[per-file-ignores]\n'subtitles\\en\\*' = ['SUB2']\n")
    assert (code, [d["rule"] for d in found]) == (1, ["SUB104"])
    code, found = _check(course, config="[per-file-ignores]\n'subtitles\\fr\\*' = ['SUB2']\n")
    # the pattern takes no file of the course: said (CFG008), and nothing is ignored
    assert (code, sorted(d["rule"] for d in found)) == (1, ["CFG008", "SUB104", "SUB201",
                                                            "SUB202", "SUB205"])


@pytest.mark.parametrize("args", [
    ("--select", "SUB"), ("--ignore", "ALL"), ("--select", "LES", "--ignore", "SUB")])
def test_a_selection_that_does_not_name_it_keeps_no_content(tmp_path: Path,
                                                            args: tuple[str, ...]) -> None:
    code, found = _check(tmp_path, *args)
    assert (code, [d["rule"] for d in found]) == (1, ["CFG002"])


@pytest.mark.parametrize("config", [
    'select = ["SUB104"]\n', 'severity = { ALL = "note" }\n',
    '[per-file-ignores]\n"*" = ["ALL"]\n'])
def test_a_missing_file_is_reported_whatever_the_selection_leaves_out(tmp_path: Path,
                                                                     config: str) -> None:
    course = write_overlap_course(tmp_path)
    (course / "coursekit.toml").write_text(config, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "subtitles", "--root", str(course), "--format",
                                      "json", str(course / "subtitles" / "en" / "02_b.srt")])
    code, found = result.exit_code, json.loads(result.output)["diagnostics"]
    assert code == 1
    assert [(d["rule"], d["severity"]) for d in found] == [("CFG005", "error")]


@pytest.mark.parametrize("args", [("--ignore", "CFG"), ("--ignore", "CFG002")])
def test_a_selector_that_names_no_content_drops_it(tmp_path: Path,
                                                   args: tuple[str, ...]) -> None:
    assert _check(tmp_path, *args) == (0, [])


@pytest.mark.parametrize(("config", "said"), [
    ('ignore = ["sub205"]\n', "names no rule: 'sub205' (did you mean `SUB205`?)"),
    ('select = [" SUB2"]\n', "names no rule: ' SUB2' (did you mean `SUB2`?)"),
    ('select = ["all"]\n', "names no rule: 'all' (did you mean `ALL`?)"),
    ('severity = { sub104 = "note" }\n', "names no rule: 'sub104' (did you mean `SUB104`?)"),
    ('ignore = ["SUB9"]\n', "names no rule: 'SUB9'"),  # no rule to offer
])
def test_a_code_in_lower_case_or_with_spaces_names_the_code_meant(
        tmp_path: Path, config: str, said: str) -> None:
    code, found = _check(write_overlap_course(tmp_path), config=config)
    assert code == 2
    assert [d["message"].partition("] ")[2] for d in found if d["rule"] == "CFG001"] == [
        f"`{config.split()[0]}` {said}"]


def test_a_code_in_lower_case_on_the_command_line_names_the_code_meant(tmp_path: Path) -> None:
    course = write_overlap_course(tmp_path)
    result = CliRunner().invoke(cli, ["check", "--root", str(course), "--ignore", "sub2,SUB9"])
    assert result.exit_code == 2
    assert "no rule code starts with sub2 (did you mean `SUB2`?), SUB9 (see" in result.output


@pytest.mark.parametrize(("option", "value"), [
    ("--select", ""), ("--ignore", "SUB2,,SUB1"), ("--extend-select", ","),
])
def test_an_empty_selector_on_the_command_line_is_a_usage_error(
        tmp_path: Path, option: str, value: str) -> None:
    course = write_overlap_course(tmp_path)
    result = CliRunner().invoke(cli, ["check", "--root", str(course), option, value])
    assert result.exit_code == 2, result.output  # not every rule, as if none were given
    assert f"{option} {value!r}: an empty selector names no rule" in result.output
    clean = CliRunner().invoke(cli, ["check", "--root", str(course), option, "SUB1"])
    assert clean.exit_code != 2, clean.output
