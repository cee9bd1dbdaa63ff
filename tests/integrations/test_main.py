"""``coursekit.cli.main(argv)``: the command line called from Python, and ``python -m``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from coursekit.cli import main

from .conftest import FRENCH_SRT


def test_clean_course_returns_0(course: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "subtitles", "--root", str(course), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["summary"]["errors"] == 0


def test_findings_return_1(broken_course: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--root", str(broken_course), "--format", "json"]) == 1
    found = json.loads(capsys.readouterr().out)["diagnostics"]
    assert {(d["rule"], d["path"]) for d in found if d["severity"] == "error"} == {
        ("SUB104", FRENCH_SRT),
    }


def test_usage_error_returns_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--root", str(tmp_path / "missing")]) == 2
    assert "is not a folder" in capsys.readouterr().err


def test_unknown_command_returns_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["no-such-command"]) == 2
    assert "No such command" in capsys.readouterr().err


def test_help_and_version_return_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert "coursekit, version" in capsys.readouterr().out
    assert main(["check", "--help"]) == 0
    assert "Usage: coursekit check" in capsys.readouterr().out


def test_command_without_exit_code_returns_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)


def test_python_dash_m(broken_course: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "coursekit", "check", "subtitles", "--root", str(broken_course)],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 1, done.stderr
    assert "SUB104" in done.stdout
    assert "Traceback" not in done.stderr
