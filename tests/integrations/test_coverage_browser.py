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
from tests.translations.coverage_course import plant

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


def test_coverage_page(browser: Any, tmp_path: Path) -> None:
    planted = plant(tmp_path / "course")
    report = tmp_path / "coverage.html"
    assert main(["coverage", "--root", str(planted.root), "--format", "html",
                 "-o", str(report)]) == 0
    page, errors = _open(browser, report, tmp_path / "coverage.png")
    assert errors == []
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
