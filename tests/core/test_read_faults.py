"""No special file hangs a run: a FIFO, or a file far larger than any coursekit writes,
in the place of the manifest, a cached run or a ``cache merge`` input is passed over as
unreadable (the manifest and the cache are then rebuilt; a build names the manifest, a
merge the input)."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from coursekit.config import Course
from coursekit.execution.cache.merge import merge_caches
from coursekit.execution.cache.store import ResultCache
from coursekit.execution.results import NotebookRun
from coursekit.files import DATA_LIMIT, TooLarge, read_regular
from coursekit.notebooks.build import build_course
from coursekit.notebooks.manifest import read_manifest

KEY = "ab" + "0" * 62


def _within(seconds: float, call: Callable[[], Any]) -> Any:
    """``call()``, which must return within ``seconds`` (a blocked read never does)."""
    found: list[Any] = []
    worker = threading.Thread(target=lambda: found.append(call()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "the read blocked"
    return found[0]


def _fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def _huge(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:  # sparse: no disk is spent
        handle.truncate(DATA_LIMIT + 1)
    return path


@pytest.mark.parametrize("make", [_fifo, _huge], ids=["fifo", "huge"])
def test_a_cached_run_that_is_not_one_is_a_miss(tmp_path: Path,
                                                make: Callable[[Path], Path]) -> None:
    cache = ResultCache(tmp_path)
    entry = make(tmp_path / "runs" / KEY[:2] / f"{KEY}.json")
    assert _within(10, lambda: cache.load(KEY)) is None
    [(path, why)] = cache.refused  # verify names it in an EXE209 finding
    assert path == entry and why


def test_a_cached_run_is_read_back(tmp_path: Path) -> None:
    cache = ResultCache(tmp_path)
    assert cache.load(KEY) is None  # absent: a miss, nothing to say
    cache.store(KEY, NotebookRun(cells=[]))
    assert cache.load(KEY) == NotebookRun(cells=[])
    assert cache.refused == []


@pytest.mark.parametrize("make", [_fifo, _huge], ids=["fifo", "huge"])
def test_a_manifest_that_is_not_one_means_a_full_build(tmp_path: Path,
                                                       make: Callable[[Path], Path]) -> None:
    path = make(tmp_path / ".manifest.json")
    manifest = _within(10, lambda: read_manifest(path))
    assert (manifest.lessons, manifest.outputs) == ({}, {})
    assert manifest.unreadable is not None


def test_a_missing_or_damaged_manifest_is_rebuilt_without_a_word(tmp_path: Path) -> None:
    assert read_manifest(tmp_path / ".manifest.json").unreadable is None
    (tmp_path / ".manifest.json").write_text('{"format": 1, "lessons": ')
    assert read_manifest(tmp_path / ".manifest.json").unreadable is None


@pytest.mark.parametrize(("make", "why"), [(_fifo, "a FIFO (named pipe), not a regular file"),
                                           (_huge, "more than the")], ids=["fifo", "huge"])
def test_build_names_a_manifest_that_is_not_one(tmp_path: Path, make: Callable[[Path], Path],
                                                why: str) -> None:
    root = tmp_path / "course"
    (root / "content/en/chapter1").mkdir(parents=True)
    (root / "content/en/chapter1/1.mdx").write_text("# A\n\n```py\nx = 1\n```\n")
    (root / "coursekit.toml").write_text("")
    make(root / "build/notebooks/.manifest.json")
    result = _within(60, lambda: build_course(Course.open(root)))
    found = [d for d in result.diagnostics if d.rule == "NBK108"]
    assert [d.path for d in found] == ["build/notebooks/.manifest.json"]
    assert why in found[0].message
    assert result.written == ["en/chapter1/1.ipynb"]


def test_build_says_nothing_of_a_manifest_it_wrote(tmp_path: Path) -> None:
    root = tmp_path / "course"
    (root / "content/en/chapter1").mkdir(parents=True)
    (root / "content/en/chapter1/1.mdx").write_text("# A\n\n```py\nx = 1\n```\n")
    (root / "coursekit.toml").write_text("")
    build_course(Course.open(root))
    assert build_course(Course.open(root)).diagnostics == []


def test_a_merge_names_an_input_that_is_not_a_cache_entry(tmp_path: Path) -> None:
    source = tmp_path / "shard"
    ResultCache(source).store(KEY, NotebookRun(cells=[]))
    fifo = _fifo(source / "runs" / "cd" / ("cd" + "1" * 62 + ".json"))
    outcome = _within(10, lambda: merge_caches([source], tmp_path / "target"))
    assert (outcome.added, outcome.unreadable) == (1, [fifo])


def test_the_bound_is_said(tmp_path: Path) -> None:
    with pytest.raises(TooLarge, match="more than the 4 expected") as refused:
        read_regular(_huge(tmp_path / "big"), 4)
    assert refused.value.filename == str(tmp_path / "big")
    assert read_regular(tmp_path / "big", DATA_LIMIT + 1)[:1] == b"\x00"
