"""``coverage`` per language on a history planted with real ``git``: a lesson current,
one outdated in its code, one outdated in its prose only (code synced), one missing;
and the clean counterparts (a language wholly current, the prose translated for real)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.translations.check import check_translations, coverage
from coursekit.translations.coverage import Status
from tests.translations.coverage_course import TOCTREE, Planted, plant, translate_prose

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")


@pytest.fixture
def planted(tmp_path: Path) -> Planted:
    return plant(tmp_path / "course")


def _statuses(root: Path) -> dict[str, dict[str, Status]]:
    return {row.language: {e.lesson: e.status for e in row.lessons}
            for row in coverage(Corpus(Course.open(root))).rows}


def test_each_lesson_has_one_status(planted: Planted) -> None:
    statuses = _statuses(planted.root)
    assert statuses["fr"] == {
        "chapter1/1": Status.CURRENT, "chapter1/2": Status.OUTDATED_CODE,
        "chapter1/3": Status.OUTDATED_PROSE, "chapter1/4": Status.MISSING}
    # The clean counterpart: German received every change.
    assert set(statuses["de"].values()) == {Status.CURRENT}


def test_a_real_translation_of_the_prose_makes_the_lesson_current(planted: Planted) -> None:
    translate_prose(planted.root)
    assert _statuses(planted.root)["fr"]["chapter1/3"] is Status.CURRENT


def test_outdated_lessons_name_the_source_commit(planted: Planted) -> None:
    rows = coverage(Corpus(Course.open(planted.root))).rows
    [french] = [row for row in rows if row.language == "fr"]
    by_lesson = {e.lesson: e for e in french.lessons}
    code, prose = by_lesson["chapter1/2"], by_lesson["chapter1/3"]
    assert code.since is not None and code.since.sha == planted.louder
    assert code.translated is not None and code.translated.sha == planted.first
    assert prose.since is not None and prose.since.sha == planted.faster
    assert by_lesson["chapter1/1"].since is None
    assert by_lesson["chapter1/4"].path is None


def test_json_document(planted: Planted) -> None:
    result = CliRunner().invoke(cli, ["coverage", "--root", str(planted.root),
                                      "--format", "json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["version"] == 1 and doc["source_language"] == "en"
    counts = {lang: {key: value[key] for key in ("current", "outdated_code", "outdated_prose",
                                                  "missing", "total")}
              for lang, value in doc["languages"].items()}
    assert counts == {
        "de": {"current": 4, "outdated_code": 0, "outdated_prose": 0, "missing": 0, "total": 4},
        "fr": {"current": 1, "outdated_code": 1, "outdated_prose": 1, "missing": 1, "total": 4},
    }
    [outdated] = [e for e in doc["languages"]["fr"]["lessons"] if e["status"] == "outdated_code"]
    assert outdated["path"] == "content/fr/chapter1/2.mdx"
    assert outdated["since"] == {"sha": planted.louder, "date": "2024-02-01",
                                 "subject": "Louder, <in German too>"}


def test_html_page_escapes_and_lists_what_is_behind(planted: Planted) -> None:
    out = planted.root.parent / "coverage.html"
    result = CliRunner().invoke(cli, ["coverage", "--root", str(planted.root),
                                      "--format", "html", "-o", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert "Louder, &lt;in German too&gt;" in page and "<in German" not in page
    assert "Faster rate &amp; better wording" in page
    assert 'id="behind-fr"' in page and 'id="behind-de"' not in page  # German: nothing behind
    assert "<span>2 translations</span>" in page
    assert page.count('<span class="segment ') == 4 + 1  # French four kinds, German one


def test_text_table_counts(planted: Planted) -> None:
    result = CliRunner().invoke(cli, ["coverage", "--root", str(planted.root)])
    assert result.exit_code == 0, result.output
    [french] = [line for line in result.output.splitlines() if "│ fr " in line]
    assert [cell.strip() for cell in french.split("│")[1:-1]] == ["fr", "1", "1", "1", "1", "25"]


def test_a_lesson_its_toctree_does_not_list_is_missing_as_check_says(planted: Planted) -> None:
    # French lesson 1 is translated and current, but its toctree no longer lists it:
    # the page is not published, and check calls the section not translated (TRN001).
    toctree = planted.root / "content" / "fr" / "_toctree.yml"
    toctree.write_text(TOCTREE.replace(
        "  - local: chapter1/1\n    title: Loading sounds\n", ""), encoding="utf-8")
    rows = coverage(Corpus(Course.open(planted.root))).rows
    french = {e.lesson: e for e in next(r for r in rows if r.language == "fr").lessons}
    assert french["chapter1/1"].status is Status.MISSING
    assert french["chapter1/1"].path == "content/fr/chapter1/1.mdx"  # the file, to be listed
    assert french["chapter1/4"].path is None  # no file at all
    found = check_translations(Corpus(Course.open(planted.root)), ["fr"]).diagnostics
    assert [d.fingerprint for d in found if d.rule == "TRN001"] == ["missing:chapter1/1"]
    # The clean counterpart: German's toctree lists every lesson, each current.
    assert set(_statuses(planted.root)["de"].values()) == {Status.CURRENT}
