"""The README's Python API, run as written in a course checkout, tells what
``coursekit check`` tells: the same exit code for a clean course, one with an error
and one whose configuration has a problem."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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
    for name in ("content", "subtitles"):
        shutil.copytree(REPOSITORY / name, tmp_path / name)
    shutil.copy2(REPOSITORY / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


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
