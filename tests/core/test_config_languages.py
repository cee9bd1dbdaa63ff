"""A configured language the course has no lessons or subtitles in is a CFG001 finding
at its line, naming the value and the languages found, and the command exits 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.config.check import config_findings

CUE = b"1\n00:00:01,000 --> 00:00:02,500\nHello there.\n\n"
FOUND = "(found: en, fr)"


def _course(root: Path, config_name: str, text: str) -> Path:
    (root / "chapters/en").mkdir(parents=True)
    (root / "chapters/en/1.mdx").write_text("# One\n", encoding="utf-8")
    (root / "subtitles/fr").mkdir(parents=True)
    (root / "subtitles/fr/1.srt").write_bytes(CUE)
    (root / config_name).write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize(("name", "text", "line", "said"), [
    ("pyproject.toml", '[tool.coursekit]\n\nlanguages = ["en", "fr", "de"]\n', 3,
     "[tool.coursekit] `languages` lists `de`, which the course has no lessons or subtitles "
     f"in {FOUND}"),
    ("pyproject.toml", '[tool.coursekit]\nlanguages = ["xx-YY"]\n', 2, "lists `xx-YY`"),
    ("coursekit.toml", '# course\nsource-language = "de"\n', 2,
     f"`source-language` is `de`, which the course has no lessons or subtitles in {FOUND}"),
    ("coursekit.toml", 'build-dir = "b"\nsource_language = "de"\n', 2,
     "`source_language` is `de`"),
])
def test_a_language_the_course_lacks_is_cfg001_at_its_line(
    tmp_path: Path, name: str, text: str, line: int, said: str,
) -> None:
    root = _course(tmp_path, name, text)
    [finding] = config_findings(Course.open(root))
    assert (finding.rule, finding.path, finding.line) == ("CFG001", name, line)
    assert said in finding.message
    result = CliRunner().invoke(cli, ["check", "--root", str(root)])
    assert result.exit_code == 2, result.output
    assert said in result.output


def test_a_source_language_the_course_lacks_is_left_at_its_default(tmp_path: Path) -> None:
    root = _course(tmp_path, "coursekit.toml", 'source-language = "de"\n')
    (root / "chapters/fr").mkdir()
    (root / "chapters/fr/1.mdx").write_text("# Un\n", encoding="utf-8")
    (root / "chapters/en/_toctree.yml").write_text(
        "- title: C\n  sections:\n  - local: '1'\n    title: One\n", encoding="utf-8")
    (root / "chapters/fr/_toctree.yml").write_text(
        (root / "chapters/en/_toctree.yml").read_text(encoding="utf-8"), encoding="utf-8")
    course = Course.open(root)
    assert course.source_language == "en"
    [finding] = config_findings(course)
    assert finding.message.endswith("; `en` is used")
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--format", "json"])
    rules = [d["rule"] for d in json.loads(result.output)["diagnostics"]]
    assert rules == ["CFG001"]  # not a TRN002 for every lesson, judged against `de`
    # Its counterpart: a source language the course has is used as configured.
    (root / "coursekit.toml").write_text('source-language = "fr"\n', encoding="utf-8")
    assert Course.open(root).source_language == "fr"


@pytest.mark.parametrize("text", [
    'source-language = "en"\nlanguages = ["en", "fr"]\n',
    'source-language = "fr"\nlanguages = ["FR"]\n',
    'languages = ["en"]\n',
    "",
])
def test_languages_the_course_has_are_no_finding(tmp_path: Path, text: str) -> None:
    root = _course(tmp_path, "coursekit.toml", text)
    assert config_findings(Course.open(root)) == []


def test_a_course_without_language_folders_is_left_to_cfg002(tmp_path: Path) -> None:
    (tmp_path / "coursekit.toml").write_text('source-language = "de"\n', encoding="utf-8")
    assert config_findings(Course.open(tmp_path)) == []


def test_a_course_configured_for_languages_it_lacks_still_has_content(tmp_path: Path) -> None:
    root = _course(tmp_path, "coursekit.toml", 'languages = ["xx-YY"]\n')
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--format", "json"])
    rules = [d["rule"] for d in json.loads(result.output)["diagnostics"]]
    assert "CFG001" in rules and "CFG002" not in rules  # not "no lessons under chapters/"
    # Nor is the advice to record the findings in a baseline, which never holds CFG001.
    text = CliRunner().invoke(cli, ["check", "--root", str(root)]).output
    assert "--update-baseline" not in text


def test_the_default_source_language_is_no_finding(tmp_path: Path) -> None:
    # Nobody wrote `source-language`: a course without an `en` folder says nothing of it.
    root = tmp_path / "course"
    (root / "content/fr").mkdir(parents=True)
    (root / "content/fr/1.mdx").write_text("# Un\n", encoding="utf-8")
    (root / "coursekit.toml").write_text("", encoding="utf-8")
    assert config_findings(Course.open(root)) == []


@pytest.mark.parametrize("written", ['["fr", "en", "FR"]', '["fr", "en", "fr"]'])
def test_a_language_written_twice_is_worked_on_once(tmp_path: Path, written: str) -> None:
    root = _course(tmp_path, "coursekit.toml", f"languages = {written}\n")
    (root / "subtitles/fr/1.srt").write_bytes(CUE[:-1])  # SUB018: no blank line at its end
    course = Course.open(root)
    assert course.config.languages == ("fr", "en")
    assert course.subtitle_languages() == ["fr"]
    assert config_findings(course) == []
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--format", "json"])
    found = [(d["rule"], d["path"], d["line"]) for d in json.loads(result.output)["diagnostics"]]
    assert len(found) == len(set(found)) > 0, found
