"""The network policy: lesson kernels run offline unless asked otherwise.

Offline, a kernel gets the guard in ``offline/sitecustomize.py``, which refuses
connections to other hosts and notes, per cell, each host and Hub repo a cell
needed (:mod:`coursekit.execution.judge.network` reads what a failed cell needed).
"""

from __future__ import annotations

import os
from pathlib import Path

GUARD_DIR = Path(__file__).resolve().parent / "offline"
OFFLINE_VARIABLE = "COURSEKIT_OFFLINE"
HUB_OFFLINE_VARIABLES = ("HF_HUB_OFFLINE", "HF_DATASETS_OFFLINE", "HF_EVALUATE_OFFLINE",
                         "TRANSFORMERS_OFFLINE")

REFUSED_EXPRESSION = (
    "getattr(__import__('sys').modules.get('coursekit_offline'), 'refused', lambda: [])()"
)
"""Asks the kernel's guard what the last cell was refused."""


def offline_env(base: dict[str, str]) -> dict[str, str]:
    """Variables that put the guard into a kernel (prepended to its ``PYTHONPATH``)."""
    path = [str(GUARD_DIR)]
    inherited = base.get("PYTHONPATH", os.environ.get("PYTHONPATH", ""))
    if inherited:
        path.append(inherited)
    # pip retries an index it cannot reach five times, with back-off: offline, once is
    # enough to fail with the name of the package.
    return {"PYTHONPATH": os.pathsep.join(path), OFFLINE_VARIABLE: "1",
            "PIP_RETRIES": "0", "PIP_TIMEOUT": "5"}


def online(env: dict[str, str]) -> dict[str, str]:
    """``env`` without the libraries' offline switches."""
    return {k: v for k, v in env.items() if k not in HUB_OFFLINE_VARIABLES}
