"""The kernel's environment, for cache keys: its Python and package versions.

The kernel is asked once; the answer is kept per kernelspec (path and
modification time), so later runs do not start a kernel to learn it again.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

from coursekit.execution.run.kernel import WarmKernel, evaluate

_PACKAGES = (
    "dict([('python', __import__('sys').version)] + "
    "[(d.metadata['Name'] or '?', d.version) for d in "
    "__import__('importlib.metadata', fromlist=['distributions']).distributions()])"
)


def kernelspec_identity(name: str) -> str | None:
    """``path@mtime`` of the kernelspec, or ``None`` when no such kernel is installed."""
    try:
        spec_dir = Path(KernelSpecManager().get_kernel_spec(name).resource_dir)
    except NoSuchKernel:
        return None
    spec = spec_dir / "kernel.json"
    try:
        return f"{spec}@{spec.stat().st_mtime_ns}"
    except OSError:
        return None


async def ask_packages(kernel: WarmKernel) -> dict[str, Any]:
    answer = await evaluate(kernel, _PACKAGES, timeout=30)
    return answer if isinstance(answer, dict) else {}


def fingerprint(packages: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(packages, sort_keys=True).encode()).hexdigest()
