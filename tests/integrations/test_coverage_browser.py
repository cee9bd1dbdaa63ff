"""The coverage page in a real headless Chromium: no console errors, one row per
language with a bar whose segments add up, and each language's lessons behind with
the source commit that left them behind."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from coursekit.cli import main
from tests.git_history import commit, plant
from tests.translations.coverage_course import plant as plant_course

from .test_html_browser import ARGS, CHROMIUM, _open

playwright = pytest.importorskip("playwright.sync_api",
                                 reason="needs playwright (pip install -e '.[dev]')")
pytestmark = [
    pytest.mark.skipif(
        not Path(CHROMIUM).is_file(),
        reason="needs Chromium (apt-get install chromium, as `make test` does when run as root)",
    ),
    pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command"),
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def _page_of(browser: Any, root: Path, tmp_path: Path) -> Any:
    """The coverage page of the course at ``root`` in the browser, with no console
    error."""
    report = tmp_path / "coverage.html"
    assert main(["coverage", "--root", str(root), "--format", "html", "-o", str(report)]) == 0
    page, errors = _open(browser, report, tmp_path / "coverage.png")
    assert errors == []
    return page


def test_coverage_page(browser: Any, tmp_path: Path) -> None:
    planted = plant_course(tmp_path / "course")
    page = _page_of(browser, planted.root, tmp_path)
    rows = page.locator("table.coverage:not(.videos) tbody tr")
    assert rows.locator("th").all_inner_texts() == ["de", "fr"]
    french = page.locator("#lang-fr")
    assert french.locator("td.count").all_inner_texts() == ["1", "1", "1", "1", "4", "25"]
    # The bar: one segment per status present, side by side, filling the cell.
    segments = french.locator(".segment")
    assert [s.get_attribute("class") for s in segments.all()] == [
        "segment current", "segment outdated_code", "segment outdated_prose", "segment missing"]
    widths = [s.bounding_box()["width"] for s in segments.all()]
    assert all(abs(w - widths[0]) < 2 for w in widths) and widths[0] > 50
    [german] = page.locator("#lang-de .segment").all()
    assert german.bounding_box()["width"] == pytest.approx(sum(widths), abs=4)
    # What is behind in French, with the source commits; German has nothing behind.
    assert page.locator("#behind-de").count() == 0
    assert page.locator("#lang-de th a").count() == 0  # no link to a list it lacks
    behind = page.locator("#behind-fr tbody tr")
    assert behind.locator("td:first-child").all_inner_texts() == [
        "chapter1/2", "chapter1/3", "chapter1/4"]
    assert planted.louder[:9] in behind.nth(0).inner_text()
    assert "Louder, <in German too>" in behind.nth(0).inner_text()
    assert planted.faster[:9] in behind.nth(1).inner_text()
    assert behind.nth(2).locator("code").count() == 0  # missing: no file, no commit


LONG = "a_lesson_whose_name_runs_on_and_on_with_underscores_and_no_space_to_break_a_line_at"
VIDEO = "01_an_extremely_long_subtitle_file_name_for_a_video_about_audio_transformers.srt"
TWENTY_SIX = ("en", "fr", "de", "es", "it", "pt-BR", "ru-RU", "zh-CN", "zh-TW", "ja", "ko", "vi",
              "th", "tr", "ar", "he", "fa", "hi", "bn", "id", "ms", "pl", "uk", "cs", "nl", "sv")


def _wide_course(root: Path) -> Path:
    """French behind on a lesson with a long name, by a commit with a long subject, and a
    video subtitled in 26 languages under a long file name: nothing a space breaks."""
    toctree = f"- title: One\n  sections:\n  - local: chapter1/{LONG}\n    title: Long\n"
    lesson = "# Long[[long]]\n\n```py\nx = {}\n```\n"
    plant(root, {"en/_toctree.yml": toctree, "fr/_toctree.yml": toctree,
                 f"en/chapter1/{LONG}.mdx": lesson.format(1),
                 f"fr/chapter1/{LONG}.mdx": lesson.format(1)}, "Course")
    commit(root, {f"en/chapter1/{LONG}.mdx": lesson.format(2)},
           "A" + "VeryLongSubjectWithoutSpaces" * 6, "2024-02-01T12:00:00")
    for language in TWENTY_SIX:
        (root / "subtitles" / language).mkdir(parents=True)
        (root / "subtitles" / language / VIDEO).write_text(
            "1\n00:00:01,000 --> 00:00:03,000\nHi.\n", encoding="utf-8")
    return root


def _overflow(page: Any) -> list[str]:
    """What runs past the right edge of the window, or past its own cell."""
    return list(page.evaluate("""() => [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5
                     || (e.matches('td, th') && e.scrollWidth > e.clientWidth + 1))
        .map(e => e.tagName + ' ' + e.textContent.slice(0, 40))"""))


@pytest.mark.parametrize("wide", [True, False], ids=["long-names", "planted"])
def test_no_horizontal_overflow_at_1280_px(browser: Any, tmp_path: Path, wide: bool) -> None:
    root = _wide_course(tmp_path / "course") if wide else plant_course(tmp_path / "course").root
    page = _page_of(browser, root, tmp_path)
    page.set_viewport_size({"width": 1280, "height": 900})
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    assert _overflow(page) == []
    if wide:  # every language a column; each long name whole, on lines of its own
        assert page.locator("table.videos thead th").count() == 1 + len(TWENTY_SIX)
        assert LONG in page.locator("#behind-fr td").first.inner_text().replace("\n", "")
    # A status, a language tag: one line each, never broken inside a word.
    for label in (*page.locator(".files .key").all(), *page.locator("thead th").all()):
        assert label.bounding_box()["height"] < 30, label.inner_text()


LOW_CONTRAST = """() => {
    const luminance = color => {
        const [r, g, b] = color.match(/[\\d.]+/g).slice(0, 3).map(v => {
            v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const background = e => {
        for (; e; e = e.parentElement) {
            const color = getComputedStyle(e).backgroundColor;
            if (color !== 'rgba(0, 0, 0, 0)') return color;
        }
        return 'rgb(255, 255, 255)';
    };
    return [...document.querySelectorAll('body *')].filter(e => [...e.childNodes].some(
        n => n.nodeType === 3 && n.textContent.trim())).filter(e => {
        const [a, b] = [luminance(getComputedStyle(e).color), luminance(background(e))];
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) < 4.5;
    }).map(e => e.textContent.trim());
}"""
"""The text whose contrast with its background is below WCAG AA's 4.5:1."""


def test_every_text_of_the_page_is_in_contrast(browser: Any, tmp_path: Path) -> None:
    page = _page_of(browser, plant_course(tmp_path / "course").root, tmp_path)
    assert "outdated (prose only)" in page.locator(".files .key").all_inner_texts()
    assert page.evaluate(LOW_CONTRAST) == []
    # The planted counterpart: white on the yellow of a status is found.
    page.add_style_tag(content=".key.outdated_prose{color:#fff}")
    assert "outdated (prose only)" in page.evaluate(LOW_CONTRAST)


def test_a_course_with_no_translation_and_no_subtitles_says_so(
        browser: Any, tmp_path: Path) -> None:
    root = tmp_path / "course"
    (root / "content" / "en" / "chapter1").mkdir(parents=True)
    (root / "content" / "en" / "_toctree.yml").write_text(
        "- title: One\n  sections:\n  - local: chapter1/1\n    title: One\n", encoding="utf-8")
    (root / "content" / "en" / "chapter1" / "1.mdx").write_text("# One[[one]]\n",
                                                                 encoding="utf-8")
    page = _page_of(browser, root, tmp_path)
    assert page.locator("table").count() == 0
    assert page.locator("h2").all_inner_texts() == ["Lessons per language", "Video subtitles"]
    assert page.locator("p.empty").all_inner_texts() == [
        "Lessons: no translated lesson folder", "Video subtitles: none"]
    assert all(line.is_visible() for line in page.locator("p.empty").all())
