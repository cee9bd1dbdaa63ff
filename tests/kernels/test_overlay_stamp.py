"""An overlay whose stamp is not one coursekit wrote (of another shape, nested too
deeply, a FIFO in its place) is installed again: never an internal error, never a
read that blocks."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from coursekit.kernels.overlay import OVERLAYS_DIR, STAMP, Overlay, ensure_overlay, overlay_key

PYTHON = Path(sys.executable)


def _within(seconds: float, call: Callable[[], Overlay]) -> Overlay:
    found: list[Overlay] = []
    worker = threading.Thread(target=lambda: found.append(call()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "the stamp's read blocked"
    return found[0]


def _stamp(home: Path) -> Path:
    root = home / OVERLAYS_DIR / overlay_key(PYTHON, [])
    root.mkdir(parents=True)
    return root / STAMP


@pytest.mark.parametrize("stamp", [
    b"[]", b'{"failed": ["x"]}', b'"a stamp"', b"[" * 100_000, b"\xff\xfe", None,
], ids=["a-list", "failed-a-list", "a-string", "nested", "not-utf-8", "fifo"])
def test_a_stamp_of_another_shape_is_installed_again(tmp_path: Path,
                                                      stamp: bytes | None) -> None:
    path = _stamp(tmp_path)
    if stamp is None:
        os.mkfifo(path)
    else:
        path.write_bytes(stamp)
    overlay = _within(120, lambda: ensure_overlay(PYTHON, [], home=tmp_path))
    assert overlay.installed and overlay.failed == {}
    again = ensure_overlay(PYTHON, [], home=tmp_path)  # the stamp written: reused
    assert not again.installed and again.failed == {}
