"""``check_course``: what ``coursekit check`` runs, as a library call over one Corpus."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from coursekit.checks import Area, check_course
from coursekit.config import Course
from coursekit.diagnostics import Severity
from tests.bundled import copy_bundled
from tests.counting import count_calls


@pytest.fixture
def course(tmp_path: Path) -> Course:
    return Course.open(copy_bundled(tmp_path))


def _count_parses(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    return count_calls(monkeypatch, "coursekit.lessons.load.parse_lesson",
                       lambda *args, path, **kwargs: path)


def test_every_lesson_is_parsed_once_per_run(
    course: Course, monkeypatch: pytest.MonkeyPatch,
) -> None:
    parsed = _count_parses(monkeypatch)
    report = check_course(course)
    files = [course.relative(f) for lang in course.lesson_languages()
             for f in course.lesson_files(lang)]
    assert sorted(parsed) == sorted(files)
    assert set(parsed.values()) == {1}
    assert set(files) <= set(report.checked)
    check_course(course)
    assert set(parsed.values()) == {2}  # nothing kept between runs


def test_the_bundled_course_has_no_error_and_each_area_checks_its_files(
    course: Course,
) -> None:
    assert not [d for d in check_course(course).diagnostics if d.severity is Severity.ERROR]
    lessons = check_course(course, [Area.LESSONS]).checked
    subtitles = check_course(course, [Area.SUBTITLES]).checked
    assert lessons and all(p.endswith((".mdx", "/_toctree.yml")) for p in lessons)
    assert {p for p in lessons if p.endswith(".yml")} == {
        f"content/{lang}/_toctree.yml" for lang in course.lesson_languages()}
    assert subtitles and all(p.endswith((".srt", "/metadata.csv")) for p in subtitles)


def test_a_defect_is_found_in_its_area_only(course: Course) -> None:
    lesson = course.lesson_files("fr")[0]
    lesson.write_text(lesson.read_text(encoding="utf-8") + "\n```py\ndef broken(:\n```\n",
                      encoding="utf-8")
    found = check_course(course, [Area.LESSONS]).diagnostics
    assert course.relative(lesson) in {d.path for d in found}
    assert course.relative(lesson) not in {
        d.path for d in check_course(course, [Area.SUBTITLES]).diagnostics}


def test_files_narrow_the_languages_and_the_findings(course: Course) -> None:
    french = course.lesson_files("fr")[0]
    french.write_text(french.read_text(encoding="utf-8") + "\n```py\ndef broken(:\n```\n",
                      encoding="utf-8")
    english = course.lesson_files("en")[0]
    assert course.relative(french) not in {
        d.path for d in check_course(course, files=[english]).diagnostics}
    assert {d.path for d in check_course(course, files=[french]).diagnostics} == {
        course.relative(french)}


def test_a_course_without_content_is_one_finding(tmp_path: Path) -> None:
    report = check_course(Course.open(tmp_path))
    assert [d.rule for d in report.diagnostics] == ["CFG002"]


def _case_variant_course(root: Path, variant: str) -> Course:
    broken = b"1\n00:00:01,000 --> soon\nHello\n\n"
    clean = b"1\n00:00:01,000 --> 00:00:02,000\nHello\n\n"
    for folder, data in (("en", clean), ("zh-CN", broken), (variant, clean)):
        (root / "subtitles" / folder).mkdir(parents=True, exist_ok=True)
        (root / "subtitles" / folder / "01_a.srt").write_bytes(data)
    (root / "coursekit.toml").write_text("", encoding="utf-8")
    return Course.open(root)


@pytest.mark.parametrize("variant", ["zh-cn", "ZH-cn", "zh_CN"])
def test_a_case_variant_of_a_language_folder_hides_nothing(tmp_path: Path, variant: str) -> None:
    course = _case_variant_course(tmp_path, variant)
    found = {(d.rule, d.path) for d in check_course(course, [Area.SUBTITLES]).diagnostics}
    assert ("CFG004", f"subtitles/{variant}") in found
    assert ("SUB011", "subtitles/zh-CN/01_a.srt") in found  # the canonical folder is read
    assert course.subtitle_dir("zh-CN").name == "zh-CN"


def test_distinct_language_folders_shadow_nothing(tmp_path: Path) -> None:
    course = _case_variant_course(tmp_path, "zh-TW")
    assert course.shadowed_language_folders() == []
    assert "CFG004" not in {d.rule for d in check_course(course).diagnostics}


def test_build_reports_a_lesson_folder_hidden_by_a_case_variant(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from coursekit.cli import cli

    lesson = "# T\n\n```py\nx = 1\n```\n"
    for folder in ("fr", "FR"):
        (tmp_path / "content" / folder / "chapter1").mkdir(parents=True)
        (tmp_path / "content" / folder / "chapter1" / "1.mdx").write_text(lesson)
    (tmp_path / "coursekit.toml").write_text("", encoding="utf-8")
    result = CliRunner().invoke(cli, ["build", "--root", str(tmp_path)])
    assert result.exit_code == 1, result.output
    assert "content/FR\n  -: error CFG004" in result.output
    assert (tmp_path / "build/notebooks/fr/chapter1/1.ipynb").is_file()
    (tmp_path / "content/FR/chapter1/1.mdx").unlink()
    (tmp_path / "content/FR/chapter1").rmdir()
    (tmp_path / "content/FR").rmdir()
    assert CliRunner().invoke(cli, ["build", "--root", str(tmp_path)]).exit_code == 0


def test_the_documented_notebooks_come_from_the_lessons_the_check_read(
    course: Course, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The HTML page's scenario matrix of a check: each lesson parsed once for both."""
    parsed = _count_parses(monkeypatch)
    report = check_course(course, [Area.LESSONS], documented=True)
    assert set(parsed.values()) == {1}
    assert report.notebooks
    assert {nb.status.value for nb in report.notebooks} == {"documented"}
    assert {nb.lesson for nb in report.notebooks} <= set(report.checked)
    debugging = [nb for nb in report.notebooks if nb.lesson == "content/en/chapter8/4.mdx"]
    assert debugging and all(not s.judged and s.state == "documented"
                             for nb in debugging for s in nb.scenarios)
    assert any(c.expected for nb in debugging for c in nb.cells)
    # The counterparts: not asked for, none; a narrowed check, its files' notebooks only.
    assert check_course(course, [Area.LESSONS]).notebooks == []
    english = course.lesson_files("en")[0]
    narrowed = check_course(course, [Area.LESSONS], files=[english], documented=True)
    assert {nb.lesson for nb in narrowed.notebooks} == {course.relative(english)}
