"""Install a lesson kernel: a virtual environment from the pinned requirements,
registered as a Jupyter kernelspec. Installing again is a no-op while the
environment was made from the same requirement file (same hash)."""

from __future__ import annotations

import enum
import json
import subprocess
import sys
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from coursekit.atomic import write_text_atomic
from coursekit.files import DATA_LIMIT, read_regular
from coursekit.kernels import kernelspec
from coursekit.kernels.frameworks import KernelFramework, framework
from coursekit.kernels.paths import default_kernel_prefix

STAMP = "coursekit-kernel.json"
"""Written into the environment once an install succeeded."""

Progress = Callable[[str], None]


class KernelError(RuntimeError):
    """An install step failed; ``output`` holds the end of what it printed."""

    def __init__(self, message: str, output: str = "") -> None:
        super().__init__(message)
        self.output = output


class KernelState(enum.StrEnum):
    READY = "ready"
    STALE = "stale"
    """Installed from an older requirement file."""
    MISSING = "missing"


@dataclass(frozen=True, slots=True)
class KernelInfo:
    name: str
    """Kernelspec name (``coursekit-pt``)."""
    framework: str
    prefix: Path
    """The virtual environment."""
    state: KernelState
    spec_dir: Path
    requirements_hash: str
    installed: bool = False
    """Whether this call installed anything (``False`` when it was already current)."""
    interpreter: Path | None = None
    """The interpreter of a registered environment (``None``: the venv's own)."""

    @property
    def python(self) -> Path:
        return self.interpreter or venv_python(self.prefix)

    @property
    def ready(self) -> bool:
        return self.state is KernelState.READY


def venv_python(prefix: Path) -> Path:
    return prefix / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def _read_stamp(prefix: Path) -> dict[str, str]:
    """The kernel's stamp; empty when it is not one coursekit wrote (a FIFO in its
    place is not read: it would block every command that asks for the kernel)."""
    try:
        data = json.loads(read_regular(prefix / STAMP, DATA_LIMIT).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def _state(prefix: Path, fw: KernelFramework) -> KernelState:
    stamp = _read_stamp(prefix)
    if not stamp or not venv_python(prefix).exists():
        return KernelState.MISSING
    if stamp.get("requirements_sha256") != fw.requirements_hash():
        return KernelState.STALE
    return KernelState.READY


def run_logged(
    command: Sequence[str], progress: Progress | None, env: Mapping[str, str] | None = None,
) -> None:
    """Run ``command``, its output line by line to ``progress``; its tail in the error."""
    tail: deque[str] = deque(maxlen=40)
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        encoding="utf-8", errors="replace", env=env,
    ) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            line = line.rstrip("\n")
            tail.append(line)
            if progress is not None:
                progress(line)
    if proc.returncode != 0:
        raise KernelError(
            f"`{' '.join(command[:6])} ...` exited with {proc.returncode}", "\n".join(tail)
        )


def _pip(python: Path, *args: str) -> list[str]:
    return [str(python), "-m", "pip", "install", "--disable-pip-version-check",
            "--progress-bar", "off", *args]


def _install_environment(prefix: Path, fw: KernelFramework, progress: Progress | None) -> None:
    python = venv_python(prefix)
    if not python.exists():
        if progress:
            progress(f"creating the virtual environment {prefix}")
        run_logged([sys.executable, "-m", "venv", str(prefix)], progress)
    requirements = prefix / f"coursekit-{fw.requirements_file}"
    write_text_atomic(requirements, fw.requirements())
    args = ["-r", str(requirements)]
    if fw.first:
        run_logged(_pip(python, *fw.first), progress)
        constraints = prefix / "coursekit-constraints.txt"
        write_text_atomic(constraints, "\n".join(fw.first) + "\n")
        args += ["-c", str(constraints)]
    run_logged(_pip(python, *args), progress)
    stamp = {"framework": fw.name, "requirements_sha256": fw.requirements_hash()}
    write_text_atomic(prefix / STAMP, json.dumps(stamp, indent=1, sort_keys=True) + "\n")


def install_kernel(
    framework_name: str, *, name: str | None = None, prefix: Path | str | None = None,
    progress: Progress | None = None, force: bool = False,
) -> KernelInfo:
    """Install (or reuse) the kernel for ``framework_name`` and register it as ``name``.

    Raises :class:`KernelError` when a step fails and ``ValueError`` for an
    unknown framework."""
    fw = framework(framework_name)
    name = name or f"coursekit-{fw.name}"
    # The kernelspec records where the environment really is, as for a prefix given: not
    # a relative $COURSEKIT_HOME, nor a link another process may remove.
    where = Path(prefix or default_kernel_prefix(fw.name)).expanduser().resolve()
    installed = force or _state(where, fw) is not KernelState.READY
    if installed:
        _install_environment(where, fw, progress)
    elif progress:
        progress(f"{where} already satisfies {fw.requirements_file}")
    folder = kernelspec.write_spec(
        name, python=venv_python(where), display_name=f"coursekit {fw.title}", env=fw.env,
        metadata={"framework": fw.name, "prefix": str(where),
                  "requirements_sha256": fw.requirements_hash()},
    )
    return KernelInfo(name=name, framework=fw.name, prefix=where, state=KernelState.READY,
                      spec_dir=folder, requirements_hash=fw.requirements_hash(),
                      installed=installed)


def kernel_status(name: str, framework_name: str | None = None) -> KernelInfo:
    """What is installed under kernelspec ``name``.

    The framework comes from the spec; ``framework_name`` is the fallback for a
    kernel that was never registered (its state is then ``MISSING``)."""
    spec = kernelspec.read_spec(name)
    meta = kernelspec.coursekit_metadata(spec) if spec else {}
    fw = framework(meta.get("framework") or framework_name or _guess_framework(name))
    if meta.get("registered") == "true":
        return _registered_status(name, fw, meta)
    prefix = Path(meta["prefix"]) if "prefix" in meta else default_kernel_prefix(fw.name)
    state = _state(prefix, fw) if spec else KernelState.MISSING
    return KernelInfo(name=name, framework=fw.name, prefix=prefix, state=state,
                      spec_dir=kernelspec.spec_dir(name), requirements_hash=fw.requirements_hash())


def _registered_status(name: str, fw: KernelFramework, meta: dict[str, str]) -> KernelInfo:
    """A kernel made from an existing interpreter: ready while that interpreter is there."""
    python = Path(meta.get("python", ""))
    state = KernelState.READY if meta.get("python") and python.exists() else KernelState.MISSING
    return KernelInfo(name=name, framework=fw.name, prefix=Path(meta.get("prefix", "")),
                      state=state, spec_dir=kernelspec.spec_dir(name),
                      requirements_hash=meta.get("requirements_sha256", ""), interpreter=python)


def kernel_python(name: str, framework_name: str | None = None) -> Path | None:
    """The interpreter of a ready kernel, or ``None`` when it is missing or stale."""
    info = kernel_status(name, framework_name)
    return info.python if info.ready else None


def _guess_framework(name: str) -> str:
    return "tf" if name.endswith("tf") else "pt"
