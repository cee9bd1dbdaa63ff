"""Every ``coursekit fix`` command on a root that holds no course (no lesson folder, no
subtitle folder): a CFG002 error and exit 2, as ``check`` fails on it, so that a
``--check`` pointed at the wrong folder does not pass as clean. Each case beside its
counterpart: the same command on a course."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from tests.formatting.course import write_course

COMMANDS = [["lessons", "--check"], ["drift", "--check"], ["translations", "--check"],
            ["subtitles", "--dry-run"]]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: command[0])
def test_a_root_with_no_course_is_a_usage_error(tmp_path: Path, command: list[str]) -> None:
    done = CliRunner().invoke(cli, ["fix", *command, "--root", str(tmp_path)])
    assert done.exit_code == 2, done.output
    assert ".: error CFG002 no lessons under content/ and no subtitles under subtitles/" \
        in done.output


@pytest.mark.parametrize(("command", "code", "says"), [
    (COMMANDS[0], 1, "fix lessons: would format 2 fence(s) in 2 of 2 file(s)"),
    (COMMANDS[1], 0, "fix drift: would fix 0 use(s) in 0 of 2 file(s)"),
    (COMMANDS[2], 2, "fix translations needs the course's git history"),
    (COMMANDS[3], 0, "fix subtitles: would change 0 of 0 file(s)"),
], ids=lambda value: value[0] if isinstance(value, list) else None)
def test_a_course_is_looked_at(tmp_path: Path, command: list[str], code: int, says: str
                               ) -> None:
    root = write_course(tmp_path)
    done = CliRunner().invoke(cli, ["fix", *command, "--root", str(root)])
    assert (done.exit_code, "CFG002" in done.output) == (code, False), done.output
    assert says in done.output


def test_fix_errors_on_a_root_with_no_course_is_a_usage_error(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    report.write_text("{}", encoding="utf-8")
    done = CliRunner().invoke(cli, ["fix", "errors", "--root", str(tmp_path), "--from",
                                    str(report)])
    assert done.exit_code == 2
    assert "CFG002" in done.output
