"""``pytest --coursekit --lf`` reruns what failed with the run's own item, whose findings
only running the notebooks again can find; these runs keep pytest's cache."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import cell, expect, notebook, write_course


def _pytest(tmp_path: Path, *args: str) -> str:
    """``pytest --coursekit`` on the course at ``tmp_path / "course"``, run from
    ``tmp_path`` with pytest's cache in ``tmp_path / "cache"``: its output."""
    (tmp_path / "empty").mkdir(exist_ok=True)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--coursekit", "--coursekit-root=course",
         "--coursekit-device", "cpu", "-o", f"cache_dir={tmp_path / 'cache'}", "-rA",
         *args, "empty"],
        capture_output=True, text=True, cwd=tmp_path, timeout=120, check=False,
    )
    return done.stdout + done.stderr


def _one_failing_notebook(tmp_path: Path) -> tuple[Path, Path]:
    """A course of two notebooks, each writing a file of its own (those files); the
    first documents an error its cell does not raise, so its scenario fails."""
    first, second = tmp_path / "ran1", tmp_path / "ran2"
    other = "content/en/chapter1/2.mdx"
    write_course(tmp_path / "course", {
        "en/chapter1/1.ipynb": notebook([
            cell(f"open({str(first)!r}, 'w').write('ran')", 3),
            cell("[1][0]", 5, errors=[expect("IndexError", "list index out of range")]),
            cell("print(1)", 9),
        ]),
        "en/chapter1/2.ipynb": notebook([
            cell(f"open({str(second)!r}, 'w').write('ran')", 3, other),
        ], lesson=other),
    })
    return first, second


@pytest.mark.kernel
def test_last_failed_reruns_the_run_item_with_the_notebooks_that_failed(
        tmp_path: Path) -> None:
    first, second = _one_failing_notebook(tmp_path)
    output = _pytest(tmp_path)
    assert "PASSED coursekit::run" in output, output
    assert "1 failed, 3 passed" in output
    for entry in (tmp_path / "course" / "build" / ".verify-cache" / "runs").rglob("*.json"):
        entry.unlink()  # a stored run that is no file: EXE209, here an error
        os.mkfifo(entry)
    toml = tmp_path / "course" / "coursekit.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'source-language = "en"\n', 'source-language = "en"\nseverity = { EXE209 = "error" }\n'),
        encoding="utf-8")
    first.unlink()
    second.unlink()
    output = _pytest(tmp_path, "--lf")
    assert "run-last-failure: rerun previous 1 failure" in output, output
    assert "FAILED en/chapter1/1.ipynb::scenario@content/en/chapter1/1.mdx:5 - " in output
    assert "FAILED coursekit::run - " in output  # it passed before, and goes with them
    assert "EXE209 a stored run not read" in output
    assert "2 failed, 2 deselected" in output
    assert first.exists()
    assert not second.exists()  # the notebook that passed did not run again


def test_last_failed_with_only_an_unread_file_failing_runs_no_notebook(
        tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    write_course(tmp_path / "course", {
        "en/chapter1/1.ipynb": notebook([cell(f"open({str(marker)!r}, 'w').write('ran')", 3)]),
    })
    (tmp_path / "course" / "build" / "notebooks" / "en" / "3.ipynb").write_text(
        '{"cells": [\n', encoding="utf-8")  # EXE204, an error
    output = _pytest(tmp_path, "-k", "verify")
    assert "FAILED build/notebooks/en/3.ipynb::verify - " in output, output
    assert "1 failed, 2 deselected" in output
    output = _pytest(tmp_path, "--lf")
    assert "run-last-failure: rerun previous 1 failure" in output, output
    assert "EXE204 cannot read the notebook" in output
    assert "1 failed, 2 deselected" in output  # the run's item goes with no notebook
    assert not marker.exists()  # the notebook did not run, and no kernel started
    assert not (tmp_path / "course" / "build" / ".verify-cache").exists()
