"""What each lesson framework needs: its pinned requirements and its kernel environment."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from types import MappingProxyType

TORCH_PIN = "torch==2.13.0"
"""The one torch coursekit installs: the CPU build. Any other resolution pulls
gigabytes of CUDA libraries, so it is installed first and then held by a constraint."""


@dataclass(frozen=True, slots=True)
class KernelFramework:
    name: str
    """``pt`` or ``tf``."""
    title: str
    requirements_file: str
    """Name of the pinned requirement file in this package."""
    env: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Variables the kernel needs before Python starts (written into the kernelspec)."""
    first: tuple[str, ...] = ()
    """Requirements installed before the file, then kept by a constraint."""

    def requirements(self) -> str:
        return resources.files(__package__).joinpath(self.requirements_file).read_text("utf-8")

    def requirements_hash(self) -> str:
        """SHA-256 of the requirement file: the key that says an install is current."""
        text = self.requirements() + "\n".join(self.first)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def pins(self) -> dict[str, str]:
        """Normalised distribution name -> pinned version, from the requirement file."""
        pins: dict[str, str] = {}
        for raw in self.requirements().splitlines():
            line = raw.split("#", 1)[0].strip()
            if "==" in line:
                name, version = line.split("==", 1)
                pins[normalise_name(name)] = version.strip()
        return pins


def normalise_name(name: str) -> str:
    """Distribution names compare after PEP 503 normalisation."""
    import re

    return re.sub(r"[-_.]+", "-", name.strip()).lower()


FRAMEWORKS: Mapping[str, KernelFramework] = MappingProxyType({
    "pt": KernelFramework(
        name="pt",
        title="PyTorch",
        requirements_file="requirements-pt.txt",
        first=(TORCH_PIN,),
    ),
    "tf": KernelFramework(
        name="tf",
        title="TensorFlow",
        requirements_file="requirements-tf.txt",
        # Without it tf.keras is Keras 3, whose optimizers the transformers 4.x
        # TF models reject in compile(); it must be set before TensorFlow loads.
        env=MappingProxyType({"TF_USE_LEGACY_KERAS": "1", "TF_CPP_MIN_LOG_LEVEL": "2"}),
        # A learner's notebook (Colab) has CPU torch beside TensorFlow, and transformers'
        # own code reaches for it (pipeline()'s dtype handling): without it, that code
        # raises a NameError no lesson can fix.
        first=(TORCH_PIN,),
    ),
})


def framework(name: str) -> KernelFramework:
    try:
        return FRAMEWORKS[name]
    except KeyError:
        raise ValueError(f"unknown framework `{name}` (expected pt or tf)") from None
