"""``--statistics`` in every format: the counts as JSON for a bot (as ruff writes its
statistics), a usage error where a format cannot hold them, never the findings instead."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from tests.core.overlap_course import write_overlap_course


@pytest.fixture
def course(tmp_path: Path) -> Path:
    return write_overlap_course(tmp_path)


def _check(course: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", "--root", str(course), "--statistics", *args])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_statistics_as_json_are_the_counts(course: Path) -> None:
    code, out = _check(course, "--format", "json")
    document = json.loads(out)
    assert code == 1
    assert "diagnostics" not in document
    assert document["summary"] == {"errors": 1, "warnings": 3, "notes": 0, "files": 1}
    assert document["statistics"][0] == {
        "rule": "SUB104", "name": "overlap", "severity": "error", "count": 1}
    assert [s["rule"] for s in document["statistics"]] == ["SUB104", "SUB201", "SUB202",
                                                           "SUB205"]
    assert document["languages"] == {"en": 4}


def test_statistics_as_json_under_quiet_count_what_was_left_out(course: Path) -> None:
    document = json.loads(_check(course, "--format", "json", "--quiet")[1])
    assert [s["rule"] for s in document["statistics"]] == ["SUB104"]
    left_out = {"errors": 0, "warnings": 3, "notes": 0, "files": 1}
    assert {k: document["not_shown"][k] for k in left_out} == left_out
    assert document["not_shown"]["reasons"]["quiet"] == left_out


@pytest.mark.parametrize("fmt", ["github", "junit", "sarif", "html"])
def test_statistics_in_a_format_that_cannot_hold_them_is_a_usage_error(
        course: Path, fmt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def never(*args: object, **kwargs: object) -> object:
        raise AssertionError("the course was checked before the usage error")

    monkeypatch.setattr("coursekit.cli.commands.check.check_course", never)
    code, out = _check(course, "--format", fmt)
    assert code == 2
    assert "--statistics" in out and "::error" not in out


def test_statistics_as_text_are_still_the_table(course: Path) -> None:
    code, out = _check(course)
    assert code == 1
    assert out.splitlines()[1].split() == ["1", "SUB104", "error", "overlap"]
