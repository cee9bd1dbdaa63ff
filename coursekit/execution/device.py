"""Which device lessons run on, told to the kernel through its environment.

The verify process never imports a framework to find out: it looks for the
NVIDIA driver (``nvidia-smi`` or ``/dev/nvidia0``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

DEVICES = ("cpu", "cuda", "auto")


class DeviceError(ValueError):
    """The device asked for is not there."""


def gpu_present() -> bool:
    return shutil.which("nvidia-smi") is not None or Path("/dev/nvidia0").exists()


def resolve_device(requested: str) -> str:
    """``cpu`` or ``cuda`` for ``requested`` (``auto`` picks cuda when there is a GPU)."""
    if requested not in DEVICES:
        raise DeviceError(f"unknown device `{requested}` (expected one of {', '.join(DEVICES)})")
    if requested == "auto":
        return "cuda" if gpu_present() else "cpu"
    if requested == "cuda" and not gpu_present():
        raise DeviceError(
            "--device cuda asked for, but this machine has no NVIDIA GPU "
            "(no nvidia-smi, no /dev/nvidia0); use --device cpu or auto"
        )
    return requested


def device_env(device: str) -> dict[str, str]:
    """Variables that make the kernel's lessons pick ``device``."""
    env = {"COURSEKIT_DEVICE": device}
    if device == "cpu":
        env["CUDA_VISIBLE_DEVICES"] = ""
    return env
