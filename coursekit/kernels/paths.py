"""Where coursekit keeps what it installs and builds outside a course."""

from __future__ import annotations

import os
from pathlib import Path

HOME_VARIABLE = "COURSEKIT_HOME"


def coursekit_home() -> Path:
    """``$COURSEKIT_HOME``, else ``~/.cache/coursekit``; absolute, since kernels started
    in other folders are given paths in it (their interpreter, ``HF_HOME``)."""
    configured = os.environ.get(HOME_VARIABLE)
    if configured:
        return Path(configured).expanduser().absolute()
    return Path.home() / ".cache" / "coursekit"


def default_kernel_prefix(framework: str) -> Path:
    return coursekit_home() / "kernels" / framework
