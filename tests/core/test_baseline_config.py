"""A baseline never records nor hides a configuration finding (CFGxxx); a baseline
file that is missing is said to be, and one of an unknown version is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.diagnostics import Diagnostic, Severity
from coursekit.report.baseline import (
    BaselineError,
    Entry,
    identity,
    read_entries,
    write_baseline,
)
from coursekit.report.baseline_match import split_entries

CLEAN = b"1\n00:00:01,000 --> 00:00:02,500\nHello there.\n\n"
BROKEN = b"1\n00:00:01,000 --> soon\nHello\n\n"
CONFIG = Diagnostic("CFG001", Severity.ERROR, "coursekit.toml", 1,
                    "[tool.coursekit] unknown key `sourc-language`")
FINDING = Diagnostic("SUB101", Severity.ERROR, "subtitles/en/a.srt", 3, "overlap")


def _course(root: Path, toml: str) -> Path:
    (root / "subtitles/en").mkdir(parents=True)
    (root / "subtitles/en/01_a.srt").write_bytes(CLEAN)
    (root / "subtitles/en/02_b.srt").write_bytes(BROKEN)
    (root / "coursekit.toml").write_text(toml, encoding="utf-8")
    return root


def _check(root: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", "--root", str(root), *args])
    return result.exit_code, result.output


def test_a_configuration_finding_is_not_recorded(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    assert write_baseline(path, [CONFIG, FINDING]) == 1
    assert [entry.id for entry in read_entries(path)] == [identity(FINDING)]


def test_a_configuration_finding_is_never_absorbed() -> None:
    recorded = [Entry(identity(CONFIG), 1), Entry(identity(FINDING), 1)]
    assert split_entries([CONFIG, FINDING], recorded)[0] == [CONFIG]


def test_a_recorded_configuration_problem_is_still_shown_and_exits_2(tmp_path: Path) -> None:
    root = _course(tmp_path / "course", 'sourc-language = "en"\n')
    baseline = str(tmp_path / "b.json")
    code, said = _check(root, "--baseline", baseline, "--update-baseline")
    assert code == 2, said
    assert said.startswith("recorded 2 finding(s)") and "CFG001" in said
    code, said = _check(root, "--baseline", baseline)
    assert code == 2, said
    assert "CFG001" in said and "unknown key `sourc-language`" in said
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--baseline", baseline,
                                      "--format", "json"])
    assert json.loads(result.stdout)["summary"]["errors"] == 1


def test_a_clean_configuration_records_everything_and_exits_0(tmp_path: Path) -> None:
    root = _course(tmp_path / "course", 'source-language = "en"\n')
    baseline = str(tmp_path / "b.json")
    code, said = _check(root, "--baseline", baseline, "--update-baseline")
    assert (code, said) == (0, f"recorded 2 finding(s) in {baseline}\n")
    code, said = _check(root, "--baseline", baseline)
    assert code == 0, said
    assert "does not exist" not in said


def test_a_missing_baseline_is_said_to_be(tmp_path: Path) -> None:
    root = _course(tmp_path / "course", 'source-language = "en"\n')
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--baseline",
                                      str(tmp_path / "none.json")])
    assert result.exit_code == 1, result.output
    assert "none.json does not exist" in result.stderr
    assert "does not exist" not in result.stdout


@pytest.mark.parametrize("version", ["2", "true", '"1"', "1.0", "null"])
def test_an_unknown_version_is_refused(tmp_path: Path, version: str) -> None:
    path = tmp_path / "b.json"
    path.write_text(f'{{"version": {version}, "findings": []}}', encoding="utf-8")
    with pytest.raises(BaselineError, match=f"baseline version {version} is not one"):
        read_entries(path)
    code, said = _check(_course(tmp_path / "course", ""), "--baseline", str(path))
    assert code == 2, said
    assert "is not one this coursekit reads" in said


@pytest.mark.parametrize("text", ['{"version": 1, "findings": []}', '{"findings": []}'])
def test_version_1_or_none_is_read(tmp_path: Path, text: str) -> None:
    path = tmp_path / "b.json"
    path.write_text(text, encoding="utf-8")
    assert read_entries(path) == []
