"""Settings shared by the whole suite."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

from coursekit.kernels.paths import HOME_VARIABLE, coursekit_home

# Timing-based deadlines fail at random on a busy 2-core CI machine; the properties
# are about behaviour. CI runs the same examples every time, so a red CI always
# reproduces; local runs keep exploring new ones.
settings.register_profile("default", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")


if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    # A suite started in the background of a shell without job control inherits Ctrl-C
    # ignored, and so would every command it starts: the tests that interrupt one would
    # then test nothing. A handler (unlike an ignored signal) is not inherited.
    signal.signal(signal.SIGINT, signal.default_int_handler)


def _own_home() -> Path:
    """A ``COURSEKIT_HOME`` for the suite, so that no test changes the user's.

    The installed lesson kernels are linked (lessons' ``pip install`` goes to a layer of
    their run, never into a kernel, and no test installs one there); the stand-in sets,
    downloads and overlays already built are hard-linked file by file, so that what a
    test adds (a new stand-in set, a dataset's cache file) lands only in this copy."""
    user = coursekit_home()
    home = Path(tempfile.mkdtemp(prefix="coursekit-test-home-"))
    if (user / "kernels").is_dir():
        (home / "kernels").symlink_to(user / "kernels", target_is_directory=True)
    for folder in ("standins", "downloads", "overlays"):
        if (user / folder).is_dir():
            try:
                shutil.copytree(user / folder, home / folder, symlinks=True,
                                copy_function=os.link)
            except (OSError, shutil.Error):  # another file system: start without them
                shutil.rmtree(home / folder, ignore_errors=True)
    return home


_HOME = _own_home()
os.environ[HOME_VARIABLE] = str(_HOME)


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_HOME, ignore_errors=True)
