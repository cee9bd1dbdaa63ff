"""A copy of the course this repository bundles, for tests that change or cache it."""

from __future__ import annotations

import shutil
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]


def copy_bundled(root: Path) -> Path:
    """The bundled course's lessons, subtitles and configuration copied into ``root``
    (made when missing); ``root``."""
    for name in ("content", "subtitles"):
        shutil.copytree(REPOSITORY / name, root / name)
    shutil.copy2(REPOSITORY / "pyproject.toml", root / "pyproject.toml")
    return root
