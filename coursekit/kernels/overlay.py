"""Kernel overlays: packages a course or a lesson needs on top of a lesson kernel.

An overlay is a folder of packages installed with the kernel's own pip (``--prefix``),
added to the kernel's ``PYTHONPATH``; the kernel's environment is never changed. The
install is constrained by every package the kernel has, at its version, so that an
extra package can never replace the kernel's pinned torch, tensorflow or transformers
(pip fails instead, and the requirement is reported); what a requirement installs must
also import in the kernel, or it is taken out again and reported (a compiled package
built for another torch). One overlay per kernel and set of requirements, cached under
``$COURSEKIT_HOME/overlays`` and reused.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from coursekit.atomic import write_text_atomic
from coursekit.file_lock import file_lock
from coursekit.files import DATA_LIMIT, read_regular
from coursekit.kernels.overlay_check import distributions, load_problem, remove
from coursekit.kernels.paths import coursekit_home

OVERLAYS_DIR = "overlays"
STAMP = "coursekit-overlay.json"
LAYOUT = "2"
"""Changes when what an overlay holds for the same requirements changes (since 2: only
packages that load in the kernel), so that older overlays are not reused."""
_PIN = re.compile(r"^[A-Za-z0-9][\w.-]*==[\w.+!-]+$")
_WHY = re.compile(r"(ERROR: .*|No matching distribution found for .*)")


@dataclass(frozen=True, slots=True)
class Overlay:
    key: str
    """Identity of the kernel and the requirements: part of verify's cache key."""
    site: Path | None
    """The folder to put on the kernel's ``PYTHONPATH`` (``None`` when nothing installed)."""
    failed: dict[str, str] = field(default_factory=dict)
    """Requirement -> why it could not be installed."""
    installed: bool = False
    """Whether this call installed (``False`` when the overlay was there already)."""


def overlay_key(python: Path, requirements: Sequence[str]) -> str:
    text = "\n".join([f"layout {LAYOUT}", str(python.resolve()), *sorted(set(requirements))])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _kernel_pins(python: Path) -> list[str]:
    """Every distribution of the kernel at its version: the overlay's constraints."""
    done = subprocess.run(
        [str(python), "-m", "pip", "list", "--format", "freeze", "--disable-pip-version-check"],
        capture_output=True, text=True, check=False,
    )
    return [line.strip() for line in done.stdout.splitlines() if _PIN.match(line.strip())]


def _install(python: Path, prefix: Path, requirement: str, constraints: Path) -> str | None:
    """Install one requirement; ``None`` on success, else why not."""
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "--disable-pip-version-check", "--progress-bar",
         "off", "--no-warn-script-location", "--prefix", str(prefix), "-c", str(constraints),
         requirement],
        capture_output=True, text=True, check=False,
    )
    if done.returncode == 0:
        return None
    output = done.stdout + done.stderr
    if "ResolutionImpossible" in output or "conflict is caused by" in output:
        return ("it conflicts with a package the kernel pins, which an overlay never "
                "replaces")
    reasons = _WHY.findall(output)
    return reasons[-1] if reasons else f"pip exited with {done.returncode}"


def _site(prefix: Path) -> Path | None:
    found = sorted(prefix.glob("lib/python*/site-packages"))
    return found[0] if found else None


def _read(root: Path, key: str) -> Overlay | None:
    """The overlay installed at ``root``; ``None`` when its stamp is not one coursekit
    wrote (missing, truncated, of another shape, not a regular file): it is installed
    again."""
    try:
        stamp = json.loads(read_regular(root / STAMP, DATA_LIMIT).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    failed = stamp.get("failed", {}) if isinstance(stamp, dict) else None
    if not isinstance(failed, dict):
        return None
    return Overlay(key, _site(root), {str(k): str(v) for k, v in failed.items()})


def ensure_overlay(
    python: Path, requirements: Sequence[str], *, home: Path | None = None,
) -> Overlay:
    """The overlay of ``requirements`` for the kernel whose interpreter is ``python``,
    installed on first use. Never raises for a requirement that cannot be installed:
    it is listed in ``failed``."""
    key = overlay_key(python, requirements)
    base = (home or coursekit_home()) / OVERLAYS_DIR
    root = base / key
    base.mkdir(parents=True, exist_ok=True)
    with file_lock(base / f".{key}.lock"):  # a link or a FIFO there: unlocked, untouched
        known = _read(root, key)
        if known is not None:
            return known
        work = base / f".{key}.partial"
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir()
        constraints = work / "constraints.txt"
        write_text_atomic(constraints, "\n".join(_kernel_pins(python)) + "\n")
        failed: dict[str, str] = {}
        for requirement in sorted(set(requirements)):
            before = distributions(_site(work))
            why = _install(python, work, requirement, constraints)
            site = _site(work)
            if why is None and site is not None:
                added = distributions(site) - before
                why = load_problem(python, site, added)
                if why is not None:
                    remove(site, added)
            if why is not None:
                failed[requirement] = why.replace(str(work), str(root))
        write_text_atomic(work / STAMP, json.dumps(
            {"python": str(python), "requirements": sorted(set(requirements)),
             "failed": failed}, indent=1, sort_keys=True) + "\n")
        shutil.rmtree(root, ignore_errors=True)
        work.rename(root)
    return Overlay(key, _site(root), failed, installed=True)
