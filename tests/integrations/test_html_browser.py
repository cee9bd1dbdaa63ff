"""The HTML reports in a real headless Chromium: no console errors, the expected
matrix cells, timelines and findings, and a screenshot of each page."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from coursekit.cli import main
from coursekit.judgement.model import NotebookJudgement, NotebookStatus
from coursekit.report.html import HtmlPage, anchor, render_page

from .conftest import FRENCH_SRT
from .generated import generate

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
playwright = pytest.importorskip("playwright.sync_api",
                                 reason="needs playwright (pip install -e '.[dev]')")
pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).is_file(),
    reason="needs Chromium (apt-get install chromium, as `make test` does when run as root)",
)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def _open(browser: Any, page_file: Path, screenshot: Path) -> tuple[Any, list[str]]:
    """The page, loaded with every request outside the file refused, and its errors."""
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    errors: list[str] = []
    requests: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("request", lambda request: requests.append(request.url))
    page.goto(page_file.as_uri(), wait_until="load")
    page.screenshot(path=str(screenshot), full_page=True)
    assert requests == [page_file.as_uri()], "the page loads nothing but itself"
    assert screenshot.stat().st_size > 10_000
    return page, errors


def test_check_page(browser: Any, broken_course: Path, tmp_path: Path) -> None:
    report = broken_course / "check.html"
    assert main(["check", "--root", str(broken_course), "--format", "html",
                 "-o", str(report)]) == 1
    page, errors = _open(browser, report, tmp_path / "check.png")
    assert errors == []
    content = broken_course / "content"
    languages = ["en", "fr", "it", "zh-CN"]
    lessons = sorted(str(path.relative_to(content / "en")).replace("\\", "/")
                     for path in (content / "en").rglob("*.mdx"))
    present = sum((content / language / lesson).is_file()
                  for lesson in lessons for language in languages)
    cells = page.locator("table.matrix.lessons td.cell")
    assert cells.count() == len(lessons) * len(languages)
    assert page.locator("table.matrix.lessons td.status-clean").count() == present
    assert page.locator("table.matrix.lessons td.empty").count() == cells.count() - present
    assert page.locator("table.matrix.lessons tbody th").all_inner_texts() == lessons
    documented = page.locator("table.matrix.scenarios td.cell")
    assert page.locator("table.matrix.scenarios thead th").all_inner_texts() == [
        "lesson", "en · pt", "en · tf", "fr · pt", "fr · tf", "it · pt", "it · tf",
        "zh-CN · pt", "zh-CN · tf"]
    assert documented.count() == len(lessons) * 2 * len(languages)
    # The PyTorch and TensorFlow debugging lessons document errors in every language.
    assert page.locator("table.matrix.scenarios td.status-documented").count() >= 8
    debugging = page.locator("table.matrix.scenarios tbody tr").filter(
        has=page.locator("th", has_text="chapter8/4.mdx"))
    assert debugging.count() == 1
    english = debugging.locator("td").first
    assert english.locator("li.scenario.documented").count() == 7
    assert "ValueError: expected sequence of length 43 at dim 1 (got 37)" in english.inner_text()
    assert page.locator("#timelines svg").count() == 12
    french = page.locator(f'.timeline[data-file="{FRENCH_SRT}"]')
    assert french.locator("rect.cue").count() > 60  # its cues under the source's
    assert french.locator('rect.cue.problem.error[data-cue="1"]').count() == 1
    article = page.locator(f"article.file#{anchor(FRENCH_SRT)}")
    assert article.locator("h3").inner_text() == FRENCH_SRT
    finding = article.locator("li.finding.error")
    assert finding.count() == 1
    assert "SUB104" in article.locator("summary").first.inner_text()
    href = finding.locator("a").get_attribute("href")
    assert href == quote(FRENCH_SRT) + "#L1"  # the report lies at the course root
    page.locator('input[data-filter="error"]').uncheck()
    assert finding.is_hidden()
    page.close()


@pytest.mark.kernel
def test_verify_page(browser: Any, tmp_path: Path) -> None:
    course = generate(tmp_path / "course", lessons=4)
    report = tmp_path / "verify.html"
    # In a process of its own: the browser's driver runs an event loop in this one.
    done = subprocess.run(
        [sys.executable, "-m", "coursekit", "verify", "--root", str(course), "--device", "cpu",
         "-j", "2", "--format", "html", "-o", str(report)],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 1, done.stderr
    page, errors = _open(browser, report, tmp_path / "verify.png")
    assert errors == []
    assert page.locator("table.matrix.scenarios thead th").all_inner_texts() == [
        "lesson", "en · pt", "fr · pt"]
    cells = page.locator("table.matrix.scenarios td.cell")
    assert cells.count() == 4 * 2
    statuses = [cells.nth(i).get_attribute("data-status") for i in range(cells.count())]
    assert statuses == ["ok", "ok", "failed", "failed", "ok", "ok", "failed", "failed"]
    assert page.locator("li.scenario.proven").count() == 4
    assert page.locator("li.scenario.unproven").count() == 4
    assert "ZeroDivisionError: division by zero" in cells.first.inner_text()
    assert page.locator("article.file").count() == 4
    page.close()


def test_every_notebook_status_has_a_badge_colour(browser: Any, tmp_path: Path) -> None:
    """Each status the JSON can hold is shown in a colour of its own kind, none in the
    plain badge's grey (that of a status the page does not know)."""
    notebooks = [NotebookJudgement(
        f"en/chapter1/{n}.ipynb", f"content/en/chapter1/{n}.mdx", "en", "pt", status,
        status.value, None) for n, status in enumerate(NotebookStatus)]
    report = tmp_path / "statuses.html"
    with report.open("w", encoding="utf-8") as out:
        render_page(HtmlPage(title="verify", diagnostics=[], notebooks=notebooks), out)
    page, errors = _open(browser, report, tmp_path / "statuses.png")
    assert errors == []
    colour = "e => getComputedStyle(e).backgroundColor"
    plain = page.evaluate(
        "() => { const td = document.createElement('td');"
        " td.className = 'cell status-unknown'; td.innerHTML = '<span class=badge>x</span>';"
        " document.body.append(td);"
        " return getComputedStyle(td.firstChild).backgroundColor; }")
    shown = {status.value: page.locator(
        f'td.cell[data-status="{status.value}"] .badge').evaluate(colour)
        for status in NotebookStatus}
    assert [s for s, c in shown.items() if c == plain] == [], shown
    assert shown["ok"] != shown["failed"] != shown["needs-packages"]
    assert shown["needs-gpu"] == shown["placeholder-repo"]  # both notes
    page.close()
