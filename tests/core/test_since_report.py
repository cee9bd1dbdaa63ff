"""``check --since`` when the change touched nothing the course checks: the report a CI
step reads next is still written in the format asked for, and a bad configuration
still ends the run with exit 2."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli

SUBTITLE = "1\n00:00:01,000 --> 00:00:04,000\nHello there\n\n"


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
                   cwd=root, check=True, capture_output=True)


@pytest.fixture
def course(tmp_path: Path) -> Path:
    root = tmp_path / "course"
    (root / "subtitles" / "en").mkdir(parents=True)
    (root / "subtitles" / "en" / "01_a.srt").write_text(SUBTITLE, encoding="utf-8")
    _git(root, "init", "-q", ".")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "course")
    return root


def _since_head(course: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", "--root", str(course), "--since", "HEAD", *args])
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout


def test_nothing_changed_still_writes_the_sarif_file_asked_for(course: Path,
                                                             tmp_path: Path) -> None:
    sarif = tmp_path / "findings.sarif"
    code, _ = _since_head(course, "--format", "sarif", "--output", str(sarif))
    assert code == 0
    assert json.loads(sarif.read_text("utf-8"))["runs"][0]["results"] == []


def test_nothing_changed_is_an_empty_json_report(course: Path) -> None:
    code, out = _since_head(course, "--format", "json")
    assert code == 0
    assert json.loads(out)["diagnostics"] == []


def test_nothing_changed_in_text_says_so(course: Path) -> None:
    assert _since_head(course) == (0, "check: nothing changed since HEAD\n")


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_bad_configuration_fails_the_run_though_nothing_changed(course: Path,
                                                                  fmt: str) -> None:
    (course / "coursekit.toml").write_text('select = ["NOPE"]\n', encoding="utf-8")
    _git(course, "add", "coursekit.toml")
    _git(course, "commit", "-q", "-m", "configuration")
    code, out = _since_head(course, "--format", fmt)
    assert code == 2
    assert "coursekit.toml" in out and "CFG001" in out


def test_a_partial_check_updates_its_part_of_the_baseline(course: Path, tmp_path: Path,
                                                          ) -> None:
    srt = course / "subtitles" / "en" / "01_a.srt"
    srt.write_text(SUBTITLE.replace("there", "there "), encoding="utf-8")  # SUB205
    _git(course, "commit", "-q", "-am", "a stray space")
    baseline = tmp_path / "baseline.json"
    record = ["--baseline", str(baseline), "--update-baseline"]
    whole = CliRunner().invoke(cli, ["check", "--root", str(course), *record])
    assert whole.exit_code == 0, whole.output
    others = {(e["path"], e["id"]) for e in json.loads(baseline.read_bytes())["findings"]
              if e["path"] != "subtitles/en/01_a.srt"}
    srt.write_text(SUBTITLE + "2\n00:00:05,000 --> 00:00:06,000\nAnd more\n\n", encoding="utf-8")
    since, _ = _since_head(course, *record)
    named = CliRunner().invoke(cli, ["check", "subtitles", "--root", str(course), str(srt),
                                     *record])
    assert (since, named.exit_code) == (0, 0), named.output
    kept = {(e["path"], e["id"]) for e in json.loads(baseline.read_bytes())["findings"]}
    assert others <= kept  # the files the partial runs did not check keep their entries
    again = CliRunner().invoke(cli, ["check", "--root", str(course), "--baseline",
                                     str(baseline)])
    assert again.exit_code == 0, again.output  # and nothing reads as new


OVERLAP = ("1\n00:00:01,000 --> 00:00:04,000\nHello there\n\n"
           "2\n00:00:03,000 --> 00:00:05,000\nAgain\n\n")
"""SUB104 (cues that overlap), an error."""


@pytest.mark.parametrize(("before", "after", "name"), [
    (None, 'ignore = ["SUB2"]\n', "coursekit.toml"),  # a configuration added
    ('ignore = ["SUB104"]\n', 'ignore = ["SUB2"]\n', "coursekit.toml"),  # one rule back
    ('[tool.coursekit]\nignore = ["SUB104"]\n', '[project]\nname = "course"\n',
     "pyproject.toml"),  # the table taken out
])
def test_a_change_of_the_configuration_checks_every_file(
    course: Path, before: str | None, after: str, name: str,
) -> None:
    (course / "subtitles" / "en" / "02_b.srt").write_text(OVERLAP, encoding="utf-8")
    if before is not None:
        (course / name).write_text(before, encoding="utf-8")
    _git(course, "add", "-A")
    _git(course, "commit", "-q", "-m", "a file with an overlap")
    assert _since_head(course)[0] == 0  # nothing changed
    (course / name).write_text(after, encoding="utf-8")
    code, out = _since_head(course)
    assert code == 1, out
    assert "SUB104" in out and "subtitles/en/02_b.srt" in out


def test_a_change_elsewhere_in_pyproject_beside_coursekit_toml_narrows_as_before(
        course: Path) -> None:
    (course / "subtitles" / "en" / "02_b.srt").write_text(OVERLAP, encoding="utf-8")
    (course / "coursekit.toml").write_text('ignore = ["SUB2"]\n', encoding="utf-8")
    (course / "pyproject.toml").write_text('[project]\nname = "a"\n', encoding="utf-8")
    _git(course, "add", "-A")
    _git(course, "commit", "-q", "-m", "course")
    (course / "pyproject.toml").write_text('[project]\nname = "b"\n', encoding="utf-8")
    code, out = _since_head(course)
    assert code == 0 and "SUB104" not in out, out
