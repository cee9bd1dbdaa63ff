"""The environment a kernel needs to find the stand-ins and never reach the network."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

OFFLINE = MappingProxyType({
    "HF_HUB_OFFLINE": "1",
    "HF_DATASETS_OFFLINE": "1",
    "HF_EVALUATE_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "HF_HUB_DISABLE_TELEMETRY": "1",
})
"""Without these every load first retries the hub for a long while."""
THREADS = MappingProxyType({"OMP_NUM_THREADS": "1"})
"""One thread per operation: a stand-in's operations are too small to share, and where
verify runs kernels side by side the threads of each wait on the others' instead (a
MusicGen stand-in's 512 steps: seconds on one thread, minutes on two; see
``bench/threads.py``)."""


def offline_env(hf_home: Path) -> dict[str, str]:
    """What a kernel (or the builder) needs to find the stand-ins, offline."""
    return {"HF_HOME": str(hf_home), **OFFLINE, **THREADS}


@dataclass(frozen=True, slots=True)
class StandinEnv:
    """Built stand-ins for one framework, and how a kernel reaches them."""

    framework: str
    hf_home: Path
    hash: str
    """Identity of the stand-in set (catalog, kernel pins, builder code): a cache key."""
    env: Mapping[str, str]
    """``HF_HOME`` and the offline switches, to add to a kernel's environment."""
    built: bool = False
    """Whether this call built the set (``False`` when it was already there)."""
    uncovered: tuple[tuple[str, str], ...] = ()
    """(kind, hub id) of what the lessons load that the catalog has no stand-in for:
    not in the set (``coursekit standins scan`` says what to add)."""
