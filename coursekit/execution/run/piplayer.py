"""A lesson's own ``pip install`` lands in a throw-away layer of its run, never in the kernel.

Lesson kernels are shared: by every notebook of a run, by later runs, by the user. A
``!pip install`` (or ``%pip install``) in a lesson therefore installs into a folder of
its own kernel (``PIP_PREFIX``), put on that kernel's ``PYTHONPATH`` and removed with
it, so one notebook never changes what the next one runs in, nor the kernel's
fingerprint that every stored run is keyed by. Every distribution of the kernel is
pinned as a constraint (``PIP_CONSTRAINT``): pip fails instead of upgrading one, since
an upgrade would take the kernel's copy out. With lesson installs off (the default),
the lesson's pip gets no index and no configuration: a package the kernel lacks is not
fetched, and the lesson's import of it is judged ``needs-packages``.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from coursekit.execution.run.environment import KernelEnvironment
from coursekit.execution.run.scratch import owned_folder

CONSTRAINTS = "constraints.txt"


@dataclass(frozen=True, slots=True)
class PipPolicy:
    """How a lesson's pip runs in the kernels of one environment."""

    constraints: str
    """Every distribution of the kernel, at its version (a constraints file's text,
    written into each layer: no folder of the run's own holds it)."""
    python: str
    """The kernel's ``X.Y``, which names the layer's site folder."""
    installs: bool
    """Whether the lesson's pip may fetch packages (``--install-lesson-requirements``)."""

    def site(self, layer: Path) -> Path:
        return layer / "lib" / f"python{self.python}" / "site-packages"

    def env(self, base: dict[str, str], layer: Path) -> dict[str, str]:
        """``base`` with the variables that send a lesson's pip into ``layer``."""
        env = dict(base)
        env["PIP_PREFIX"] = str(layer)
        env["PYTHONPATH"] = os.pathsep.join(
            [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
            + [str(self.site(layer))])
        env["PIP_CONSTRAINT"] = " ".join(filter(None, [env.get("PIP_CONSTRAINT", ""),
                                                       str(layer / CONSTRAINTS)]))
        if not self.installs:
            for name in ("PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_FIND_LINKS"):
                env.pop(name, None)
            env["PIP_NO_INDEX"] = "1"
            env["PIP_CONFIG_FILE"] = os.devnull
        return env


def pip_policy(environment: KernelEnvironment, *, installs: bool) -> PipPolicy:
    """The policy for ``environment``'s kernels."""
    version = ".".join(environment.version.split()[0].split(".")[:2])
    return PipPolicy("\n".join(environment.pins()) + "\n", version, installs)


def make_layer(policy: PipPolicy) -> Path:
    """A fresh, empty layer (its site folder exists, so imports from it are found), with
    the policy's constraints."""
    layer = owned_folder("pip")
    try:
        policy.site(layer).mkdir(parents=True)
        (layer / CONSTRAINTS).write_text(policy.constraints, encoding="utf-8")
    except BaseException:  # a full disk: no half-made layer is left behind
        remove_layer(layer)
        raise
    return layer


def remove_layer(layer: Path | None) -> None:
    if layer is not None:
        shutil.rmtree(layer, ignore_errors=True)
