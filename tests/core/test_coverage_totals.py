"""``coverage``'s numbers for a badge of the whole course, and the page of a course with
nothing to tabulate: a line where a table would have no row."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from tests.core.test_coverage_command import LESSON, TOCTREE, make_course


def _coverage(root: Path, *args: str) -> str:
    result = CliRunner().invoke(cli, ["coverage", "--root", str(root), *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_json_totals_add_up_every_language(tmp_path: Path) -> None:
    make_course(tmp_path)  # French: one lesson of two
    german = tmp_path / "content" / "de"
    shutil.copytree(tmp_path / "content" / "en", german)  # German: both
    doc = json.loads(_coverage(tmp_path, "--format", "json"))
    assert doc["tool"] == "coursekit"
    assert doc["totals"] == {"current": 3, "outdated_code": 0, "outdated_prose": 0,
                             "missing": 1, "total": 4, "percent_current": 75.0}
    assert doc["languages"]["de"]["percent_current"] == 100.0
    assert doc["languages"]["fr"]["percent_current"] == 50.0


def test_the_json_totals_of_no_translation_have_no_share(tmp_path: Path) -> None:
    make_course(tmp_path)
    shutil.rmtree(tmp_path / "content" / "fr")
    doc = json.loads(_coverage(tmp_path, "--format", "json"))
    assert doc["languages"] == {}
    assert doc["totals"] == {"current": 0, "outdated_code": 0, "outdated_prose": 0,
                             "missing": 0, "total": 0, "percent_current": None}


@pytest.mark.parametrize("translated", [False, True], ids=["nothing", "clean"])
def test_the_page_says_a_line_where_a_table_would_have_no_row(
        tmp_path: Path, translated: bool) -> None:
    make_course(tmp_path)
    if not translated:
        shutil.rmtree(tmp_path / "content" / "fr")
        shutil.rmtree(tmp_path / "subtitles")
    page = _coverage(tmp_path, "--format", "html")
    assert ("<table class=\"coverage\">" in page) is translated
    assert ("<table class=\"coverage videos\">" in page) is translated
    assert ("Lessons: no translated lesson folder" in page) is not translated
    assert ("Video subtitles: none" in page) is not translated


def test_the_page_shows_the_videos_before_each_language_s_lessons_behind(
        tmp_path: Path) -> None:
    make_course(tmp_path)
    page = _coverage(tmp_path, "--format", "html")
    headings = re.findall(r"<h[23]>[^<]*</h[23]>", page)
    assert headings == ["<h2>Lessons per language</h2>", "<h2>Video subtitles</h2>",
                        "<h2>Lessons outdated or missing</h2>",
                        "<h3>fr: 1 lesson outdated or missing</h3>"]
    (tmp_path / "content" / "fr" / "chapter1" / "2.mdx").write_text(LESSON, encoding="utf-8")
    (tmp_path / "content" / "fr" / "_toctree.yml").write_text(TOCTREE, encoding="utf-8")
    current = _coverage(tmp_path, "--format", "html")  # nothing behind: no such heading
    assert "Lessons outdated or missing" not in current
    assert '<th scope="row">fr</th>' in current
