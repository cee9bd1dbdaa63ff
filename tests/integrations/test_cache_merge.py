"""``coursekit cache merge``: the union of result caches, unreadable entries left out."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.cli import main
from coursekit.execution.cache.durations import load_durations, store_durations
from coursekit.execution.cache.store import CACHE_DIR, ResultCache
from coursekit.execution.results import CellRun, NotebookRun, RunStatus


def _run(seconds: float) -> NotebookRun:
    return NotebookRun(cells=[CellRun(RunStatus.OK, duration=seconds)])


def test_union_of_caches(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, second, target = (tmp_path / n / CACHE_DIR for n in ("a", "b", "course/build"))
    ResultCache(first).store("aa11", _run(1.0))
    ResultCache(second).store("bb22", _run(2.0))
    ResultCache(second).store("aa11", _run(9.0))
    ResultCache(target).store("cc33", _run(3.0))
    broken = second / "runs" / "dd" / "dd44.json"
    broken.parent.mkdir(parents=True)
    broken.write_text("{not json", encoding="utf-8")

    code = main(["cache", "merge", "--root", str(tmp_path / "course"),
                 str(tmp_path / "a"), str(second)])
    assert code == 1
    err = capsys.readouterr().err
    assert f"{broken}: unreadable cache entry, left out" in err
    assert "2 result(s) added" in err and "1 already there" in err
    merged = ResultCache(target)
    runs = [merged.load(k) for k in ("aa11", "bb22", "cc33")]
    assert [r.cell_time if r else None for r in runs] == [1.0, 2.0, 3.0]
    assert merged.load("dd44") is None


def test_a_folder_that_is_no_cache_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    (tmp_path / "course").mkdir()
    assert main(["cache", "merge", "--root", str(tmp_path / "course"), str(tmp_path)]) == 2
    assert "is not a coursekit result cache" in capsys.readouterr().err


def test_deeply_nested_json_is_an_unreadable_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    source = tmp_path / "a" / CACHE_DIR
    (tmp_path / "course").mkdir()
    ResultCache(source).store("aa11", _run(1.0))
    nested = source / "runs" / "bb" / "bb22.json"
    nested.parent.mkdir(parents=True)
    nested.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    code = main(["cache", "merge", "--root", str(tmp_path / "course"), str(tmp_path / "a")])
    assert code == 1
    err = capsys.readouterr().err
    assert f"{nested}: unreadable cache entry, left out" in err
    assert "1 result(s) added" in err


@pytest.mark.parametrize("damage", ["", '{"cells": [', "{not json", "[]", "\udcff"])
def test_a_target_entry_that_does_not_read_is_replaced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str,
) -> None:
    source, target = tmp_path / "a" / CACHE_DIR, tmp_path / "course/build" / CACHE_DIR
    for key in ("aa11", "bb22"):
        ResultCache(source).store(key, _run(1.0))
        ResultCache(target).store(key, _run(2.0))
    broken = target / "runs" / "aa" / "aa11.json"
    broken.write_bytes(damage.encode("utf-8", "surrogateescape"))
    assert ResultCache(target).load("aa11") is None
    code = main(["cache", "merge", "--root", str(tmp_path / "course"), str(tmp_path / "a")])
    assert code == 0
    assert "1 result(s) added" in capsys.readouterr().err
    merged = [ResultCache(target).load(k) for k in ("aa11", "bb22")]
    assert [r.cell_time if r else None for r in merged] == [1.0, 2.0]  # good one kept


def test_the_shards_notebook_times_are_merged_too(tmp_path: Path) -> None:
    first, second, target = (tmp_path / n / CACHE_DIR for n in ("a", "b", "course/build"))
    ResultCache(first).store("aa11", _run(1.0))
    ResultCache(second).store("bb22", _run(2.0))
    store_durations(first, {"en/1.ipynb": 12.5})
    store_durations(second, {"fr/1.ipynb": 30.0})
    store_durations(target, {"en/1.ipynb": 4.0, "it/1.ipynb": 2.0})
    assert main(["cache", "merge", "--root", str(tmp_path / "course"), str(first),
                 str(second)]) == 0
    assert load_durations(target) == {"en/1.ipynb": 12.5, "fr/1.ipynb": 30.0, "it/1.ipynb": 2.0}
