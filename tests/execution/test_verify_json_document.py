"""``verify --format json`` is the verification's document built once from its model, with
what the report left out (``not_shown``) after the summary, written as every JSON report
is (two-space indent, text as it is, one line break at the end): a baseline's findings
are counted there, and a run with none left out counts zeros."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from coursekit.cli import cli

from .conftest import cell, expect, notebook, write_course

pytestmark = pytest.mark.kernel

LESSON, CLEAN = "content/en/chapter1/1.mdx", "content/en/chapter1/2.mdx"
KEYS = ["tool", "version", "run", "summary", "not_shown", "diagnostics", "notebooks"]
NONE = {"errors": 0, "warnings": 0, "notes": 0, "files": 0}


def _verify(root: Path, *args: str) -> tuple[int, str]:
    run = CliRunner().invoke(cli, ["verify", "--root", str(root), "--device", "cpu",
                                   "--format", "json", *args])
    assert "Traceback" not in run.output, run.output
    return run.exit_code, run.stdout


def _document(text: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(text)
    assert list(document) == KEYS
    assert text == json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    return document


def test_the_document_counts_what_the_baseline_left_out(tmp_path: Path) -> None:
    root = tmp_path / "course"
    write_course(root, {
        "en/chapter1/1.ipynb": notebook([
            cell("raise ValueError('données manquantes')", 10),
            cell("int('x')", 20, errors=[expect("TypeError", "an integer is required")]),
        ]),
        "en/chapter1/2.ipynb": notebook([cell("x = 1", 5, CLEAN)], lesson=CLEAN),
    })
    baseline = tmp_path / "baseline.json"
    code, text = _verify(root, "--baseline", str(baseline))
    first = _document(text)
    assert code == 1
    assert first["not_shown"] == {**NONE, "reasons": {
        "quiet": NONE, "folded": NONE, "baseline": NONE}}
    assert "données" in text  # the source's text as it is, not escaped
    found = {k: first["summary"][k] for k in NONE}
    assert found["errors"] >= 1
    assert _verify(root, "--baseline", str(baseline), "--update-baseline")[0] == 0
    code, text = _verify(root, "--baseline", str(baseline))
    known = _document(text)
    assert code == 0
    assert known["diagnostics"] == []
    assert known["not_shown"] == {**found, "reasons": {
        "quiet": NONE, "folded": NONE, "baseline": found}}
    assert [(nb["notebook"], nb["verdict"]) for nb in known["notebooks"]] == [
        (nb["notebook"], nb["verdict"]) for nb in first["notebooks"]]
