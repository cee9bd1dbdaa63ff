"""A ``content-dir`` or ``subtitles-dir`` that names no folder of the course, or one with
no language folder in it, is a CFG001 finding at its line, and every command exits 2:
the lessons or subtitles meant would otherwise go unchecked and unbuilt, unsaid."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.config.check import config_findings

CUE = b"1\n00:00:01,000 --> 00:00:02,500\nHello there.\n\n"


def _course(root: Path, config: str, name: str = "coursekit.toml") -> Path:
    (root / "docs/source/en").mkdir(parents=True)
    (root / "docs/source/en/1.mdx").write_text("# One\n", encoding="utf-8")
    (root / "docs/source/en/_toctree.yml").write_text(
        "- title: One\n  sections:\n  - local: '1'\n    title: One\n", encoding="utf-8")
    (root / "captions/en").mkdir(parents=True)
    (root / "captions/en/1.srt").write_bytes(CUE)
    (root / "notes").mkdir()
    (root / name).write_text(config, encoding="utf-8")
    return root


@pytest.mark.parametrize(("config", "name", "line", "said"), [
    ('content-dir = "docs/sources"\n', "coursekit.toml", 1,
     "`content-dir` names `docs/sources`, which is no folder of the course"),
    ('build-dir = "b"\ncontent_dir = "docs/source/en/1.mdx"\n', "coursekit.toml", 2,
     "`content_dir` names `docs/source/en/1.mdx`, which is no folder"),
    ('[tool.coursekit]\ncontent-dir = "docs/source"\nsubtitles-dir = "caption"\n',
     "pyproject.toml", 3, "`subtitles-dir` names `caption`, which is no folder"),
    ('content-dir = "docs"\n', "coursekit.toml", 1,
     "`content-dir` names `docs`, which holds no language folder"),
    ('subtitles-dir = "notes"\n', "coursekit.toml", 1,
     "`subtitles-dir` names `notes`, which holds no language folder"),
])
def test_a_folder_setting_that_finds_nothing_is_cfg001_at_its_line(
    tmp_path: Path, config: str, name: str, line: int, said: str,
) -> None:
    root = _course(tmp_path, config, name)
    [finding] = config_findings(Course.open(root))
    assert (finding.rule, finding.path, finding.line) == ("CFG001", name, line)
    assert said in finding.message
    for command in (["check"], ["build"], ["coverage"], ["fix", "subtitles", "--dry-run"]):
        result = CliRunner().invoke(cli, [*command, "--root", str(root)])
        assert result.exit_code == 2, (command, result.output)
        assert said in result.output


@pytest.mark.parametrize("config", [
    'content-dir = "docs/source"\nsubtitles-dir = "captions"\n',
    'content-dir = "docs/source/"\nsubtitles_dir = "./captions"\n',
])
def test_folder_settings_that_name_language_folders_are_no_finding(
    tmp_path: Path, config: str,
) -> None:
    root = _course(tmp_path, config)
    assert config_findings(Course.open(root)) == []
    result = CliRunner().invoke(cli, ["check", "--root", str(root)])
    assert result.exit_code == 0, result.output


def test_the_default_folders_need_not_exist(tmp_path: Path) -> None:
    # Nobody named `subtitles/`: a course of lessons alone says nothing of it.
    (tmp_path / "content/en").mkdir(parents=True)
    (tmp_path / "content/en/1.mdx").write_text("# One\n", encoding="utf-8")
    (tmp_path / "coursekit.toml").write_text('languages = ["en"]\n', encoding="utf-8")
    assert config_findings(Course.open(tmp_path)) == []
