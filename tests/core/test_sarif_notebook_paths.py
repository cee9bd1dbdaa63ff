"""A verification's SARIF names each notebook's lesson and first cause
(``properties.notebooks``) as its results name files: from the top of the repository that
holds the course, so that a reader finds the result a notebook's first cause gave."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from coursekit.cli import cli

from .verify_reports import LESSON, write_failed_verify_report


def _merged_sarif(course: Path, report: Path) -> tuple[str, dict[str, str]]:
    result = CliRunner().invoke(cli, ["report", "merge", "--format", "sarif",
                                      "--root", str(course), str(report)])
    assert result.exit_code == 1, result.output
    run = json.loads(result.stdout)["runs"][0]
    [found] = run["results"]
    location = found["locations"][0]["physicalLocation"]
    uri = f"{location['artifactLocation']['uri']}:{location['region']['startLine']}"
    [notebook] = run["properties"]["notebooks"]
    return uri, notebook


def test_a_course_in_a_folder_of_its_repository(tmp_path: Path) -> None:
    course = tmp_path / "repo" / "docs" / "course"
    course.mkdir(parents=True)
    (tmp_path / "repo" / ".git").mkdir()
    uri, notebook = _merged_sarif(course, write_failed_verify_report(tmp_path / "v.json"))
    assert uri == f"docs/course/{LESSON}:12"
    assert notebook["lesson"] == f"docs/course/{LESSON}"
    assert notebook["firstCause"] == uri
    assert notebook["notebook"] == "en/chapter1/1.ipynb"  # in the build folder, as before


def test_a_course_at_the_top_of_its_repository(tmp_path: Path) -> None:
    course = tmp_path / "repo"
    (course / ".git").mkdir(parents=True)
    uri, notebook = _merged_sarif(course, write_failed_verify_report(tmp_path / "v.json"))
    assert uri == f"{LESSON}:12"
    assert (notebook["lesson"], notebook["firstCause"]) == (LESSON, uri)
