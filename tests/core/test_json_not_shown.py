"""A JSON report says what it left out (``not_shown``): what ``--quiet`` hid, what is
folded into another finding, what the baseline records; counted by severity and reason,
so that a bot never reads a filtered report as a clean one."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from tests.core.overlap_course import write_overlap_course
from tests.git_history import commit, plant_pair
from tests.translations.test_trn_freshness import LOAD, LOAD_FR, TOCTREE, TRAIN_SPLIT

NONE = {"errors": 0, "warnings": 0, "notes": 0, "files": 0}


def _json(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, [*args, "--format", "json"])
    assert "Traceback" not in result.output
    document: dict[str, Any] = json.loads(result.stdout)
    return document


def test_quiet_counts_the_warnings_it_hid(tmp_path: Path) -> None:
    course = write_overlap_course(tmp_path)
    quiet = _json("check", "--root", str(course), "--quiet")
    assert [d["rule"] for d in quiet["diagnostics"]] == ["SUB104"]
    hidden = {"errors": 0, "warnings": 3, "notes": 0, "files": 1}
    assert quiet["not_shown"] == {**hidden, "reasons": {
        "quiet": hidden, "folded": NONE, "baseline": NONE}}
    # Its counterpart: without --quiet every finding is shown and nothing is left out.
    full = _json("check", "--root", str(course))
    assert len(full["diagnostics"]) == 4
    assert full["not_shown"] == {**NONE, "reasons": {
        "quiet": NONE, "folded": NONE, "baseline": NONE}}


def test_the_baseline_counts_what_it_records(tmp_path: Path) -> None:
    course = write_overlap_course(tmp_path)
    baseline = tmp_path / "baseline.json"
    args = ("check", "--root", str(course), "--baseline", str(baseline))
    fresh = _json(*args)  # no baseline file yet: every finding is new
    assert fresh["not_shown"]["reasons"]["baseline"] == NONE
    CliRunner().invoke(cli, [*args, "--update-baseline"])
    recorded = _json(*args)
    assert recorded["diagnostics"] == []
    assert recorded["not_shown"]["reasons"]["baseline"] == {
        "errors": 1, "warnings": 3, "notes": 0, "files": 1}
    assert recorded["not_shown"]["errors"] == 1


def _translation_rules(document: dict[str, Any]) -> list[str]:
    return sorted(d["rule"] for d in document["diagnostics"] if d["rule"].startswith("TRN"))


@pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")
def test_folded_differences_are_counted_unless_listed(tmp_path: Path) -> None:
    course = plant_pair(tmp_path / "course", TOCTREE, LOAD, LOAD_FR)
    commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT}, "Split", "2024-02-01T12:00:00")
    args = ("check", "lessons", "--root", str(course))
    default = _json(*args)
    assert _translation_rules(default) == ["TRN005"]
    folded = default["not_shown"]["reasons"]["folded"]
    assert folded["errors"] + folded["warnings"] + folded["notes"] == 1
    assert folded["files"] == 1
    # Its counterpart: --show-all lists the folded finding, and leaves nothing out.
    listed = _json(*args, "--show-all")
    assert _translation_rules(listed) == ["TRN005", "TRN201"]
    assert listed["not_shown"]["reasons"]["folded"] == NONE


def test_statistics_say_what_quiet_left_out(tmp_path: Path) -> None:
    course = write_overlap_course(tmp_path)
    document = _json("check", "--root", str(course), "--statistics", "--quiet")
    assert document["not_shown"]["reasons"]["quiet"]["warnings"] == 3
    clean = _json("check", "--root", str(course), "--statistics")
    assert clean["not_shown"]["reasons"]["quiet"] == NONE


def test_a_merge_adds_up_what_its_reports_left_out(tmp_path: Path) -> None:
    course = write_overlap_course(tmp_path / "course")
    quiet = _json("check", "--root", str(course), "--quiet")
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text(json.dumps(quiet), encoding="utf-8")
    second.write_text(json.dumps(quiet), encoding="utf-8")
    merged = _json("report", "merge", str(first), str(second))
    assert merged["not_shown"]["reasons"]["quiet"]["warnings"] == 6
    # Its counterpart: a report that does not say what it left out makes the sum unknown.
    del quiet["not_shown"]
    second.write_text(json.dumps(quiet), encoding="utf-8")
    assert "not_shown" not in _json("report", "merge", str(first), str(second))
