"""The translation check on a fixture course, through the real lesson parser."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.config.check import config_findings
from coursekit.corpus import Corpus
from coursekit.diagnostics import Diagnostic
from coursekit.translations.check import check_translations, coverage

COURSE = Path(__file__).parent.parent / "fixtures" / "translations" / "course"


def expected() -> list[str]:
    lines = (COURSE / "expected.txt").read_text(encoding="utf-8").splitlines()
    return sorted(line for line in lines if line.strip() and not line.startswith("#"))


def shown(found: list[Diagnostic]) -> list[str]:
    return sorted(f"{d.location} {d.rule}" for d in found)


def test_every_planted_defect_and_nothing_else() -> None:
    result = check_translations(Corpus(Course.open(COURSE)))
    assert shown(result.diagnostics) == expected()


def test_the_clean_translation_has_no_findings() -> None:
    result = check_translations(Corpus(Course.open(COURSE)), ["fr"])
    assert result.diagnostics == []
    assert result.checked == [f"content/fr/chapter2/{n}.mdx" for n in (1, 2, 3)]


def test_only_the_languages_asked_for() -> None:
    result = check_translations(Corpus(Course.open(COURSE)), ["de"])
    assert {d.path.split("/")[1] for d in result.diagnostics} == {"de"}


def test_coverage_table() -> None:
    rows = {row.language: row for row in coverage(Corpus(Course.open(COURSE))).rows}
    assert sorted(rows) == ["de", "fr", "it"]
    assert rows["fr"].done == ("chapter2/1", "chapter2/2", "chapter2/3")
    assert rows["fr"].percent_done == 100.0
    assert rows["it"].missing == ("chapter2/3",)
    assert rows["it"].outdated == ("chapter2/1", "chapter2/2")
    assert rows["de"].outdated == ("chapter2/1", "chapter2/2", "chapter2/3")
    assert rows["de"].done == ()


@pytest.fixture
def course_copy(tmp_path: Path) -> Path:
    root = tmp_path / "course"
    shutil.copytree(COURSE, root)
    return root


def test_a_broken_lesson_does_not_stop_the_others(course_copy: Path) -> None:
    (course_copy / "content/fr/chapter2/1.mdx").write_bytes(b"\xff\xfe```py\n\x00(((\n")
    (course_copy / "content/fr/_toctree.yml").write_text("- [unclosed", encoding="utf-8")
    result = check_translations(Corpus(Course.open(course_copy)), ["fr"])
    assert "content/fr/chapter2/2.mdx" in result.checked
    assert {d.path for d in result.diagnostics} <= {"content/fr/chapter2/1.mdx"}


def test_bad_settings_are_reported_once_with_the_configuration(course_copy: Path) -> None:
    config = course_copy / "coursekit.toml"
    config.write_text(config.read_text(encoding="utf-8") + "typo = 1\n", encoding="utf-8")
    course = Course.open(course_copy)
    assert check_translations(Corpus(course), ["fr"]).diagnostics == []
    assert [d.rule for d in config_findings(course)] == ["CFG001"]


def test_a_heading_without_its_anchor_is_a_note_and_keeps_the_section_done(
    course_copy: Path,
) -> None:
    lesson = course_copy / "content/fr/chapter2/1.mdx"
    lesson.write_text(lesson.read_text(encoding="utf-8").replace("## Chargement[[loading]]",
                                                                 "## Chargement"),
                      encoding="utf-8")
    course = Course.open(course_copy)
    found = check_translations(Corpus(course), ["fr"]).diagnostics
    assert [(d.rule, d.severity.label) for d in found] == [("TRN102", "note")]
    rows = {row.language: row for row in coverage(Corpus(course), ["fr"]).rows}
    assert rows["fr"].percent_done == 100.0


def test_the_source_language_gets_no_translation_rule(course_copy: Path) -> None:
    lesson = course_copy / "content/en/chapter2/1.mdx"
    lesson.write_text(lesson.read_text(encoding="utf-8")
                      + "\n```py\nfrom datasets import load_metric\n```\n", encoding="utf-8")
    assert check_translations(Corpus(Course.open(course_copy)), ["en"]).diagnostics == []


def test_an_emptied_translation_is_still_compared_with_its_source(course_copy: Path) -> None:
    (course_copy / "content/fr/chapter2/1.mdx").write_bytes(b"")
    found = check_translations(Corpus(Course.open(course_copy)), ["fr"]).diagnostics
    rules = {d.rule for d in found if d.path == "content/fr/chapter2/1.mdx"}
    assert "TRN107" in rules  # each block of the source is missing: it translates nothing


def test_a_translation_that_cannot_be_read_is_not_compared(course_copy: Path) -> None:
    lesson = course_copy / "content/fr/chapter2/1.mdx"
    lesson.unlink()
    lesson.symlink_to("gone.mdx")  # LES121: cannot read the lesson
    found = check_translations(Corpus(Course.open(course_copy)), ["fr"]).diagnostics
    assert [d for d in found if d.path == "content/fr/chapter2/1.mdx"] == []
