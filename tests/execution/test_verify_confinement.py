"""Verify writes only inside its build folder: a linked folder below ``executed/`` or the
result cache that leads elsewhere (a build folder restored from a cache may hold any
link) is never written through; the folders themselves may be links."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from coursekit.execution.cache.store import ResultCache
from coursekit.execution.output.executed import EXECUTED_DIR, save_executed
from coursekit.execution.plan.model import NotebookPlan, plan_notebook
from coursekit.execution.results import CellRun, NotebookRun, RunStatus

from .conftest import cell, notebook

KEY = "ab" + "0" * 62


def _plan() -> NotebookPlan:
    return plan_notebook(notebook([cell("x = 1", 10)]), "cpu", notebook="en/chapter1/1.ipynb")


def _run() -> NotebookRun:
    return NotebookRun(cells=[CellRun(RunStatus.OK, execution_count=1)])


def test_an_executed_notebook_is_not_written_through_a_link_leading_out(
    tmp_path: Path,
) -> None:
    build, elsewhere = tmp_path / "build", tmp_path / "elsewhere"
    (build / EXECUTED_DIR).mkdir(parents=True)
    elsewhere.mkdir()
    os.symlink(elsewhere, build / EXECUTED_DIR / "en")
    with pytest.raises(OSError, match="leads out of the executed folder"):
        save_executed(build, _plan(), _run())
    assert list(elsewhere.iterdir()) == []


def test_an_executed_notebook_is_written_into_a_linked_executed_folder(
    tmp_path: Path,
) -> None:
    build, elsewhere = tmp_path / "build", tmp_path / "elsewhere"
    build.mkdir()
    elsewhere.mkdir()
    os.symlink(elsewhere, build / EXECUTED_DIR)  # the folder itself: the user's choice
    saved = save_executed(build, _plan(), _run())
    assert saved.is_file() and (elsewhere / "en/chapter1/1.ipynb").is_file()


def test_a_run_is_not_stored_through_a_link_leading_out(tmp_path: Path) -> None:
    cache, elsewhere = tmp_path / "cache", tmp_path / "elsewhere"
    (cache / "runs").mkdir(parents=True)
    elsewhere.mkdir()
    os.symlink(elsewhere, cache / "runs" / KEY[:2])
    ResultCache(cache).store(KEY, _run())
    assert list(elsewhere.iterdir()) == []
    plain = ResultCache(tmp_path / "plain")
    plain.store(KEY, _run())
    assert plain.load(KEY) == _run()
