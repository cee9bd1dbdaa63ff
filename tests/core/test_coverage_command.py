"""``coursekit coverage`` shows lesson and subtitle coverage per language."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.report.coverage import coverage_document
from coursekit.translations.coverage import Coverage, CoverageRow, LessonCoverage, Status

LESSON = "# Title[[title]]\n\n## Part[[part]]\n\n```py\nx = 1\n```\n"
TOCTREE = (
    "- title: Chapter 1\n  sections:\n  - local: chapter1/1\n    title: One\n"
    "  - local: chapter1/2\n    title: Two\n"
)
CUE = "1\n00:00:01,000 --> 00:00:03,000\nHello there.\n"


def make_course(root: Path) -> None:
    for lang, sections in (("en", ("1", "2")), ("fr", ("1",))):
        chapter = root / "content" / lang / "chapter1"
        chapter.mkdir(parents=True)
        for section in sections:
            (chapter / f"{section}.mdx").write_text(LESSON, encoding="utf-8")
        (root / "content" / lang / "_toctree.yml").write_text(TOCTREE, encoding="utf-8")
    for lang in ("en", "fr"):
        (root / "subtitles" / lang).mkdir(parents=True)
        (root / "subtitles" / lang / "01_hello.srt").write_text(CUE, encoding="utf-8")
    (root / "subtitles" / "en" / "02_more.srt").write_text(CUE, encoding="utf-8")


def test_coverage_reports_missing_lessons_and_videos(tmp_path: Path) -> None:
    make_course(tmp_path)
    result = CliRunner().invoke(cli, ["coverage", "--root", str(tmp_path), "--format", "json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["source_language"] == "en"
    french = doc["languages"]["fr"]
    assert {key: french[key] for key in ("current", "outdated_code", "outdated_prose",
                                         "missing", "total")} == {
        "current": 1, "outdated_code": 0, "outdated_prose": 0, "missing": 1, "total": 2}
    assert french["percent_current"] == 50.0
    assert [(e["lesson"], e["status"], e["path"]) for e in french["lessons"]] == [
        ("chapter1/1", "current", "content/fr/chapter1/1.mdx"),
        ("chapter1/2", "missing", None)]
    videos = {row["file"]: row["languages"] for row in doc["subtitles"]}
    assert videos["01_hello.srt"] == {"en": True, "fr": True}
    assert videos["02_more.srt"] == {"en": True, "fr": False}


def test_a_video_s_subtitles_in_the_other_format_are_one_row(tmp_path: Path) -> None:
    make_course(tmp_path)
    (tmp_path / "subtitles/fr/02_more.sbv").write_text("0:00:01.000,0:00:02.000\nPlus\n\n",
                                                      encoding="utf-8")
    result = CliRunner().invoke(cli, ["coverage", "--root", str(tmp_path), "--format", "json"])
    videos = {row["file"]: row["languages"] for row in json.loads(result.output)["subtitles"]}
    assert videos == {"01_hello.srt": {"en": True, "fr": True},
                      "02_more.srt": {"en": True, "fr": True}}  # no row of its own


def test_coverage_text_table(tmp_path: Path) -> None:
    make_course(tmp_path)
    result = CliRunner().invoke(cli, ["coverage", "--root", str(tmp_path)])
    assert result.exit_code == 0
    assert "02_more.srt" in result.output
    assert "50" in result.output  # French: one of two sections done


def test_a_course_without_subtitles_or_translations_gets_a_line_not_an_empty_table(
        tmp_path: Path) -> None:
    make_course(tmp_path)
    for folder in ("en", "fr"):
        for srt in (tmp_path / "subtitles" / folder).iterdir():
            srt.unlink()
    result = CliRunner().invoke(cli, ["coverage", "--root", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "Video subtitles: none" in result.output
    assert "┃ file" not in result.output  # no table header without a row under it
    assert "Lessons (translations" in result.output
    french_gone = tmp_path / "content" / "fr"
    for lesson in sorted(french_gone.rglob("*"), reverse=True):
        lesson.rmdir() if lesson.is_dir() else lesson.unlink()
    french_gone.rmdir()
    alone = CliRunner().invoke(cli, ["coverage", "--root", str(tmp_path)])
    assert alone.exit_code == 0, alone.output
    assert "Lessons: no translated lesson folder" in alone.output
    assert "┃ language" not in alone.output


def test_the_source_language_alone_says_where_its_translations_are_counted(
        tmp_path: Path) -> None:
    make_course(tmp_path)
    source = CliRunner().invoke(cli, ["coverage", "--root", str(tmp_path), "--lang", "en"])
    assert source.exit_code == 0, source.output
    assert "Lessons: en is the source language; its translations are counted with " \
        "--lang LANG, or without --lang" in source.output
    assert "no translated lesson folder" not in source.output
    french = CliRunner().invoke(cli, ["coverage", "--root", str(tmp_path), "--lang", "fr"])
    assert "Lessons (translations" in french.output


def test_a_language_the_course_lacks_is_a_usage_error(tmp_path: Path) -> None:
    make_course(tmp_path / "course")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "01_hello.srt").write_text(CUE, encoding="utf-8")
    for lang in ("../../outside", str(outside), "de"):
        result = CliRunner().invoke(cli, ["coverage", "--root", str(tmp_path / "course"),
                                          "--lang", lang, "--format", "json"])
        assert result.exit_code == 2, (lang, result.output)
        assert "no such language in this course" in result.output
    fine = CliRunner().invoke(cli, ["coverage", "--root", str(tmp_path / "course"),
                                    "--lang", "FR", "--format", "json"])
    assert fine.exit_code == 0, fine.output


@pytest.mark.parametrize("fmt", ["text", "json", "html"])
def test_a_file_name_that_is_not_utf8_reaches_every_coverage_report(
    tmp_path: Path, fmt: str,
) -> None:
    make_course(tmp_path)
    for lang in ("en", "fr"):
        folder = os.fsencode(tmp_path / "subtitles" / lang)
        with open(os.path.join(folder, b"03_\xff.srt"), "wb") as handle:
            handle.write(CUE.encode())
    report = tmp_path / f"coverage.{fmt}"
    result = CliRunner().invoke(cli, ["coverage", "--root", str(tmp_path), "--format", fmt,
                                      "-o", str(report)])
    assert result.exit_code == 0, result.output
    data = report.read_bytes()
    if fmt == "json":  # UTF-8, the odd byte written as an escape the parser reads back
        files = [row["file"] for row in json.loads(data.decode("utf-8"))["subtitles"]]
        assert "03_\udcff.srt" in files
    elif fmt == "html":
        assert "03_\\udcff.srt" in data.decode("utf-8")
    else:  # the text names the file by its own bytes, as on a terminal
        assert b"03_\xff.srt" in data


def test_a_file_name_with_brackets_is_shown_as_it_is(tmp_path: Path) -> None:
    make_course(tmp_path)
    (tmp_path / "subtitles" / "en" / "03_intro[bold]draft.srt").write_text(CUE, encoding="utf-8")
    result = CliRunner().invoke(cli, ["coverage", "--root", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "03_intro[bold]draft.srt" in result.output


def test_a_root_with_no_course_exits_2_naming_cfg002(tmp_path: Path) -> None:
    # A --root that names no course (a typo, the repository above the course) would
    # draw an empty picture, a badge of no translation, and exit 0.
    (tmp_path / "docs").mkdir()
    for fmt in ("text", "json", "html"):
        result = CliRunner().invoke(cli, ["coverage", "--root", str(tmp_path), "--format", fmt])
        assert result.exit_code == 2, result.output
        assert "CFG002" in result.stderr and "{" not in result.stdout
    # The clean counterpart: a course of the source language alone is a picture (exit 0).
    make_course(tmp_path / "course")
    shutil.rmtree(tmp_path / "course" / "content" / "fr")
    result = CliRunner().invoke(cli, ["coverage", "--root", str(tmp_path / "course"),
                                      "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["languages"] == {}


def _many_lessons(root: Path, translated: int, lessons: int = 200) -> None:
    """A course of ``lessons`` sections, the first ``translated`` of them in French."""
    toctree = "- title: Chapter 1\n  sections:\n" + "".join(
        f"  - local: chapter1/{n}\n    title: Part {n}\n" for n in range(lessons))
    for lang, count in (("en", lessons), ("fr", translated)):
        chapter = root / "content" / lang / "chapter1"
        chapter.mkdir(parents=True)
        (root / "content" / lang / "_toctree.yml").write_text(toctree, encoding="utf-8")
        for n in range(count):
            (chapter / f"{n}.mdx").write_text(LESSON, encoding="utf-8")


@pytest.mark.parametrize(("translated", "shown", "percent"), [
    (199, "99", 99.5),  # one lesson missing: never rounded up to 100
    (200, "100", 100.0),  # the clean counterpart: every lesson current
])
def test_the_share_current_is_100_only_when_every_lesson_is(
        tmp_path: Path, translated: int, shown: str, percent: float) -> None:
    _many_lessons(tmp_path, translated)
    text = CliRunner().invoke(cli, ["coverage", "--root", str(tmp_path)])
    assert text.exit_code == 0, text.output
    [french] = [line for line in text.output.splitlines() if "│ fr " in line]
    assert french.split("│")[-2].strip() == shown
    result = CliRunner().invoke(cli, ["coverage", "--root", str(tmp_path), "--format", "json"])
    assert json.loads(result.stdout)["languages"]["fr"]["percent_current"] == percent
    page = tmp_path / "coverage.html"
    assert CliRunner().invoke(cli, ["coverage", "--root", str(tmp_path), "--format", "html",
                                    "-o", str(page)]).exit_code == 0
    assert f'<td class="count percent">{shown}</td>' in page.read_text(encoding="utf-8")


@pytest.mark.parametrize(("current", "percent"), [(2000, 99.9), (1, 0.1), (0, 0.0)])
def test_the_json_share_is_not_rounded_to_all_or_nothing(current: int, percent: float) -> None:
    row = CoverageRow("fr", tuple(
        LessonCoverage(f"chapter1/{n}", Status.CURRENT if n < current else Status.MISSING)
        for n in range(2001)))
    document = coverage_document("en", Coverage([row], "none"), [])
    assert document["languages"]["fr"]["percent_current"] == percent


@pytest.mark.parametrize(("french", "heading"), [
    (("1",), "fr: 1 lesson outdated or missing"),
    ((), "fr: 2 lessons outdated or missing"),  # the clean counterpart: a plural kept
])
def test_the_page_counts_in_words_that_agree(
        tmp_path: Path, french: tuple[str, ...], heading: str) -> None:
    make_course(tmp_path)
    for lesson in (tmp_path / "content" / "fr" / "chapter1").iterdir():
        if lesson.stem not in french:
            lesson.unlink()
    page = tmp_path / "coverage.html"
    result = CliRunner().invoke(cli, ["coverage", "--root", str(tmp_path), "--format", "html",
                                      "-o", str(page)])
    assert result.exit_code == 0, result.output
    text = page.read_text(encoding="utf-8")
    assert heading in text and "<span>1 translation</span>" in text
