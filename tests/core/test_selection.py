"""Rule selection from the command line and the configuration, as ruff does it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.diagnostics import Severity
from coursekit.selection import Layer, Selection
from tests.core.overlap_course import write_overlap_course


@pytest.fixture
def course(tmp_path: Path) -> Path:
    return write_overlap_course(tmp_path)


def _check(course: Path, *args: str, config: str | None = None) -> tuple[int, list[str]]:
    if config is not None:
        (course / "coursekit.toml").write_text(config, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "--root", str(course), "--format", "json", *args])
    assert "Traceback" not in result.output
    if result.exit_code == 2 and not result.output.lstrip().startswith("{"):
        return 2, []
    data = json.loads(result.output)
    return result.exit_code, sorted(d["rule"] for d in data["diagnostics"])


def test_every_rule_runs_by_default(course: Path) -> None:
    assert _check(course) == (1, ["SUB104", "SUB201", "SUB202", "SUB205"])


def test_select_a_prefix(course: Path) -> None:
    assert _check(course, "--select", "SUB2") == (0, ["SUB201", "SUB202", "SUB205"])


def test_ignore_a_prefix_and_a_code(course: Path) -> None:
    assert _check(course, "--ignore", "SUB1,SUB205") == (0, ["SUB201", "SUB202"])


def test_more_specific_select_beats_ignore(course: Path) -> None:
    assert _check(course, "--select", "SUB202", "--ignore", "SUB2") == (0, ["SUB202"])


def test_command_line_select_replaces_the_configuration(course: Path) -> None:
    config = 'select = ["SUB1"]\nignore = ["SUB202"]\n'
    assert _check(course, config=config) == (1, ["SUB104"])
    assert _check(course, "--extend-select", "SUB205", config=config) == (1, ["SUB104", "SUB205"])
    assert _check(course, "--select", "SUB20") == (0, ["SUB201", "SUB202", "SUB205"])


def test_per_file_ignores_and_severity(course: Path) -> None:
    config = (
        '[tool.coursekit]\nseverity = { SUB104 = "warning", SUB2 = "note" }\n'
        '[tool.coursekit.per-file-ignores]\n"subtitles/en/*" = ["SUB205"]\n'
    )
    assert _check(course, config=config) == (0, ["SUB104", "SUB201", "SUB202"])
    result = CliRunner().invoke(cli, ["check", "--root", str(course), "--format", "json"])
    levels = {d["rule"]: d["severity"] for d in json.loads(result.output)["diagnostics"]}
    assert levels == {"SUB104": "warning", "SUB201": "note", "SUB202": "note"}


def test_unknown_code_on_the_command_line_is_a_usage_error(course: Path) -> None:
    result = CliRunner().invoke(cli, ["check", "--root", str(course), "--ignore", "SUX"])
    assert result.exit_code == 2
    assert "no rule code starts with SUX" in result.output


def test_unknown_code_in_configuration_is_a_finding_and_exit_2(course: Path) -> None:
    result = CliRunner().invoke(cli, ["check", "subtitles", "--root", str(course)],
                                env={"COLUMNS": "200"})
    assert result.exit_code == 1
    (course / "coursekit.toml").write_text('ignore = ["SUB9"]\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "subtitles", "--root", str(course)])
    assert result.exit_code == 2
    assert "1: error CFG001" in result.output and "'SUB9'" in result.output


def test_other_commands_stop_on_a_bad_configuration(course: Path) -> None:
    (course / "coursekit.toml").write_text("\n[verify]\ntimeout = -1\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["build", "--root", str(course)])
    assert result.exit_code == 2
    assert "coursekit.toml:3: error CFG001" in result.output
    assert "Traceback" not in result.output


def test_layers_resolve_like_ruff() -> None:
    layers = (Layer(select=("ALL",), ignore=("TRN1",)), Layer(extend_select=("TRN102",)))
    selection = Selection(layers, severities={"TRN": Severity.NOTE, "TRN3": Severity.ERROR})
    assert selection.enabled("SUB101") and selection.enabled("TRN102")
    assert not selection.enabled("TRN103")
    assert selection.severity_of("TRN301") is Severity.ERROR
    assert selection.severity_of("TRN201") is Severity.NOTE
    assert selection.severity_of("SUB101") is None


def test_a_select_of_unknown_codes_only_keeps_every_rule(course: Path) -> None:
    code, found = _check(course, config='select = ["SUB9"]\n')
    assert code == 2
    assert found == ["CFG001", "SUB104", "SUB201", "SUB202", "SUB205"]


def test_configuration_selection_applies_to_build_findings(tmp_path: Path) -> None:
    lesson = tmp_path / "content" / "en" / "chapter1" / "1.mdx"
    lesson.parent.mkdir(parents=True)
    lesson.write_text("# Title\n\n```py\ndef broken(:\n```\n", encoding="utf-8")
    (tmp_path / "content" / "en" / "_toctree.yml").write_text(
        "- title: One\n  sections:\n  - local: chapter1/1\n    title: Title\n", encoding="utf-8")
    args = ["build", "--root", str(tmp_path), "--format", "json"]
    result = CliRunner().invoke(cli, args)
    assert "NBK105" in result.output, result.output
    (tmp_path / "coursekit.toml").write_text('ignore = ["NBK105"]\n', encoding="utf-8")
    result = CliRunner().invoke(cli, args)
    assert "NBK105" not in result.output


@pytest.mark.parametrize(("pattern", "path", "ignored"), [
    ("subtitles/en/01_a.srt", "subtitles/en/01_a.srt", True),
    ("./subtitles/en/01_a.srt", "subtitles/en/01_a.srt", True),  # from the course root
    ("./subtitles/*", "subtitles/en/01_a.srt", True),
    ("subtitles/en/**/01_a.srt", "subtitles/en/01_a.srt", True),  # `**/`: no folder too
    ("subtitles/**/01_a.srt", "subtitles/en/deep/01_a.srt", True),
    ("**/01_a.srt", "subtitles/en/01_a.srt", True),
    ("subtitles/*", "subtitles/en/01_a.srt", True),  # `*` across folders
    ("01_?.srt", "subtitles/en/01_a.srt", True),  # a pattern matches the file name too
    ("subtitles/[ef][nr]/*", "subtitles/fr/01_a.srt", True),
    ("subtitles/[!e]*/*", "subtitles/en/01_a.srt", False),
    ("subtitles/[^e]*/*", "subtitles/en/01_a.srt", False),
    ("subtitles/e[&&n]/*", "subtitles/en/01_a.srt", True),
    ("subtitles/en/**/01_a.srt", "subtitles/en/01_b.srt", False),
    ("./subtitles/fr/*", "subtitles/en/01_a.srt", False),
    ("content/**", "subtitles/en/01_a.srt", False),
    ("!subtitles/fr/**", "subtitles/en/01_a.srt", True),  # negated, as ruff's `!`
    ("!subtitles/en/**", "subtitles/en/01_a.srt", False),
    ("!01_a.srt", "subtitles/en/01_a.srt", False),
])
def test_per_file_ignores_read_their_patterns_as_ruff_does(
        pattern: str, path: str, ignored: bool) -> None:
    selection = Selection(per_file_ignores={pattern: ("SUB2",)})
    assert selection.ignored_in("SUB205", path) is ignored
    assert not selection.ignored_in("SUB104", path)


def test_a_per_file_ignore_with_a_dot_slash_applies_in_a_check(course: Path) -> None:
    config = '[per-file-ignores]\n"./subtitles/en/**/01_a.srt" = ["SUB2"]\n'
    assert _check(course, config=config) == (1, ["SUB104"])


def test_a_pattern_that_is_no_glob_is_a_finding_at_its_line(course: Path) -> None:
    config = '[per-file-ignores]\n"subtitles/*" = ["SUB1"]\n"subtitles/[z-a]/*" = ["SUB2"]\n'
    (course / "coursekit.toml").write_text(config, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "--root", str(course), "--format", "json"])
    found = json.loads(result.output)["diagnostics"]
    assert result.exit_code == 2
    assert [(d["rule"], d["line"]) for d in found if d["rule"] == "CFG001"] == [("CFG001", 3)]
    assert "SUB104" not in {d["rule"] for d in found}  # the good pattern still applies


def test_options_before_the_subcommand_are_its_options_too(course: Path) -> None:
    def rules(*args: str) -> tuple[int, list[str]]:
        result = CliRunner().invoke(cli, ["check", *args])
        assert result.exit_code != 2, result.output
        return result.exit_code, sorted(d["rule"] for d in json.loads(result.output)["diagnostics"])

    before = rules("--root", str(course), "--format", "json", "--select", "SUB2", "subtitles")
    after = rules("subtitles", "--root", str(course), "--format", "json", "--select", "SUB2")
    assert before == after == (0, ["SUB201", "SUB202", "SUB205"])
    # one written after the subcommand wins
    assert rules("--root", str(course), "--format", "json", "--select", "SUB1", "subtitles",
                 "--select", "SUB2") == after


def test_diff_under_quiet_still_counts_what_quiet_left_out(course: Path) -> None:
    result = CliRunner().invoke(cli, ["check", "--root", str(course), "--diff", "--quiet"])
    assert result.exit_code == 1, result.output
    assert "error SUB104" in result.output and "SUB202" not in result.output
    assert "(3 warnings not shown: --quiet)" in result.output
    assert "to see the errors alone" not in result.output  # it is what was asked


def test_a_run_of_errors_alone_is_not_told_how_to_see_errors_alone(course: Path) -> None:
    errors = CliRunner().invoke(cli, ["check", "--root", str(course), "--select", "SUB104"])
    assert "error SUB104" in errors.output
    assert "to see the errors alone" not in errors.output  # there is nothing else
    mixed = CliRunner().invoke(cli, ["check", "--root", str(course)])
    assert "to see the errors alone: coursekit check --quiet" in mixed.output
