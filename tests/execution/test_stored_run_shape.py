"""A stored kernel run is trusted only in the shape coursekit writes: an entry of the
verify cache whose fields have other types is a miss (the notebook runs again), never
an internal error when it is judged, nor a verdict made of a wrong value."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coursekit.execution.cache.merge import merge_caches
from coursekit.execution.cache.store import ResultCache
from coursekit.execution.results import CellRun, NotebookRun, RunStatus

KEY = "ab" + "0" * 62
_STREAM = {"output_type": "stream", "name": "stdout", "text": "2\n"}


def _cell(**fields: object) -> dict[str, object]:
    return {"status": "ok", **fields}


def _written(root: Path, document: object) -> Path:
    path = root / "runs" / KEY[:2] / f"{KEY}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


@pytest.mark.parametrize("document", [
    {"cells": [_cell(duration="slow")]},
    {"cells": [_cell(duration=float("nan"))]},
    {"cells": [_cell(outputs="2\n")]},
    {"cells": [_cell(outputs=[1])]},
    {"cells": [_cell(outputs=[{"output_type": "stream", "name": "stdout", "text": 5}])]},
    {"cells": [_cell(outputs=[{"output_type": "error", "ename": "E", "evalue": "v"}])]},
    {"cells": [_cell(outputs=[{"output_type": "execute_result", "metadata": {},
                               "execution_count": 1, "data": {"text/plain": 2}}])]},
    {"cells": [_cell(outputs=[{"output_type": "picture"}])]},
    {"cells": [_cell(traceback=5)]},
    {"cells": [_cell(ename=5, evalue=3)]},
    {"cells": [_cell(status="fine")]},
    {"cells": [_cell(execution_count="1")]},
    {"cells": [_cell(mro=[1, 2])]},
    {"cells": [_cell()], "kernel_error": 5},
    {"cells": [_cell()], "restarts": "2"},
    {"cells": [_cell()], "replayed": ["0"]},
    {"cells": [_cell()], "extra": True},
    {"cells": [{"ename": "E"}]},
    {"cells": "x"},
    "a run",
], ids=lambda d: json.dumps(d)[:60])
def test_a_stored_run_of_another_shape_is_a_miss(tmp_path: Path, document: object) -> None:
    _written(tmp_path, document)
    assert ResultCache(tmp_path).load(KEY) is None


def test_a_stored_run_nested_too_deeply_is_a_miss(tmp_path: Path) -> None:
    path = _written(tmp_path, [])
    path.write_text("[" * 100_000, encoding="utf-8")
    assert ResultCache(tmp_path).load(KEY) is None


def test_runs_as_coursekit_writes_them_are_read_back(tmp_path: Path) -> None:
    run = NotebookRun(cells=[
        CellRun(RunStatus.OK, outputs=[_STREAM, {
            "output_type": "execute_result", "execution_count": 2, "metadata": {},
            "data": {"text/plain": ["a\n", "b"], "application/json": {"a": [1]}}}],
            duration=0.5, execution_count=2),
        CellRun(RunStatus.ERROR, ename="ValueError", evalue="no", mro=["ValueError"],
                traceback=["Traceback", "ValueError: no"], outputs=[{
                    "output_type": "error", "ename": "ValueError", "evalue": "no",
                    "traceback": ["ValueError: no"]}]),
        CellRun(RunStatus.SKIPPED),
    ], restarts=1, replayed=[0], restarted_after=[1])
    cache = ResultCache(tmp_path)
    cache.store(KEY, run)
    assert cache.load(KEY) == run
    _written(tmp_path, {"cells": [_cell(outputs=[_STREAM])]})  # fields added later left out
    assert cache.load(KEY) == NotebookRun(cells=[CellRun(RunStatus.OK, outputs=[_STREAM])])


def test_merge_replaces_a_target_entry_of_another_shape(tmp_path: Path) -> None:
    source, target = tmp_path / "shard", tmp_path / "target"
    ResultCache(source).store(KEY, NotebookRun(cells=[CellRun(RunStatus.OK, duration=1.0)]))
    _written(target, {"cells": [_cell(duration="slow")]})
    outcome = merge_caches([source], target)
    assert (outcome.added, outcome.present) == (1, 0)
    assert ResultCache(target).load(KEY) == NotebookRun(
        cells=[CellRun(RunStatus.OK, duration=1.0)])
