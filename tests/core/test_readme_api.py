"""The README's Python API, run as written in a course checkout, tells what
``coursekit check`` tells: the same exit code for a clean course, one with an error
and one whose configuration has a problem, and the same report in every format."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.checks import Area, check_course
from coursekit.cli import cli
from coursekit.config import Course
from coursekit.report.pipeline import shape, write_report
from tests.bundled import copy_bundled

REPOSITORY = Path(__file__).resolve().parents[2]
_BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _readme_api() -> str:
    """The README's two blocks of the API to check and report, as one script."""
    text = (REPOSITORY / "README.md").read_text(encoding="utf-8")
    blocks = [b for b in _BLOCK.findall(text) if "coursekit.checks" in b
              or "coursekit.report.pipeline" in b]
    assert len(blocks) == 2, blocks
    return "\n".join(blocks)


@pytest.fixture
def course(tmp_path: Path) -> Path:
    return copy_bundled(tmp_path)


def _api_exit(course: Path) -> int:
    script = _readme_api() + "\nprint('exit', findings.exit_code)\n"
    done = subprocess.run([sys.executable, "-c", script], cwd=course, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return int(done.stdout.rsplit("exit ", 1)[1])


def _command_line_exit(course: Path) -> int:
    return subprocess.run(
        [sys.executable, "-m", "coursekit", "check", "lessons", "--lang", "fr", "--no-cache",
         "--root", str(course)],
        capture_output=True, text=True, timeout=120, check=False).returncode


def _unclosed_fence(course: Path) -> None:
    lesson = course / "content/fr/chapter3/4.mdx"
    lesson.write_text(lesson.read_text(encoding="utf-8") + "\n```py\nnever_closed()\n",
                      encoding="utf-8")


def _unknown_key(course: Path) -> None:
    config = course / "pyproject.toml"
    config.write_text(config.read_text(encoding="utf-8").replace(
        'source-language = "en"\n', 'source-language = "en"\nbogus-key = 1\n'),
        encoding="utf-8")


@pytest.mark.parametrize(("change", "expected"), [
    (None, 0), (_unclosed_fence, 1), (_unknown_key, 2)])
def test_the_readme_api_exits_as_the_command_line(course: Path, change: object,
                                                  expected: int) -> None:
    if callable(change):
        change(course)
    assert _api_exit(course) == _command_line_exit(course) == expected


@pytest.mark.parametrize("fmt", ["github", "sarif", "json"])
def test_a_course_in_a_folder_of_a_repository_is_reported_as_the_command_line_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str,
) -> None:
    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)
    (tmp_path / ".git").mkdir()  # the top of a checkout
    course = tmp_path / "docs" / "course"
    shutil.copytree(REPOSITORY / "content", course / "content")
    shutil.copy2(REPOSITORY / "pyproject.toml", course / "pyproject.toml")
    _unclosed_fence(course)
    opened = Course.open(course)
    report = check_course(opened, [Area.LESSONS], ["fr"])
    findings = shape(report.diagnostics, selection=opened.config.selection)
    out = io.StringIO()
    write_report(findings, fmt, out, title="check lessons", checked=report.checked,
                 root=opened.root)
    done = CliRunner().invoke(cli, ["check", "lessons", "--lang", "fr", "--no-cache",
                                    "--root", str(course), "--format", fmt])
    assert out.getvalue() == done.stdout
    named = "docs/course/content/fr/" if fmt != "json" else "content/fr/"
    assert f"{named}chapter3/4.mdx" in out.getvalue()
