"""The typed judgement: written as JSON and read back as the same value; what cannot
be read back is a clear error; the HTML page escapes every value it shows."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.cli.commands.report import render_merged
from coursekit.cli.html import verify_page
from coursekit.config import Course
from coursekit.diagnostics import Severity
from coursekit.judgement.model import (
    CellResult,
    Fate,
    NotebookJudgement,
    NotebookStatus,
    Scenario,
    Unverified,
    Verdict,
)
from coursekit.judgement.stored import ReportError, notebook_from_json, report_from_json
from coursekit.notebooks.metadata import NAMESPACE
from coursekit.report.html import HtmlPage, render_page
from coursekit.report.merge import merge_reports
from coursekit.report.notebooks import notebook_json

TEXT = st.text(max_size=20)
INDEX = st.integers(min_value=0, max_value=50)
CELLS = st.builds(
    CellResult, index=INDEX, source=TEXT, verdict=st.sampled_from(Verdict), detail=TEXT,
    cause=st.none() | INDEX, drift=st.none() | TEXT, hint=TEXT, note=TEXT, documented=TEXT,
    raised=TEXT,
)
NOTEBOOKS = st.builds(
    NotebookJudgement, notebook=TEXT, lesson=TEXT, language=TEXT, framework=TEXT,
    status=st.sampled_from(NotebookStatus), verdict=TEXT.filter(bool),
    severity=st.none() | st.sampled_from(Severity), first_cause=st.none() | CELLS,
    cells=st.lists(CELLS, max_size=4).map(tuple),
    scenarios=st.lists(st.builds(Scenario, error_cell=INDEX,
                                 fix_cells=st.lists(INDEX, max_size=3).map(tuple),
                                 proven=st.booleans(), reason=TEXT, note=TEXT),
                       max_size=3).map(tuple),
    cached=st.booleans(), executed=st.none() | TEXT,
    duration=st.integers(min_value=0, max_value=10**6).map(lambda ms: ms / 1000),
    device=st.sampled_from(["cpu", "cuda"]), restarts=st.integers(min_value=0, max_value=3),
    replayed=st.lists(TEXT, max_size=2).map(tuple),
    unverified=st.lists(st.builds(Unverified, index=INDEX, source=TEXT, device=TEXT,
                                  expected=TEXT), max_size=2).map(tuple),
)


@given(NOTEBOOKS)
def test_a_notebook_written_as_json_reads_back_as_the_same_judgement(
    nb: NotebookJudgement,
) -> None:
    text = json.dumps(notebook_json(nb), ensure_ascii=False)
    assert notebook_from_json(json.loads(text)) == nb
    assert json.dumps(notebook_json(notebook_from_json(json.loads(text))),
                      ensure_ascii=False) == text


def test_a_notebook_counts_its_documented_errors_reached_and_proven() -> None:
    scenarios = (Scenario(1, (2,), proven=True), Scenario(3, (4,), proven=False),
                 Scenario(5, (), proven=False, fate=Fate.NOT_REACHED))
    nb = NotebookJudgement("en/1.ipynb", "content/en/1.mdx", "en", "pt",
                           NotebookStatus.FAILED, "failed", Severity.ERROR,
                           scenarios=scenarios)
    entry = notebook_json(nb)
    assert (entry["documented_errors"], entry["reached"], entry["proven"]) == (3, 2, 1)
    # The clean counterpart: a notebook that documents no error counts none.
    plain = notebook_json(NotebookJudgement("en/2.ipynb", "content/en/2.mdx", "en", "pt",
                                            NotebookStatus.OK, "ok", None))
    assert (plain["documented_errors"], plain["reached"], plain["proven"]) == (0, 0, 0)


def _stored(**cell: object) -> dict[str, object]:
    good = CellResult(3, "content/en/1.mdx:10", Verdict.UNEXPECTED_ERROR, detail="boom")
    nb = NotebookJudgement("en/1.ipynb", "content/en/1.mdx", "en", "pt",
                           NotebookStatus.FAILED, "failed: unexpected-error", Severity.ERROR,
                           first_cause=good, cells=(good,))
    entry = notebook_json(nb)
    entry["cells"][0].update(cell)
    return {"tool": "coursekit", "run": "coursekit verify", "diagnostics": [],
            "notebooks": [entry]}


@pytest.mark.parametrize(("cell", "said"), [
    ({"index": "3"}, '`index` is "3", not a whole number'),
    ({"verdict": "fine"}, "'fine' is not a valid Verdict"),
    ({"detail": ["boom"]}, "`detail` is list, not text"),
])
def test_a_notebook_that_cannot_be_read_back_is_named(
    cell: dict[str, object], said: str,
) -> None:
    named = re.escape("notebook en/1.ipynb cannot be read")
    with pytest.raises(ReportError, match=named) as caught:
        report_from_json("b.json", _stored(**cell))
    assert said in str(caught.value)
    assert str(caught.value).startswith("b.json: ")
    # The clean counterpart.
    [read] = report_from_json("b.json", _stored()).notebooks or ()
    assert read.first_cause is not None and read.first_cause.detail == "boom"


def test_the_page_escapes_what_a_judgement_quotes() -> None:
    planted = "<script>alert('x')</script>"
    error = CellResult(1, "content/en/1.mdx:10", Verdict.DOCUMENTED, expected=planted)
    fix = CellResult(2, "content/en/1.mdx:20", Verdict.DOCUMENTED)
    nb = NotebookJudgement(
        "en/1.ipynb", "content/en/1.mdx", "en", "pt", NotebookStatus.DOCUMENTED,
        "documented", None, cells=(error, fix),
        scenarios=(Scenario(1, (2,), proven=False, judged=False),))
    out = io.StringIO()
    render_page(HtmlPage(title="check <b>", diagnostics=[], notebooks=[nb]), out)
    html = out.getvalue()
    assert planted not in html and "<b>" not in html
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in html
    assert ('<li class="scenario documented" data-outcome="documented"><span class="mark">'
            '•</span>') in html
    assert '<span class="count">2 code cells</span>' in html
    assert 'fixed by <a href="content/en/1.mdx#L20">line 20</a></span>' in html


def _judged(expected: str) -> NotebookJudgement:
    error = CellResult(1, "content/en/1.mdx:10", Verdict.REPRODUCED,
                       detail="raised as documented", expected=expected)
    fix = CellResult(2, "content/en/1.mdx:20", Verdict.OK)
    return NotebookJudgement(
        "en/1.ipynb", "content/en/1.mdx", "en", "pt", NotebookStatus.OK, "ok", None,
        cells=(error, fix), scenarios=(Scenario(1, (2,), proven=True),))


def _built(root: Path, name: str, message: str) -> None:
    """A built notebook whose cell 1 documents ``name: message``."""
    errors = [{"name": name, "message": message, "device": None, "origin": "output",
               "line": 10}]
    cells: list[dict[str, object]] = [{"cell_type": "markdown", "metadata": {}, "source": "# 1"}]
    cells += [
        {"cell_type": "code", "metadata": {NAMESPACE: {
            "source": f"content/en/1.mdx:{line}", **({"expect_errors": errors} if n else {})}},
         "source": "", "outputs": [], "execution_count": None}
        for n, line in ((1, 10), (0, 20))]
    path = root / "build" / "notebooks" / "en" / "1.ipynb"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                                "nbformat_minor": 5}), encoding="utf-8")


def test_the_verify_page_opens_each_scenario_with_the_judged_error(tmp_path: Path) -> None:
    """What the run judged is what the page shows: a stale notebook on disk is not read."""
    _built(tmp_path, "ValueError", "stale")
    judged = _judged("ZeroDivisionError: division by zero")
    out = io.StringIO()
    verify_page(Course.open(tmp_path), [judged], None)([], out, "coursekit verify", ())
    assert "ZeroDivisionError: division by zero" in out.getvalue()
    assert "stale" not in out.getvalue()


@pytest.mark.parametrize("built", [True, False])
def test_a_stored_report_reads_the_documented_errors_from_the_build(
    tmp_path: Path, built: bool,
) -> None:
    """A stored JSON report has no ``expected``: the merged page reads the built
    notebooks for it, and without them opens the scenario with the cell's detail."""
    document = {"tool": "coursekit", "run": "coursekit verify", "diagnostics": [],
                "notebooks": [notebook_json(_judged("not stored"))]}
    assert "not stored" not in json.dumps(document)
    if built:
        _built(tmp_path, "ZeroDivisionError", "division by zero")
    merged = merge_reports([("a.json", report_from_json("a.json", document))])
    html = render_merged(merged, "html", tmp_path, None)
    assert ("ZeroDivisionError: division by zero" in html) is built
    assert ("raised as documented" in html) is not built
