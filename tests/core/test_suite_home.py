"""The suite runs under a ``COURSEKIT_HOME`` of its own (see ``tests/conftest.py``)."""

from __future__ import annotations

import os
from pathlib import Path

from coursekit.kernels.paths import HOME_VARIABLE, coursekit_home


def test_the_suite_never_writes_into_the_users_home() -> None:
    home = coursekit_home()
    assert os.environ[HOME_VARIABLE] == str(home)
    assert home != Path.home() / ".cache" / "coursekit"
    assert home.name.startswith("coursekit-test-home-")
    kernels = home / "kernels"
    # The user's installed kernels are reached through a link, never copied or installed.
    assert not kernels.exists() or kernels.is_symlink()
