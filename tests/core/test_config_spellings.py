"""A key of the coursekit table may be written with dashes or underscores, once: the same
key in both spellings is a CFG001 finding at its second line (neither value is taken,
as for any bad value), and a bad entry of ``per-file-ignores`` is named at its own line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli

OVERLAP = "1\n00:00:01,000 --> 00:00:04,000\nHello\n\n2\n00:00:03,000 --> 00:00:05,000\nThere\n\n"
"""SUB104 (overlap)."""


def _check(root: Path, config: str, name: str = "coursekit.toml") -> tuple[int, list[str]]:
    (root / "subtitles/en").mkdir(parents=True, exist_ok=True)
    (root / "subtitles/en/01_a.srt").write_text(OVERLAP, encoding="utf-8")
    (root / name).write_text(config, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--format", "json"])
    found = json.loads(result.stdout)["diagnostics"]
    return result.exit_code, [f"{d['rule']} {d['path']}:{d['line']}" for d in found
                              if d["rule"] == "CFG001"]


@pytest.mark.parametrize(("config", "line"), [
    ('source-language = "en"\nsource_language = "en"\n', 2),
    ('ignore = ["SUB2"]\nextend-select = ["SUB1"]\nextend_select = ["SUB1"]\n', 3),
    ('[per-file-ignores]\n"x" = ["SUB2"]\n\n[per_file_ignores]\n"subtitles/*" = ["SUB1"]\n', 4),
    ('[tool.coursekit]\nbuild_dir = "b"\nbuild-dir = "b"\n', 3),
    # the settings of an area's table, a language's subtitle table among them
    ("[subtitles]\nmax-cps = 100\nmax_cps = 5\n", 3),
    ("[subtitles.en]\nmax_lines = 3\nmax-lines = 2\n", 3),
    ("[translations]\nbundled-stale-apis = true\nbundled_stale_apis = false\n", 3),
    ("[verify]\nstartup-timeout = 60\nstartup_timeout = 30\n", 3),
    ("[notebooks]\npage-url = 'a'\npage_url = 'b'\n", 3),
])
def test_a_key_in_both_spellings_is_a_finding_at_its_second_line(
        tmp_path: Path, config: str, line: int) -> None:
    assert _check(tmp_path, config) == (2, [f"CFG001 coursekit.toml:{line}"])


def test_names_in_deeper_tables_are_data_not_settings(tmp_path: Path) -> None:
    config = ('[subtitles.severity]\nSUB104 = "note"\n'
              '[per-file-ignores]\n"subtitles/a-b.srt" = ["SUB1"]\n'
              '"subtitles/a_b.srt" = ["SUB1"]\n')
    assert _check(tmp_path, config) == (0, [])


def test_one_spelling_of_each_key_is_read(tmp_path: Path) -> None:
    config = ('source_language = "en"\nextend-select = ["SUB1"]\n'
              '[per_file_ignores]\n"subtitles/*" = ["SUB1"]\n')
    assert _check(tmp_path, config) == (0, [])


@pytest.mark.parametrize("spelling", ["per-file-ignores", "per_file_ignores"])
def test_a_bad_per_file_ignore_is_named_at_its_own_line(tmp_path: Path, spelling: str) -> None:
    config = f'[tool.coursekit]\nlanguages = ["en"]\n\n[tool.coursekit.{spelling}]\n' \
             '"x" = ["SUB2"]\n"y" = ["XYZ"]\n'
    assert _check(tmp_path, config, "pyproject.toml") == (2, ["CFG001 pyproject.toml:6"])


def test_a_per_file_ignore_that_is_no_list_is_named_at_its_line(tmp_path: Path) -> None:
    config = '[per_file_ignores]\n"a" = ["SUB1"]\n"b" = "SUB1"\n'
    assert _check(tmp_path, config) == (2, ["CFG001 coursekit.toml:3"])


def test_a_pyproject_table_beside_coursekit_toml_is_a_finding_at_its_header(
        tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "course"\n\n[tool.coursekit]\nignore = ["SUB1"]\n', encoding="utf-8")
    assert _check(tmp_path, 'languages = ["en"]\n') == (2, ["CFG001 pyproject.toml:4"])


def test_a_pyproject_without_a_coursekit_table_beside_coursekit_toml_is_fine(
        tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "course"\n[tool.ruff]\nline-length = 90\n', encoding="utf-8")
    assert _check(tmp_path, 'languages = ["en"]\n') == (1, [])
