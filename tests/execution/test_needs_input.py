"""A cell that waits for the learner to type an answer needs input; the lesson is not broken.

Planted, on a real kernel: ``input("Your token: ")`` and ``getpass.getpass()`` (each
``needs-input``, EXE112 a warning, the cells using the answer ``not-reached``; the
notebook's verdict ``needs-input`` in JSON, JUnit, SARIF, and the command exits 0).
Clean counterparts: the answer given in code, and a function that would ask, defined
and never called. A cell that fails otherwise stays ``unexpected-error``.
"""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.cli.commands.verify import verify_renderers
from coursekit.cli.html import verify_page
from coursekit.config import Course
from coursekit.execution.results import NotebookStatus, Verdict, VerifyReport
from coursekit.execution.verify import verify_course

from .conftest import cell, notebook, write_course

pytestmark = pytest.mark.kernel

ASKS = "content/en/chapter1/1.mdx"
CLEAN = "content/en/chapter1/2.mdx"


@pytest.fixture(scope="module")
def verified(tmp_path_factory: pytest.TempPathFactory) -> tuple[Course, VerifyReport]:
    root = tmp_path_factory.mktemp("prompts")
    write_course(root, {
        "en/chapter1/1.ipynb": notebook([
            cell('token = input("Your token: ")', 10, ASKS),
            cell("print(token.upper())", 20, ASKS),
            cell('import getpass\n\nsecret = getpass.getpass("Password: ")', 30, ASKS),
            cell("print(len(secret))", 40, ASKS),
            cell("print(1 + 1)", 50, ASKS),
        ], lesson=ASKS),
        "en/chapter1/2.ipynb": notebook([
            cell('token = "hf_example"\nprint(token.upper())', 10, CLEAN),
            cell('def ask():\n    return input("Your name: ")\n\nprint("defined")', 20,
                 CLEAN),
            cell("int('seven')", 30, CLEAN),
        ], lesson=CLEAN),
    })
    course = Course.open(root)
    return course, verify_course(course, device="cpu", jobs=1, use_cache=False)


def test_a_prompt_needs_input_and_what_uses_the_answer_is_not_reached(
        verified: tuple[Course, VerifyReport]) -> None:
    _, report = verified
    asks, clean = sorted(report.notebooks, key=lambda nb: nb.notebook)
    assert [(c.verdict, c.cause) for c in asks.cells] == [
        (Verdict.NEEDS_INPUT, None), (Verdict.NOT_REACHED, 1), (Verdict.NEEDS_INPUT, None),
        (Verdict.NOT_REACHED, 3), (Verdict.OK, None)]
    assert asks.cells[0].detail.startswith(
        "waits at `token = input(\"Your token: \")` for the learner to type an answer "
        "(`input()`), which verification has no one to give (raises "
        "`StdinNotImplementedError: ")
    assert "(`getpass()`)" in asks.cells[2].detail
    assert (asks.status, asks.headline) == (NotebookStatus.NEEDS_INPUT, "needs-input")
    first = [d for d in asks.diagnostics if d.line == 10]
    assert [(d.rule, d.severity.value) for d in first] == [("EXE112", "warning")]
    assert "give the answer in code" in (first[0].hint or "")
    assert [c.verdict for c in clean.cells] == [Verdict.OK, Verdict.OK,
                                                Verdict.UNEXPECTED_ERROR]
    assert clean.headline == "failed: unexpected-error"


def _render(course: Course, report: VerifyReport, fmt: str) -> str:
    out = io.StringIO()
    renderers = verify_renderers(report, verify_page(
        course, [nb.judgement() for nb in report.notebooks], None))
    renderers[fmt](report.all_diagnostics(), out, "coursekit verify", ())
    return out.getvalue()


def test_every_report_says_needs_input_and_it_fails_no_run(
        verified: tuple[Course, VerifyReport]) -> None:
    course, report = verified
    junit = ET.fromstring(_render(course, report, "junit"))
    case = junit.find("testsuite[@name='notebooks']/testcase[@name='en/chapter1/1.ipynb']")
    assert case is not None and case.find("failure") is None
    assert case.find("skipped") is not None
    assert case.find("properties/property[@name='verdict']").get("value") == "needs-input"  # type: ignore[union-attr]
    sarif = json.loads(_render(course, report, "sarif"))
    listed = {nb["notebook"]: nb["verdict"] for nb in sarif["runs"][0]["properties"]["notebooks"]}
    assert listed["en/chapter1/1.ipynb"] == "needs-input"
    result = CliRunner().invoke(cli, ["verify", "--root", str(course.root), "--device", "cpu",
                                      "--format", "json",
                                      str(course.root / "build/notebooks/en/chapter1/1.ipynb")])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["summary"]["statuses"] == {"needs-input": 1}
    assert [nb["verdict"] for nb in document["notebooks"]] == ["needs-input"]
