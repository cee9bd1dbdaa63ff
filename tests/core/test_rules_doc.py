"""docs/rules.md is the rule table that README links to: it must match the code."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from coursekit.cli import cli

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def test_rules_doc_is_current() -> None:
    table = CliRunner().invoke(cli, ["rules", "--format", "markdown"]).output
    assert DOC.read_text(encoding="utf-8") == table, (
        "docs/rules.md is stale: `coursekit rules --format markdown > docs/rules.md`"
    )
