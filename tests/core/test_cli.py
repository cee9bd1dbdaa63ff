"""The thin CLI: rule table, exit codes, no tracebacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.rules import AREAS, all_rules


def test_rules_table_lists_every_code_once() -> None:
    result = CliRunner().invoke(cli, ["rules", "--format", "json"])
    assert result.exit_code == 0
    codes = [r["code"] for r in json.loads(result.output)]
    assert codes == sorted(set(codes))
    assert codes == [r.code for r in all_rules()]
    assert "CFG001" in codes


def test_rule_codes_are_grouped_by_area() -> None:
    for rule in all_rules():
        assert rule.code[:3] in AREAS, rule.code
        assert rule.code[3:].isdigit() and len(rule.code) == 6, rule.code
        assert rule.summary and rule.area and rule.reason


def test_bad_configuration_exits_2(tmp_path: Path) -> None:
    (tmp_path / "coursekit.toml").write_text("colour = 3\n")
    result = CliRunner().invoke(cli, ["check", "subtitles", "--root", str(tmp_path)])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "colour" in result.output


def test_unknown_option_exits_2() -> None:
    result = CliRunner().invoke(cli, ["build", "--no-such-option"])
    assert result.exit_code == 2


def test_unknown_language_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "subtitles" / "en").mkdir(parents=True)
    result = CliRunner().invoke(cli, ["check", "--root", str(tmp_path), "--lang", "xx"])
    assert result.exit_code == 2
    assert "no such language in this course: xx; found: en" in result.output


@pytest.mark.parametrize("command", [
    ["check"], ["check", "subtitles"], ["build"], ["coverage"], ["verify"],
    ["fix", "subtitles", "--dry-run"], ["fix", "lessons", "--dry-run"],
])
def test_a_language_the_configuration_leaves_out_is_named_as_left_out(
    tmp_path: Path, command: list[str],
) -> None:
    for lang in ("en", "fr"):
        (tmp_path / "subtitles" / lang).mkdir(parents=True)
        (tmp_path / "subtitles" / lang / "1.srt").write_text(
            "1\n00:00:01,000 --> 00:00:02,500\nHello there.\n\n", encoding="utf-8")
        (tmp_path / "content" / lang).mkdir(parents=True)
        (tmp_path / "content" / lang / "1.mdx").write_text("# One\n\n```py\nx = 1\n```\n",
                                                           encoding="utf-8")
    (tmp_path / "coursekit.toml").write_text('languages = ["en"]\n', encoding="utf-8")
    result = CliRunner().invoke(cli, [*command, "--root", str(tmp_path), "--lang", "fr"])
    assert result.exit_code == 2, result.output
    assert "found: en (the configuration's `languages` leaves out fr" in result.output
    result = CliRunner().invoke(cli, [*command, "--root", str(tmp_path), "--lang", "de"])
    assert result.exit_code == 2, result.output
    assert "found: en\n" in result.output  # de is no folder: nothing left out


def test_known_language_is_accepted(tmp_path: Path) -> None:
    (tmp_path / "subtitles" / "en").mkdir(parents=True)
    result = CliRunner().invoke(cli, ["check", "--root", str(tmp_path), "--lang", "EN"])
    assert result.exit_code == 0, result.output


def test_missing_root_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["check", "--root", str(tmp_path / "nope")])
    assert result.exit_code == 2
    assert "is not a folder" in result.output


def test_folder_without_course_content_is_reported(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["check", "--root", str(tmp_path)])
    assert result.exit_code == 1
    assert "CFG002" in result.output


def test_verify_unknown_language_is_a_usage_error(tmp_path: Path) -> None:
    chapter = tmp_path / "content" / "en" / "chapter1"
    chapter.mkdir(parents=True)
    (chapter / "1.mdx").write_text("# One\n\n```py\nx = 1\n```\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["verify", "--root", str(tmp_path), "--lang", "de"])
    assert result.exit_code == 2
    assert "no such language in this course: de; found: en" in result.output


def test_check_does_not_import_the_executor() -> None:
    """Commands import what they use: ``check`` leaves nbclient and the build alone."""
    import subprocess
    import sys

    code = (
        "import sys; from click.testing import CliRunner; from coursekit.cli import cli; "
        "CliRunner().invoke(cli, ['check', '--help']); "
        "print(sorted(m for m in ('nbclient', 'jupytext', 'coursekit.execution.verify') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_a_shared_reason_is_shared_by_rules_of_one_severity() -> None:
    """A ``why`` written for one rule and pasted onto its neighbour contradicts its
    severity: one sentence cannot explain both an error and a warning."""
    severities: dict[str, set[str]] = {}
    for rule in all_rules():
        if rule.why:
            severities.setdefault(rule.why, set()).add(rule.severity.value)
    assert {why: found for why, found in severities.items() if len(found) > 1} == {}


def test_rules_text_puts_each_why_under_its_own_rule() -> None:
    lines = CliRunner().invoke(cli, ["rules"]).output.splitlines()
    rules = all_rules()
    assert len(lines) == 2 * len(rules)
    for rule, head, why in zip(rules, lines[::2], lines[1::2], strict=True):
        assert head.startswith(f"{rule.code}  {rule.area:<13} {rule.severity.value:<7}  "), head
        assert why == f"        why {rule.severity.value}: {rule.reason}"
