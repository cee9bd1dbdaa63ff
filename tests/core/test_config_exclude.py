"""``exclude`` and ``extend-exclude``: files and folders no command reads, matched as
ruff matches its patterns (the path from the course root or a name, a folder taking
everything in it), and the patterns that take nothing (CFG008)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from coursekit.checks import check_course
from coursekit.cli import cli
from coursekit.config import Course
from tests.core.overlap_course import SUBTITLE, write_overlap_course
from tests.core.small_course import write_course as write_small_course

TOCTREE = "- title: One\n  sections:\n  - local: chapter1/1\n    title: First\n"
LESSON = "# One\n\n```py\nprint(1)\n```\n"


def _course(root: Path, config: str = "") -> Path:
    """A lesson listed in the toctree, a draft lesson that no toctree lists (LES155) in
    ``chapter1/drafts/``, and a subtitle file with an overlap (SUB104)."""
    lessons = root / "content" / "en" / "chapter1"
    (lessons / "drafts").mkdir(parents=True)
    (root / "content" / "en" / "_toctree.yml").write_text(TOCTREE, encoding="utf-8")
    (lessons / "1.mdx").write_text(LESSON, encoding="utf-8")
    (lessons / "drafts" / "wip.mdx").write_text(LESSON, encoding="utf-8")
    write_overlap_course(root)
    (root / "coursekit.toml").write_text(config, encoding="utf-8")
    return root


def _run(root: Path, *args: str) -> Result:
    result = CliRunner().invoke(cli, [*args, "--root", str(root)])
    assert "Traceback" not in result.output, result.output
    return result


def _findings(root: Path, *args: str) -> list[dict[str, Any]]:
    result = _run(root, "check", "--format", "json", "--no-cache", *args)
    found: list[dict[str, Any]] = json.loads(result.output)["diagnostics"]
    return found


def _where(found: list[dict[str, Any]], rule: str) -> list[str]:
    return sorted(d["path"] for d in found if d["rule"] == rule)


@pytest.mark.parametrize("config", [
    'exclude = ["drafts"]\n',                           # a folder's name, anywhere
    'extend-exclude = ["content/en/chapter1/drafts"]\n',  # a folder from the root
    'exclude = ["content/**/wip.mdx"]\n',               # a file
    '[tool.coursekit]\nextend_exclude = ["wip.*"]\n',   # a file's name
])
def test_an_excluded_lesson_is_not_checked(tmp_path: Path, config: str) -> None:
    found = _findings(_course(tmp_path, config))
    assert _where(found, "LES155") == []
    assert _where(found, "CFG008") == [] and _where(found, "CFG001") == []
    assert _where(found, "SUB104") == ["subtitles/en/01_a.srt"]


def test_without_exclude_the_draft_is_checked(tmp_path: Path) -> None:
    found = _findings(_course(tmp_path))
    assert _where(found, "LES155") == ["content/en/chapter1/drafts/wip.mdx"]


def test_an_excluded_subtitle_file_is_neither_checked_nor_fixed(tmp_path: Path) -> None:
    root = _course(tmp_path, 'exclude = ["subtitles/en/02_*.srt"]\n')
    (root / "subtitles" / "en" / "02_draft.srt").write_text(SUBTITLE, encoding="utf-8")
    assert _where(_findings(root), "SUB104") == ["subtitles/en/01_a.srt"]
    fixed = _run(root, "fix", "subtitles", "--check")
    assert "01_a.srt" in fixed.output and "02_draft" not in fixed.output


def test_an_excluded_lesson_is_not_built(tmp_path: Path) -> None:
    kept = _course(tmp_path / "kept")
    excluded = _course(tmp_path / "excluded", 'exclude = ["drafts"]\n')
    for root in (kept, excluded):
        assert _run(root, "build").exit_code == 0
    built = {root: sorted(p.name for p in (root / "build").rglob("*.ipynb"))
             for root in (kept, excluded)}
    assert any("wip" in name for name in built[kept])
    assert built[excluded] and not any("wip" in name for name in built[excluded])


def test_an_excluded_language_folder_is_no_language(tmp_path: Path) -> None:
    root = _course(tmp_path, 'exclude = ["subtitles/fr"]\n')
    (root / "subtitles" / "fr").mkdir()
    (root / "subtitles" / "fr" / "01_a.srt").write_text(SUBTITLE, encoding="utf-8")
    course = Course.open(root)
    assert course.subtitle_languages() == ["en"]
    assert course.subtitle_files("fr") == []
    assert not any(d.path.startswith("subtitles/fr") for d in check_course(course).diagnostics)
    coverage = json.loads(_run(root, "coverage", "--format", "json").output)
    assert [entry["languages"] for entry in coverage["subtitles"]] == [{"en": True}]


def test_a_named_excluded_file_is_said_not_checked(tmp_path: Path) -> None:
    root = _course(tmp_path, 'exclude = ["drafts"]\n')
    course = Course.open(root)
    lessons = root / "content" / "en" / "chapter1"
    found = check_course(course, files=[lessons / "drafts" / "wip.mdx"]).diagnostics
    assert [(d.rule, d.severity.value) for d in found] == [("CFG006", "warning")]
    assert "`exclude` pattern `drafts`" in found[0].message
    assert check_course(course, files=[lessons / "1.mdx"]).diagnostics == []


def test_a_toctree_section_of_an_excluded_lesson_is_no_missing_file(tmp_path: Path) -> None:
    root = _course(tmp_path, 'exclude = ["content/en/chapter1/1.mdx"]\n')
    result = _run(root, "check", "--format", "json", "--no-cache")
    report = json.loads(result.output)
    assert "content/en/chapter1/1.mdx" not in report["checked"]
    assert [d["rule"] for d in report["diagnostics"] if d["path"].startswith("content")] == [
        "LES155"]  # the draft's; the section of the excluded lesson is no LES154
    (root / "content" / "en" / "chapter1" / "1.mdx").unlink()
    assert _where(_findings(root), "LES154") == ["content/en/_toctree.yml"]


def test_an_exclude_pattern_that_is_no_glob_is_a_config_finding(tmp_path: Path) -> None:
    root = _course(tmp_path, 'exclude = ["[z-a]"]\n')
    result = _run(root, "build")
    assert result.exit_code == 2
    assert "coursekit.toml:1: error CFG001" in result.output and "no glob" in result.output


CONFIG = '''exclude = [
  "drafts",
  "content/EN/chapter1/drafts",
]

[per-file-ignores]
"subtitles/EN/*" = ["SUB2"]
"subtitles/en/*" = ["SUB205"]
"content/en/chapter1" = ["LES"]
'''


def test_patterns_that_take_nothing_are_warned_of(tmp_path: Path) -> None:
    root = _course(tmp_path, CONFIG)
    found = {d["line"]: d for d in _findings(root) if d["rule"] == "CFG008"}
    assert sorted(found) == [3, 7, 9]
    assert {d["severity"] for d in found.values()} == {"warning"}
    assert {d["path"] for d in found.values()} == {"coursekit.toml"}
    assert "`content/EN/chapter1/drafts` excludes nothing" in found[3]["message"]
    assert "did you mean `subtitles/en/*`?" in found[7]["message"]
    assert "`content/en/chapter1/**` takes the files in it" in found[9]["message"]
    # a warning: the run's exit code is its other findings'
    assert _run(root, "check", "--no-cache", "--ignore", "SUB1,CFG008").exit_code == 0


def test_a_narrowed_check_does_not_judge_the_patterns(tmp_path: Path) -> None:
    root = _course(tmp_path, CONFIG)
    for narrowed in (("--lang", "en"), ("lessons",)):
        assert _where(_findings(root, *narrowed), "CFG008") == []


def test_a_language_asked_for_whose_folder_is_excluded_is_said_to_be(tmp_path: Path) -> None:
    root = write_small_course(tmp_path / "course", broken=False)
    (root / "coursekit.toml").write_text('exclude = ["chapters/fr"]\n', encoding="utf-8")
    done = CliRunner().invoke(cli, ["check", "--root", str(root), "--lang", "fr"])
    assert done.exit_code == 2
    assert "no such language in this course: fr" in done.output
    assert "chapters/fr is excluded by the pattern `chapters/fr`" in done.output
    done = CliRunner().invoke(cli, ["check", "--root", str(root), "--lang", "de"])
    assert done.exit_code == 2 and "excluded" not in done.output  # a language not there
