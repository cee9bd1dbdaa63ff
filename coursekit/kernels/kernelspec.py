"""Jupyter kernelspecs for the lesson kernels, written where the calling
environment's ``jupyter_client`` looks first (``sys.prefix/share/jupyter/kernels``)."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from coursekit.atomic import write_text_atomic

METADATA_KEY = "coursekit"


def kernels_dir() -> Path:
    return Path(sys.prefix) / "share" / "jupyter" / "kernels"


def spec_dir(name: str) -> Path:
    return kernels_dir() / name


def write_spec(
    name: str, *, python: Path, display_name: str, env: Mapping[str, str],
    metadata: Mapping[str, str],
) -> Path:
    """Write ``<name>/kernel.json`` and return its folder."""
    spec = {
        "argv": [str(python), "-Xfrozen_modules=off", "-m", "ipykernel_launcher",
                 "-f", "{connection_file}"],
        "display_name": display_name,
        "language": "python",
        "env": dict(env),
        "metadata": {METADATA_KEY: dict(metadata), "debugger": False},
    }
    folder = spec_dir(name)
    write_text_atomic(folder / "kernel.json", json.dumps(spec, indent=1, sort_keys=True) + "\n")
    return folder


def shadowed_by(name: str) -> Path | None:
    """The folder of another kernelspec ``name`` that Jupyter finds before the one
    written here (one on ``JUPYTER_PATH``, or a user's where the environment is not
    preferred), which ``verify`` then starts instead; ``None`` when this one is found."""
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        found = Path(KernelSpecManager().get_kernel_spec(name).resource_dir)
    except NoSuchKernel:
        return None
    ours = spec_dir(name)
    if not (ours / "kernel.json").is_file() or found.resolve() == ours.resolve():
        return None
    return found


def read_spec(name: str) -> dict[str, Any] | None:
    """The kernelspec as JSON, or ``None`` when it is missing or unreadable."""
    path = spec_dir(name) / "kernel.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def coursekit_metadata(spec: Mapping[str, Any]) -> dict[str, str]:
    meta = spec.get("metadata", {})
    ours = meta.get(METADATA_KEY, {}) if isinstance(meta, dict) else {}
    return {str(k): str(v) for k, v in ours.items()} if isinstance(ours, dict) else {}


def foreign_interpreter(name: str) -> str | None:
    """The interpreter of the kernelspec ``name`` Jupyter finds where coursekit did not
    make it (the ``python3`` of ``ipykernel``): ``argv[0]`` of its ``kernel.json``, as
    Jupyter reads it (``python`` is the interpreter Jupyter runs under). ``None`` when no
    such kernelspec is found, or it is a coursekit kernel."""
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        spec = KernelSpecManager().get_kernel_spec(name)
    except (NoSuchKernel, OSError, ValueError):
        return None
    if coursekit_metadata({"metadata": spec.metadata}) or not spec.argv:
        return None
    first = str(spec.argv[0])
    version = sys.version_info
    own = {"python", f"python{version[0]}", f"python{version[0]}.{version[1]}"}
    return sys.executable if first in own else first
