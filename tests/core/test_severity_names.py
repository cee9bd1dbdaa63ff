"""The severity names a configuration's ``severity`` tables read: ``error``, ``warning``,
``note``, and ``info``, the older name of ``note`` kept so that configurations written
before still work. Each is documented where severities are listed; any other word is a
CFG001 finding at its line naming the words allowed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.selection import SEVERITY_NAMES
from tests.core.overlap_course import write_overlap_course

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _severity_lines() -> dict[str, str]:
    """Where the pages list severities: the ``severity`` bullet of rule-selection.md and
    the ``severity`` row of configuration.md's subtitles table."""
    selection = (DOCS / "rule-selection.md").read_text(encoding="utf-8")
    configuration = (DOCS / "configuration.md").read_text(encoding="utf-8")
    bullet = re.search(r"^- `severity` maps .*?(?=^- )", selection, re.MULTILINE | re.DOTALL)
    row = re.search(r"^\| `severity` \| each rule's \|.*$", configuration, re.MULTILINE)
    assert bullet is not None and row is not None
    return {"rule-selection.md": bullet[0], "configuration.md": row[0]}


@pytest.mark.parametrize("name", sorted(SEVERITY_NAMES))
def test_every_severity_name_read_is_documented(name: str) -> None:
    for page, listed in _severity_lines().items():
        assert f"`{name}`" in listed, f"{page} does not list the severity {name!r}"


def _check(root: Path, config: str) -> tuple[int, list[dict[str, object]]]:
    (root / "coursekit.toml").write_text(config, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--format", "json"])
    assert "Traceback" not in result.output
    return result.exit_code, json.loads(result.output)["diagnostics"]


@pytest.mark.parametrize("config", [
    'severity = { SUB104 = "LEVEL" }\n',
    '[subtitles]\nseverity = { SUB104 = "LEVEL" }\n',
])
@pytest.mark.parametrize("level", ["note", "info"])
def test_info_is_read_as_note(tmp_path: Path, config: str, level: str) -> None:
    code, found = _check(write_overlap_course(tmp_path), config.replace("LEVEL", level))
    assert code == 0
    assert {d["rule"]: d["severity"] for d in found}["SUB104"] == "note"


@pytest.mark.parametrize("level", ["fatal", "Info", "notice", ""])
def test_another_word_is_a_finding_at_its_line(tmp_path: Path, level: str) -> None:
    config = f'select = ["SUB"]\n\nseverity = {{ SUB104 = "{level}" }}\n'
    code, found = _check(write_overlap_course(tmp_path), config)
    assert code == 2
    [bad] = [d for d in found if d["rule"] == "CFG001"]
    assert (bad["path"], bad["line"]) == ("coursekit.toml", 3)
    assert "must be error, warning or note" in str(bad["message"])
