from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import cell, expect, notebook, write_course


@pytest.mark.kernel
def test_scenarios_and_plain_cells_become_test_items(tmp_path: Path) -> None:
    node = notebook([
        cell("x = [1]", 3),
        cell("x[4]", 5, errors=[expect("IndexError", "list index out of range")]),
        cell("print(x[0])", 7),
        cell("x.pop()", 9, errors=[expect("KeyError", "'gone'")]),
        cell("print(x)", 11),
        cell("x.append(2)", 13, errors=[expect("RuntimeError", "CUDA error", device="cuda")]),
    ])
    write_course(tmp_path / "course", {"en/chapter1/1.ipynb": node})
    (tmp_path / "empty").mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "--coursekit",
         "-rs", "--coursekit-root", str(tmp_path / "course"), "--coursekit-device", "cpu",
         str(tmp_path / "empty")],
        capture_output=True, text=True, cwd=tmp_path, timeout=120, check=False,
    )
    assert "1 failed, 2 passed, 1 skipped" in done.stdout, done.stdout + done.stderr
    assert "expected-error-missing" in done.stdout
    # The CUDA expectation is a skipped item on a CPU run, never a passed one.
    assert "documents `RuntimeError: CUDA error (on cuda)`, which only a CUDA device raises" \
        in done.stdout


def test_without_the_option_the_plugin_adds_nothing(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", str(tmp_path)],
        capture_output=True, text=True, cwd=tmp_path, timeout=60, check=False,
    )
    assert "no tests ran" in done.stdout, done.stdout + done.stderr


@pytest.mark.kernel
def test_a_rule_the_course_ignores_fails_no_item_as_verify_reports_none(
        tmp_path: Path) -> None:
    node = notebook([
        cell("x = [1]", 3),
        cell("x[4]", 5, errors=[expect("IndexError", "list index out of range")]),
        cell("x.pop()", 9, errors=[expect("KeyError", "'gone'")]),
    ])
    course = tmp_path / "course"
    write_course(course, {"en/chapter1/1.ipynb": node})
    (tmp_path / "empty").mkdir()

    def run() -> str:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "--coursekit",
             "--coursekit-root", str(course), "--coursekit-device", "cpu",
             str(tmp_path / "empty")],
            capture_output=True, text=True, cwd=tmp_path, timeout=120, check=False,
        )
        return done.stdout + done.stderr

    assert "1 failed, 2 passed" in (found := run()), found  # EXE101 at the `x.pop()` cell
    toml = course / "coursekit.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'source-language = "en"\n', 'source-language = "en"\nignore = ["EXE101"]\n'),
        encoding="utf-8")
    assert "3 passed" in (found := run()), found
    assert "failed" not in found
