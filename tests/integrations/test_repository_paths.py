"""The formats GitHub reads (annotations, SARIF) name each file from the top of the
repository, where a course may be one folder of it; the other formats from the course."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from coursekit.cli import main
from coursekit.report.repository import course_place

from .conftest import FRENCH_SRT, copy_course, plant_overlap

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")


def _repository(top: Path) -> Path:
    subprocess.run(["git", "init", "-q", str(top)], check=True)
    return top


@needs_git
def test_a_course_in_a_folder_of_a_checkout_is_named_from_its_top(tmp_path: Path) -> None:
    top = _repository(tmp_path / "repo")
    (top / "docs" / "course").mkdir(parents=True)
    assert course_place(top / "docs" / "course", {}) == "docs/course/"
    assert course_place(top, {}) == ""  # the course is the checkout


def test_an_actions_workspace_is_the_top(tmp_path: Path) -> None:
    course = tmp_path / "workspace" / "site" / "course"
    course.mkdir(parents=True)
    assert course_place(course, {"GITHUB_WORKSPACE": str(tmp_path / "workspace")}) == \
        "site/course/"
    # A course outside the workspace, in no checkout, is named from itself.
    assert course_place(course, {"GITHUB_WORKSPACE": str(tmp_path / "elsewhere")}) == ""


@needs_git
def test_annotations_and_sarif_name_files_from_the_repository(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)
    course = copy_course(_repository(tmp_path / "repo") / "docs" / "course")
    plant_overlap(course)
    assert main(["check", "--root", str(course), "--format", "github"]) == 1
    assert f"file=docs/course/{FRENCH_SRT}," in capsys.readouterr().out
    assert main(["check", "--root", str(course), "--format", "sarif"]) == 1
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in json.loads(capsys.readouterr().out)["runs"][0]["results"]}
    assert f"docs/course/{FRENCH_SRT}" in uris
    # Its counterpart: JSON, read against the course, names files from the course root.
    assert main(["check", "--root", str(course), "--format", "json"]) == 1
    paths = {d["path"] for d in json.loads(capsys.readouterr().out)["diagnostics"]}
    assert FRENCH_SRT in paths
