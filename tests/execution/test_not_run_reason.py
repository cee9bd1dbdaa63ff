"""``verify --format json`` says why a notebook was not run in its own entry: the
``reason`` its ``EXE203`` finding gives, kept by a report merge; a notebook that ran
has ``null`` there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.judgement.stored import report_from_json

from .conftest import cell, notebook, write_course

pytestmark = pytest.mark.kernel

MISSING, RAN = "content/en/chapter1/1.mdx", "content/en/chapter1/2.mdx"


def test_a_notebook_not_run_says_why_and_one_that_ran_has_no_reason(tmp_path: Path) -> None:
    missing = notebook([cell("x = 1", 3, MISSING)], lesson=MISSING)
    missing.metadata["kernelspec"]["name"] = "no-such-kernel"
    write_course(tmp_path, {
        "en/chapter1/1.ipynb": missing,
        "en/chapter1/2.ipynb": notebook([cell("x = 1", 3, RAN)], lesson=RAN),
    })
    run = CliRunner().invoke(cli, ["verify", "--root", str(tmp_path), "--device", "cpu",
                                   "--format", "json"])
    assert run.exit_code == 1, run.output
    document = json.loads(run.stdout)
    entries = {nb["notebook"]: nb for nb in document["notebooks"]}
    not_run, ran = entries["en/chapter1/1.ipynb"], entries["en/chapter1/2.ipynb"]
    said = [d["message"] for d in document["diagnostics"] if d["rule"] == "EXE203"]
    assert not_run["status"] == "not-run"
    assert [not_run["reason"]] == said
    assert "`no-such-kernel` is not installed" in not_run["reason"]
    # The counterpart: the notebook that ran has the field, empty.
    assert ran["status"] == "ok"
    assert "reason" in ran and ran["reason"] is None
    stored = report_from_json("verify.json", document).notebooks
    assert stored is not None
    assert [nb.reason for nb in stored] == [not_run["reason"], None]
