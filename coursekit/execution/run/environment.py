"""The kernel's environment, read from its files: for cache keys and a lesson's ``pip``.

No kernel is started to learn what a kernel holds. Its interpreter is asked where its
packages live (one plain ``python -c``, no framework imported, about a tenth of a
second); what is installed there is read from the ``*.dist-info`` and ``*.egg-info``
folder names, which carry each distribution's name and version. The fingerprint of a
kernel is the hash of its kernelspec, its Python version and those names: installing,
removing or upgrading any package changes it, and nothing else does.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

_SITES = (
    "import json, site, sys; print(json.dumps({'version': sys.version, 'sites': "
    "[*site.getsitepackages(), *([site.getusersitepackages()] if site.ENABLE_USER_SITE "
    "else [])]}))"
)
_METADATA = re.compile(
    r"^(?P<name>[A-Za-z0-9][\w.]*?)-(?P<version>[\w.+!]+?)(-py[\d.]+)?\.(dist|egg)-info$")
_QUERY_SECONDS = 60.0


def kernel_interpreter(kernel: str) -> Path | None:
    """The Python a kernelspec starts (its first argument), if it names one."""
    try:
        argv = KernelSpecManager().get_kernel_spec(kernel).argv
    except NoSuchKernel:
        return None
    if argv and argv[0] in ("python", "python3"):
        return Path(sys.executable)  # what jupyter_client starts for these names
    python = Path(argv[0]) if argv else None
    return python if python is not None and python.is_absolute() and python.exists() else None


@dataclass(frozen=True, slots=True)
class KernelEnvironment:
    """What a kernel runs on: its kernelspec, Python and installed distributions."""

    kernel: str
    spec: str
    """SHA-256 of the kernelspec file (its command line and variables)."""
    python: Path
    version: str
    distributions: tuple[tuple[str, str], ...]
    """(name, version) of every installed distribution, sorted."""

    def fingerprint(self) -> str:
        document = {"spec": self.spec, "python": self.version,
                    "distributions": [list(d) for d in self.distributions]}
        return hashlib.sha256(json.dumps(document).encode()).hexdigest()

    def pins(self) -> list[str]:
        """``name==version`` of every distribution: constraints that keep them all."""
        return [f"{name}=={version}" for name, version in self.distributions]


def installed(sites: list[Path]) -> tuple[tuple[str, str], ...]:
    """The distributions in ``sites``, from their metadata folders' names."""
    found: set[tuple[str, str]] = set()
    for site in sites:
        try:
            entries = [entry.name for entry in site.iterdir()]
        except OSError:
            continue  # a site folder that does not exist holds nothing
        for entry in entries:
            match = _METADATA.match(entry)
            if match is not None:
                found.add((match["name"].replace("_", "-").lower(), match["version"]))
    return tuple(sorted(found))


def kernel_environment(kernel: str) -> KernelEnvironment | None:
    """The environment of kernelspec ``kernel``; ``None`` when it is not installed or its
    interpreter does not answer."""
    try:
        spec_dir = Path(KernelSpecManager().get_kernel_spec(kernel).resource_dir)
        spec = hashlib.sha256((spec_dir / "kernel.json").read_bytes()).hexdigest()
    except (NoSuchKernel, OSError):
        return None
    python = kernel_interpreter(kernel)
    if python is None:
        return None
    try:
        done = subprocess.run([str(python), "-c", _SITES], capture_output=True, text=True,
                              timeout=_QUERY_SECONDS, check=False)
        answer = json.loads(done.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.TimeoutExpired, ValueError, IndexError):
        return None
    sites = [Path(s) for s in answer.get("sites", [])]
    return KernelEnvironment(kernel, spec, python, str(answer.get("version", "")),
                             installed(sites))
