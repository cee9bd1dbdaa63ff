"""The order notebooks start in, and the durations it is read from."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coursekit.execution.cache.durations import DURATIONS_FILE, load_durations, store_durations
from coursekit.execution.plan.model import NotebookPlan, plan_notebook
from coursekit.execution.run.schedule import expected_seconds, longest_first

from .conftest import cell, notebook


def _plan(path: str, cells: int) -> NotebookPlan:
    return plan_notebook(notebook([cell(f"x = {n}", n + 1) for n in range(cells)]), "cpu",
                         notebook=path)


def test_a_notebook_that_took_longest_before_starts_first() -> None:
    plans = [_plan("en/a.ipynb", 9), _plan("en/b.ipynb", 2), _plan("en/z.ipynb", 1)]
    order = longest_first(["a", "b", "z"], plans,
                          {"en/a.ipynb": 5.0, "en/b.ipynb": 1.0, "en/z.ipynb": 300.0})
    assert order == ["z", "a", "b"]


def test_a_notebook_never_run_is_estimated_at_the_seconds_per_cell_of_those_that_ran() -> None:
    plans = [_plan("en/a.ipynb", 2), _plan("en/b.ipynb", 10), _plan("en/new.ipynb", 4)]
    # a: 2 s a cell, b: 3 s a cell; the median 2.5 s puts the new one at 10 s.
    expected = expected_seconds(plans, {"en/a.ipynb": 4.0, "en/b.ipynb": 30.0})
    assert expected == [4.0, 30.0, 10.0]
    assert longest_first(["a", "b", "new"], plans,
                         {"en/a.ipynb": 4.0, "en/b.ipynb": 30.0}) == ["b", "new", "a"]


def test_without_durations_the_order_is_by_cells_and_ties_keep_theirs() -> None:
    plans = [_plan("en/a.ipynb", 1), _plan("en/b.ipynb", 3), _plan("en/c.ipynb", 1)]
    assert longest_first(["a", "b", "c"], plans, {}) == ["b", "a", "c"]


def test_durations_add_to_those_stored(tmp_path: Path) -> None:
    store_durations(tmp_path, {"en/a.ipynb": 2.0, "en/b.ipynb": 3.0})
    store_durations(tmp_path, {"en/b.ipynb": 4.5})
    assert load_durations(tmp_path) == {"en/a.ipynb": 2.0, "en/b.ipynb": 4.5}


@pytest.mark.parametrize("text", ["", "[1, 2]", "{not json", '{"a": "1"}', '{"a": true}',
                                  '{"a": -1}', '{"a": NaN}', "[" * 100_000])
def test_a_durations_file_that_cannot_be_read_gives_no_duration(tmp_path: Path,
                                                               text: str) -> None:
    (tmp_path / DURATIONS_FILE).write_text(text, encoding="utf-8")
    assert load_durations(tmp_path) == {}


def test_a_durations_file_keeps_the_entries_it_can_read(tmp_path: Path) -> None:
    (tmp_path / DURATIONS_FILE).write_text(json.dumps({"a": 1.5, "b": "x", "c": 0}),
                                           encoding="utf-8")
    assert load_durations(tmp_path) == {"a": 1.5}
