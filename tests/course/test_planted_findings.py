"""Recall and precision of ``coursekit check`` on the bundled course with planted defects."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from coursekit.cli import cli
from tests.course.planted import PLANTS, planted_course


def _findings(root: Path) -> tuple[int, list[dict[str, object]]]:
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--format", "json"])
    assert "Traceback" not in result.output
    return result.exit_code, json.loads(result.output)["diagnostics"]


def test_every_planted_defect_is_found_and_nothing_else(tmp_path: Path) -> None:
    _, before = _findings(planted_course(tmp_path / "bundled", plants=()))
    known = {(d["rule"], d["path"]) for d in before}
    code, found = _findings(planted_course(tmp_path / "planted"))
    assert code == 2  # the planted configuration typo
    rules_by_path = {(d["rule"], d["path"]) for d in found}
    missed = [p.what for p in PLANTS
              if p.rule is not None and (p.rule, p.path) not in rules_by_path]
    assert missed == []
    planted = {(p.rule, p.path) for p in PLANTS if p.rule is not None}
    # Side effects a reviewer expects of these plants (and nothing at error level else).
    others = sorted((str(d["rule"]), str(d["path"]), str(d["severity"])) for d in found
                    if (d["rule"], d["path"]) not in planted | known)
    assert [o for o in others if o[2] == "error"] == []
    # The overlap plant lengthens a cue (SUB106), the stale import is also changed code
    # (TRN201). The cue whose timing line cannot be read keeps its place in the count, so
    # the cue after it is not out of order (no SUB010).
    assert [(rule, severity) for rule, _, severity in others] == [
        ("SUB106", "warning"), ("TRN201", "warning")]
