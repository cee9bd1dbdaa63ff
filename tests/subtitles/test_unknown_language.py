"""CFG003: a language asked for that the course has neither lessons nor subtitles in;
a language with lessons and no subtitles is no finding (a course may have no subtitles)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.subtitles.check import check_subtitles

TOC = "- title: Intro\n  sections:\n  - local: chapter0/1\n    title: Intro\n"


def _lessons_only(root: Path) -> Path:
    (root / "chapters/en/chapter0").mkdir(parents=True)
    (root / "chapters/en/chapter0/1.mdx").write_text("# Intro\n\nHello.\n", encoding="utf-8")
    (root / "chapters/en/_toctree.yml").write_text(TOC, encoding="utf-8")
    return root


def _rules(root: Path, languages: list[str]) -> list[str]:
    result = check_subtitles(Corpus(Course.open(root)), languages)
    return [d.rule for d in result.diagnostics]


def test_a_language_the_course_lacks_is_cfg003(tmp_path: Path) -> None:
    root = _lessons_only(tmp_path)
    result = check_subtitles(Corpus(Course.open(root)), ["xx"])
    assert [(d.rule, d.message) for d in result.diagnostics] == [
        ("CFG003", "language `xx` has neither lessons nor subtitles in this course")]


def test_a_language_with_lessons_and_no_subtitles_is_no_finding(tmp_path: Path) -> None:
    assert _rules(_lessons_only(tmp_path), ["en"]) == []


def test_check_lang_on_a_course_without_subtitles_is_clean(tmp_path: Path) -> None:
    root = _lessons_only(tmp_path)
    without = CliRunner().invoke(cli, ["check", "--root", str(root)])
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--lang", "en"])
    assert "CFG003" not in result.output
    assert result.exit_code == without.exit_code == 0, result.output
