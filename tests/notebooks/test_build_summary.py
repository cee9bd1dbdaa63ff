"""The line ``coursekit build`` ends with: the build folder named as it is."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli


@pytest.mark.parametrize("name", ["[red]out", "plain-out"])
def test_the_summary_names_the_build_folder_as_it_is_on_one_line(
    course_root: Path, name: str,
) -> None:
    # A long path, as a CI workspace's: the summary is one line whatever its length, and
    # brackets in it are part of the name, not markup.
    out = course_root / ("a-folder-with-a-long-name-" * 3) / name
    result = CliRunner().invoke(cli, ["build", "--root", str(course_root),
                                      "--out", str(out)])
    assert result.exit_code == 0, result.output
    [summary] = [line for line in result.stderr.splitlines() if "notebook(s) in" in line]
    assert summary == f"6 notebook(s) in {out / 'notebooks'}: 6 written, 0 unchanged, 0 removed"
