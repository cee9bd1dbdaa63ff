"""``pytest --coursekit`` with pytest's own options: an item's id as an argument, ``-m``
by the items' marks, and ``-x``/``--sw``, after whose failure no notebook runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import cell, expect, notebook, write_course


def _pytest(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``pytest --coursekit`` on the course at ``tmp_path / "course"``, run from
    ``tmp_path`` with pytest's cache in ``tmp_path / "cache"`` (``args`` name what it
    collects)."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", "--coursekit", "--coursekit-root=course",
         "--coursekit-device", "cpu", "-o", f"cache_dir={tmp_path / 'cache'}", *args],
        capture_output=True, text=True, cwd=tmp_path, timeout=120, check=False,
    )


def _collected(tmp_path: Path, *args: str) -> list[str]:
    done = _pytest(tmp_path, "--collect-only", "-q", *args)
    assert done.returncode == pytest.ExitCode.OK, done.stdout + done.stderr
    return [line for line in done.stdout.splitlines() if "::" in line]


def _course(tmp_path: Path) -> tuple[Path, Path]:
    """A course whose first notebook fails (a plain cell raises) and whose second, of
    TensorFlow in French, writes a file: the files each notebook's first cell writes."""
    first, second = tmp_path / "ran1", tmp_path / "ran2"
    other = "content/fr/chapter1/2.mdx"
    write_course(tmp_path / "course", {
        "en/chapter1/1.ipynb": notebook([
            cell(f"open({str(first)!r}, 'w').write('ran')", 3),
            cell("1 / 0", 5),
            cell("[1][4]", 7, errors=[expect("IndexError", "list index out of range")]),
            cell("print(1)", 11),
        ]),
        "fr/chapter1/2_tf.ipynb": notebook([
            cell(f"open({str(second)!r}, 'w').write('ran')", 3, other),
        ], lesson=other, language="fr", framework="tf"),
    })
    (tmp_path / "empty").mkdir()
    return first, second


FIRST = ["en/chapter1/1.ipynb::cells",
         "en/chapter1/1.ipynb::scenario@content/en/chapter1/1.mdx:7"]
SECOND = ["fr/chapter1/2_tf.ipynb::cells"]


def test_an_items_id_as_an_argument_collects_that_item(tmp_path: Path) -> None:
    _course(tmp_path)
    assert _collected(tmp_path, "empty") == [*FIRST, *SECOND, "coursekit::run"]
    assert _collected(tmp_path, SECOND[0]) == [*SECOND, "coursekit::run"]
    assert _collected(tmp_path, "en/chapter1/1.ipynb") == [*FIRST, "coursekit::run"]
    assert _collected(tmp_path, FIRST[1], "empty") == [FIRST[1], "coursekit::run"]
    assert _collected(tmp_path, "coursekit::run") == ["coursekit::run"]


def test_an_id_of_no_item_is_a_usage_error_and_a_missing_file_stays_pytests(
        tmp_path: Path) -> None:
    _course(tmp_path)
    done = _pytest(tmp_path, "en/chapter1/9.ipynb::cells")
    assert done.returncode == pytest.ExitCode.USAGE_ERROR, done.stdout + done.stderr
    assert "ERROR: not found: en/chapter1/9.ipynb::cells (no item of the course" \
        in done.stderr
    done = _pytest(tmp_path, "tests/test_gone.py::test_x")
    assert done.returncode == pytest.ExitCode.USAGE_ERROR, done.stdout + done.stderr
    assert "ERROR: file or directory not found: tests/test_gone.py::test_x" in done.stderr


def test_items_are_marked_by_framework_and_language(tmp_path: Path) -> None:
    _course(tmp_path)
    strict = ("--strict-markers", "-W", "error", "empty")
    assert _collected(tmp_path, "-m", "tf", *strict) == [*SECOND, "coursekit::run"]
    assert _collected(tmp_path, "-m", "en and pt", *strict) == [*FIRST, "coursekit::run"]
    assert _collected(tmp_path, "-m", "coursekit", *strict) == [
        *FIRST, *SECOND, "coursekit::run"]
    done = _pytest(tmp_path, "--collect-only", "-q", "-m", "not coursekit", "empty")
    assert "no tests collected (4 deselected)" in done.stdout, done.stdout + done.stderr
    markers = _pytest(tmp_path, "--markers").stdout
    assert "@pytest.mark.tf: an item of a TensorFlow notebook of the course" in markers


@pytest.mark.kernel
def test_an_items_id_as_an_argument_runs_only_its_notebook(tmp_path: Path) -> None:
    first, second = _course(tmp_path)
    done = _pytest(tmp_path, "-q", "-rA", SECOND[0])
    assert "PASSED fr/chapter1/2_tf.ipynb::cells" in done.stdout, done.stdout + done.stderr
    assert "2 passed" in done.stdout
    assert second.exists()
    assert not first.exists()
    done = _pytest(tmp_path, "-q", "-rA", "coursekit::run")  # alone: every notebook
    assert "1 passed" in done.stdout, done.stdout + done.stderr
    assert first.exists()


@pytest.mark.kernel
@pytest.mark.parametrize("option", ["-x", "--sw"])
def test_a_session_that_stops_at_a_failure_runs_no_notebook_after_it(
        tmp_path: Path, option: str) -> None:
    first, second = _course(tmp_path)
    done = _pytest(tmp_path, "-q", "-rA", option, "empty")
    output = done.stdout + done.stderr
    assert "FAILED en/chapter1/1.ipynb::cells - " in output, output
    assert "1 failed" in output
    assert first.exists()
    assert not second.exists()  # the session stopped before its items
    done = _pytest(tmp_path, "-q", "-rA", "-p", "no:stepwise", "empty")
    output = done.stdout + done.stderr
    assert "1 failed, 3 passed" in output, output
    assert second.exists()
