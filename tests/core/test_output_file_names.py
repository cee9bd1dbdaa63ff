"""A file option (``-o``, ``--baseline``) must end with a file name: ``reports/`` names a
folder, as shell redirection says, and wrote a file ``reports``; an empty path named the
current folder. Each is a usage error before any work, with nothing written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from coursekit.cli import main

from .test_write_faults import _course

COMMANDS = {
    "check": ["check", "--format", "json", "-o"],
    "coverage": ["coverage", "--format", "json", "-o"],
    "report merge": ["report", "merge", "--format", "json", "-o"],
    "baseline": ["check", "--update-baseline", "--baseline"],
}


@pytest.mark.parametrize("named", ["reports/", "report.json/.", "..", ""],
                         ids=["trailing-slash", "dot", "dot-dot", "empty"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_file_option_naming_a_folder_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    command: str, named: str,
) -> None:
    root = _course(tmp_path)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    inputs = [str(work / "missing.json")] if command == "report merge" else []
    args = [*COMMANDS[command], named, *inputs]
    if command != "report merge":
        args += ["--root", str(root)]
    assert main(args) == 2
    assert "give a file name" in capsys.readouterr().err
    assert os.listdir(work) == []


@pytest.mark.parametrize("command", ["check", "coverage", "baseline"])
def test_a_file_name_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                command: str) -> None:
    root = _course(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main([*COMMANDS[command], "reports.json", "--root", str(root)]) in (0, 1)
    assert (tmp_path / "reports.json").is_file()
