"""What an existing Python environment holds, asked of its own interpreter.

coursekit never imports a framework itself: the interpreter runs a short script
that reports its distributions and, for the framework asked about, the version
and whether it sees a CUDA device.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from coursekit.kernels.frameworks import normalise_name

_SCRIPT = r"""
import importlib.metadata as md, importlib.util as iu, json, sys
framework = sys.argv[1]
found = {"python": sys.version.split()[0], "executable": sys.executable,
         "prefix": sys.prefix, "pip": iu.find_spec("pip") is not None,
         "distributions": {}, "cuda": None, "gpu": "", "cuda_build": ""}
for dist in md.distributions():
    name = dist.metadata["Name"]
    if name:
        found["distributions"][name] = dist.version
try:
    if framework == "pt" and iu.find_spec("torch") is not None:
        import torch
        found["cuda_build"] = torch.version.cuda or ""
        found["cuda"] = bool(torch.cuda.is_available())
        if found["cuda"]:
            found["gpu"] = torch.cuda.get_device_name(0)
    elif framework == "tf" and iu.find_spec("tensorflow") is not None:
        import tensorflow as tf
        gpus = tf.config.list_physical_devices("GPU")
        found["cuda_build"] = str(tf.sysconfig.get_build_info().get("cuda_version", ""))
        found["cuda"] = bool(gpus)
        found["gpu"] = gpus[0].name if gpus else ""
except Exception as exc:
    found["framework_error"] = f"{type(exc).__name__}: {exc}"
print(json.dumps(found))
"""


class InterpreterError(RuntimeError):
    """The interpreter cannot be run or does not answer."""


@dataclass(frozen=True, slots=True)
class Environment:
    """An interpreter and what is installed in it."""

    python: Path
    version: str
    prefix: Path
    distributions: dict[str, str] = field(default_factory=dict)
    """Normalised distribution name -> installed version."""
    has_pip: bool = True
    cuda: bool | None = None
    """Whether the framework sees a CUDA device (``None``: framework missing or broken)."""
    cuda_build: str = ""
    """The CUDA version the framework was built for (empty for a CPU build)."""
    gpu: str = ""
    framework_error: str = ""

    def version_of(self, name: str) -> str | None:
        return self.distributions.get(normalise_name(name))

    def fingerprint(self) -> str:
        """SHA-256 of every distribution and version: what a kernel run depends on."""
        text = json.dumps(sorted(self.distributions.items()))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


def inspect_environment(python: Path, framework: str, timeout: float = 300) -> Environment:
    """Ask ``python`` what it holds; ``framework`` (``pt``/``tf``) is imported there only."""
    try:
        done = subprocess.run(
            [str(python), "-c", _SCRIPT, framework], capture_output=True, text=True,
            encoding="utf-8", errors="replace", timeout=timeout, check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise InterpreterError(f"cannot run {python}: {exc}") from exc
    last = done.stdout.strip().splitlines()[-1:] or [""]
    try:
        data = json.loads(last[0])
    except ValueError:
        raise InterpreterError(
            f"{python} did not answer (exit {done.returncode}): {done.stderr.strip()[-500:]}"
        ) from None
    return Environment(
        python=python,
        version=str(data["python"]),
        prefix=Path(data["prefix"]),
        distributions={normalise_name(k): str(v) for k, v in data["distributions"].items()},
        has_pip=bool(data["pip"]),
        cuda=data["cuda"] if isinstance(data["cuda"], bool) else None,
        cuda_build=str(data["cuda_build"] or ""),
        gpu=str(data["gpu"] or ""),
        framework_error=str(data.get("framework_error", "")),
    )
