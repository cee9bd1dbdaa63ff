"""The one way a test asks for a lesson kernel (its Python) or for FFmpeg: a skip saying how
to install what is missing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from coursekit.kernels import kernel_python
from coursekit.kernels.ffmpeg import FFmpegStatus, ffmpeg_status


def kernel_or_skip(framework: str) -> Path:
    python = kernel_python(f"coursekit-{framework}", framework)
    if python is None:
        pytest.skip(f"the {framework} lesson kernel is not installed "
                    f"(run `coursekit kernels install --framework {framework}`)")
    return Path(python)


def ffmpeg_or_skip() -> FFmpegStatus:
    """FFmpeg's libraries (audio decoding in the PyTorch kernel), or a skip saying how to
    install them; a failure under CI, whose script installs them."""
    status = ffmpeg_status()
    if not status.libraries:
        if os.environ.get("CI"):
            pytest.fail(f".ci/run installs FFmpeg, yet: {status.describe()}")
        pytest.skip(status.describe())
    return status
