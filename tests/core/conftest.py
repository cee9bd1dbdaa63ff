"""Fixtures of the core tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bundled import copy_bundled


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A copy of the bundled course, which a test may change or cache; a module that
    needs another course defines its own ``root``."""
    return copy_bundled(tmp_path)
