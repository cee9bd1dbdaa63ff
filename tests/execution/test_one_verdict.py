"""One verdict per notebook: the console table, JSON, JUnit, SARIF and HTML agree.

The planted notebook first needs the network, then fails on its own at a later cell:
its verdict is ``needs-network`` everywhere (the table once showed the later
``unexpected-error``); a clean notebook and a plainly failing one are the counterparts.
"""

from __future__ import annotations

import html.parser
import io
import json
import re
import xml.etree.ElementTree as ET

import pytest
from rich.console import Console

from coursekit.cli.commands.verify import verify_renderers
from coursekit.cli.html import verify_page
from coursekit.cli.verify_table import lesson_table
from coursekit.config import Course
from coursekit.execution.results import VerifyReport
from coursekit.execution.verify import verify_course
from coursekit.report.verify_json import verify_document

from .conftest import cell, notebook, write_course

pytestmark = pytest.mark.kernel

CONNECT = "import socket\nsocket.create_connection(('192.0.2.10', 80), timeout=1)"
LESSONS = {
    "mixed": "content/en/chapter1/1.mdx",
    "clean": "content/en/chapter1/2.mdx",
    "broken": "content/en/chapter1/3.mdx",
}
EXPECTED = {
    "en/chapter1/1.ipynb": "needs-network",
    "en/chapter1/2.ipynb": "ok",
    "en/chapter1/3.ipynb": "failed: unexpected-error",
}


@pytest.fixture(scope="module")
def verified(tmp_path_factory: pytest.TempPathFactory) -> tuple[Course, VerifyReport]:
    root = tmp_path_factory.mktemp("verdicts")
    mixed, clean, broken = LESSONS["mixed"], LESSONS["clean"], LESSONS["broken"]
    write_course(root, {
        "en/chapter1/1.ipynb": notebook([
            cell(CONNECT, 10, mixed),
            cell("total = 1 / 0", 20, mixed),
        ], lesson=mixed),
        "en/chapter1/2.ipynb": notebook([cell("total = 1 + 1", 10, clean)], lesson=clean),
        "en/chapter1/3.ipynb": notebook([
            cell("total = 1 + 1", 10, broken),
            cell("int('seven')", 20, broken),
        ], lesson=broken),
    })
    course = Course.open(root)
    report = verify_course(course, paths=[root / "build" / "notebooks"], device="cpu", jobs=1)
    return course, report


def _render(course: Course, report: VerifyReport, fmt: str) -> str:
    out = io.StringIO()
    renderers = verify_renderers(report, verify_page(
        course, [nb.judgement() for nb in report.notebooks], None))
    renderers[fmt](report.all_diagnostics(), out, "coursekit verify", ())
    return out.getvalue()


def _table_verdicts(report: VerifyReport) -> dict[str, str]:
    console = Console(file=io.StringIO(), width=160, color_system=None)
    console.print(lesson_table(report, 160))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    found = {}
    for line in str(text).splitlines():
        for path, lesson in zip(EXPECTED, LESSONS.values(), strict=True):
            if line.startswith(lesson):
                # The result is the last column, after the time (``1.2 s`` or ``cached``).
                found[path] = re.split(r" s  |cached  ", line.rstrip())[-1].strip()
    return found


class _Badges(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.notebook = ""
        self.in_badge = False
        self.found: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "td" and values.get("data-notebook"):
            self.notebook = str(values["data-notebook"])
        self.in_badge = tag == "span" and values.get("class") == "badge"

    def handle_data(self, data: str) -> None:
        if self.in_badge and self.notebook:
            self.found[self.notebook] = data
            self.in_badge = False


def test_every_report_gives_each_notebook_the_same_verdict(
    verified: tuple[Course, VerifyReport],
) -> None:
    course, report = verified
    mixed = next(nb for nb in report.notebooks if nb.lesson == LESSONS["mixed"])
    # The planted case: an independent failure after the first cause.
    assert [(c.verdict.value, c.cause) for c in mixed.cells] == [
        ("needs-network", None), ("unexpected-error", None)]

    assert {nb.notebook: nb.headline for nb in report.notebooks} == EXPECTED
    assert _table_verdicts(report) == EXPECTED

    document = verify_document(report, report.all_diagnostics())
    assert {nb["notebook"]: nb["verdict"] for nb in document["notebooks"]} == EXPECTED
    statuses = {nb["notebook"]: nb["status"] for nb in document["notebooks"]}
    assert statuses == {k: v.split(":")[0] for k, v in EXPECTED.items()}

    junit = ET.fromstring(_render(course, report, "junit"))
    suite = junit.find("testsuite[@name='notebooks']")
    assert suite is not None
    cases = {case.get("name"): case for case in suite.iter("testcase")}
    junit_verdicts = {
        name: prop.get("value") for name, case in cases.items()
        for prop in case.iterfind("properties/property[@name='verdict']")
    }
    assert junit_verdicts == EXPECTED
    assert cases["en/chapter1/2.ipynb"].find("failure") is None
    assert cases["en/chapter1/1.ipynb"].find("skipped") is not None  # a warning's verdict
    assert cases["en/chapter1/3.ipynb"].find("failure") is not None

    sarif = json.loads(_render(course, report, "sarif"))
    listed = sarif["runs"][0]["properties"]["notebooks"]
    assert {nb["notebook"]: nb["verdict"] for nb in listed} == EXPECTED

    badges = _Badges()
    badges.feed(_render(course, report, "html"))
    assert badges.found == EXPECTED


def test_json_findings_follow_the_configured_rules_and_verdicts_stay(
    verified: tuple[Course, VerifyReport],
) -> None:
    from click.testing import CliRunner

    from coursekit.cli import cli

    course, _ = verified
    config = course.root / "coursekit.toml"
    original = config.read_text(encoding="utf-8")
    config.write_text(original + f'\n[per-file-ignores]\n"{LESSONS["broken"]}" = ["EXE103"]\n',
                      encoding="utf-8")
    try:
        result = CliRunner().invoke(cli, ["verify", "--root", str(course.root), "--device",
                                          "cpu", "--format", "json"])
    finally:
        config.write_text(original, encoding="utf-8")
    document = json.loads(result.stdout)
    rules = {(d["path"], d["rule"]) for d in document["diagnostics"]}
    assert (LESSONS["broken"], "EXE103") not in rules
    assert (LESSONS["mixed"], "EXE103") in rules  # the planted case: not ignored there
    verdicts = {nb["notebook"]: nb["verdict"] for nb in document["notebooks"]}
    assert verdicts == EXPECTED
