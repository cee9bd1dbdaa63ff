"""Kernel overlays: packages a course or a lesson needs on top of a lesson kernel.

An overlay is a folder of packages installed with the kernel's own pip (``--prefix``),
added to the kernel's ``PYTHONPATH``; the kernel's environment is never changed. The
install is constrained by every package the kernel has, at its version, so that an
extra package can never replace the kernel's pinned torch, tensorflow or transformers
(pip fails instead, and the requirement is reported); what a requirement installs must
also import in the kernel, or it is taken out again and reported (a compiled package
built for another torch). One overlay per kernel and set of requirements, cached under
``$COURSEKIT_HOME/overlays`` and reused.

Each install has a time limit (``[tool.coursekit.verify] install-timeout``): pip's
resolver can try version after version of a dependency that the kernel's pins rule out,
downloading each (every release of a cloud SDK, whose dependency wants another
``python-dateutil`` than the kernel's), for hours. pip and whatever it started are then
stopped, and the requirement is one that could not be installed, with why. An overlay
keeps the limit a requirement ran out of, and is installed again under a larger one.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
from collections.abc import Callable, Mapping, Sequence
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
_PINNED = re.compile(r"The user requested \(constraint\) (\S+)")
_DEPENDS = re.compile(r"^ *(\S+ \S+ depends on (\S+).*?) *$", re.MULTILINE)


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
    timed_out: dict[str, float] = field(default_factory=dict)
    """Requirement -> the time limit its install ran out of (it is also in ``failed``)."""

    @property
    def identity(self) -> str:
        """The kernel, the requirements and which of them could not be installed: what
        a notebook run in the overlay depends on (installed again under a larger time
        limit, the same requirements may all be there)."""
        if not self.failed:
            return self.key
        missing = [*sorted(self.failed), "late:", *sorted(self.timed_out)]
        return f"{self.key}:{hashlib.sha256(chr(10).join(missing).encode()).hexdigest()[:8]}"


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


def _late(timeout: float) -> str:
    """Why a requirement whose install ran out of ``timeout`` seconds is not there."""
    return (f"pip did not finish within {timeout:g} s (its resolver may be trying version "
            "after version of a dependency that the kernel's pinned packages rule out); "
            "pin the versions the lesson needs in its `pip install` line, or raise "
            "[tool.coursekit.verify] install-timeout")


def _install(python: Path, prefix: Path, requirement: str, constraints: Path,
             timeout: float | None = None) -> tuple[str | None, bool]:
    """Install one requirement: ``None`` on success, else why not; and whether it ran
    out of ``timeout`` seconds (pip and what it started are then stopped)."""
    with subprocess.Popen(
        [str(python), "-m", "pip", "install", "--disable-pip-version-check", "--progress-bar",
         "off", "--no-warn-script-location", "--prefix", str(prefix), "-c", str(constraints),
         requirement],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    ) as pip:
        try:
            out, err = pip.communicate(timeout=timeout)
        except BaseException as stopped:  # the limit, or Ctrl-C: its own session has none
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pip.pid, signal.SIGKILL)  # a build backend pip runs, too
            pip.communicate()
            if not isinstance(stopped, subprocess.TimeoutExpired) or timeout is None:
                raise
            return _late(timeout), True
    if pip.returncode == 0:
        return None, False
    output = out + err
    if "ResolutionImpossible" in output or "conflict is caused by" in output:
        return _conflict(output), False
    reasons = _WHY.findall(output)
    return (reasons[-1] if reasons else f"pip exited with {pip.returncode}"), False


def _conflict(output: str) -> str:
    """Why pip found no versions that go with the kernel's pins: the pins named (pip's
    ``The user requested (constraint) ...`` lines) with one requirement against each."""
    pins = list(dict.fromkeys(_PINNED.findall(output)))
    if not pins:
        return "it conflicts with a package the kernel pins, which an overlay never replaces"
    against = []
    for pin in pins[:3]:
        name = _name(pin)
        found = next((line for line, wanted in _DEPENDS.findall(output)
                      if _name(wanted) == name), None)
        against.append(f"`{pin}`" + (f" (`{found}`)" if found else ""))
    more = f" and {len(pins) - 3} more" if len(pins) > 3 else ""
    return (f"it needs other versions of packages the kernel pins, which an overlay never "
            f"replaces: {', '.join(against)}{more}")


def _name(requirement: str) -> str:
    """The normalised project name a requirement starts with (PEP 503)."""
    return re.sub(r"[-_.]+", "-", re.split(r"[\s<>=!~;\[(]", requirement, maxsplit=1)[0]).lower()


def _site(prefix: Path) -> Path | None:
    found = sorted(prefix.glob("lib/python*/site-packages"))
    return found[0] if found else None


def _read(root: Path, key: str, timeout: float | None) -> Overlay | None:
    """The overlay installed at ``root``; ``None`` when its stamp is not one coursekit
    wrote (missing, truncated, of another shape, not a regular file), or a requirement
    ran out of a shorter time limit than ``timeout``: it is installed again."""
    try:
        stamp = json.loads(read_regular(root / STAMP, DATA_LIMIT).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    failed = stamp.get("failed", {}) if isinstance(stamp, dict) else None
    timed_out = stamp.get("timed_out", {}) if isinstance(stamp, dict) else None
    if not isinstance(failed, dict) or not isinstance(timed_out, dict) or not all(
            isinstance(v, int | float) and not isinstance(v, bool)
            for v in timed_out.values()):
        return None
    if any(timeout is None or limit < timeout for limit in timed_out.values()):
        return None
    return Overlay(key, _site(root), {str(k): str(v) for k, v in failed.items()},
                   timed_out={str(k): float(v) for k, v in timed_out.items()})


def _install_each(python: Path, work: Path, requirements: list[str], timeout: float | None,
                  known_timeouts: Mapping[str, float], announce: Callable[[str], None] | None,
                  ) -> tuple[dict[str, str], dict[str, float]]:
    """Install each requirement into ``work`` in turn: why each that failed did, and
    the time limit each that took too long ran out of. What a failed install added
    there is taken out again. ``announce`` is told of each install as it starts."""
    failed: dict[str, str] = {}
    timed_out: dict[str, float] = {}
    for number, requirement in enumerate(requirements, 1):
        before = distributions(_site(work))
        why: str | None
        if timeout is not None and requirement in known_timeouts:
            why, late = _late(timeout), True
        else:
            if announce is not None:
                limit = f", up to {timeout:g} s" if timeout is not None else ""
                announce(f"installing {requirement} ({number} of {len(requirements)}{limit})")
            why, late = _install(python, work, requirement, work / "constraints.txt", timeout)
        site = _site(work)
        if site is not None:
            added = distributions(site) - before
            if why is None:
                why = load_problem(python, site, added)
            if why is not None:
                remove(site, added)
        if why is not None:
            failed[requirement] = why
        if late and timeout is not None:
            timed_out[requirement] = timeout
    return failed, timed_out


def ensure_overlay(
    python: Path, requirements: Sequence[str], *, home: Path | None = None,
    timeout: float | None = None, known_timeouts: Mapping[str, float] | None = None,
    announce: Callable[[str], None] | None = None,
) -> Overlay:
    """The overlay of ``requirements`` for the kernel whose interpreter is ``python``,
    installed on first use, each install within ``timeout`` seconds (``None``: none).
    Never raises for a requirement that cannot be installed: it is listed in ``failed``.
    ``known_timeouts``: requirements that ran out of this limit for this kernel already
    (in another overlay of the run), not tried again. ``announce`` is told of each
    install as it starts (a run that installs for minutes says what it waits for)."""
    key = overlay_key(python, requirements)
    base = (home or coursekit_home()) / OVERLAYS_DIR
    root = base / key
    base.mkdir(parents=True, exist_ok=True)
    with file_lock(base / f".{key}.lock"):  # a link or a FIFO there: unlocked, untouched
        known = _read(root, key, timeout)
        if known is not None:
            return known
        work = base / f".{key}.partial"
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir()
        constraints = work / "constraints.txt"
        write_text_atomic(constraints, "\n".join(_kernel_pins(python)) + "\n")
        failed, timed_out = _install_each(python, work, sorted(set(requirements)),
                                          timeout, known_timeouts or {}, announce)
        failed = {r: why.replace(str(work), str(root)) for r, why in failed.items()}
        write_text_atomic(work / STAMP, json.dumps(
            {"python": str(python), "requirements": sorted(set(requirements)),
             "failed": failed, "timed_out": timed_out}, indent=1, sort_keys=True) + "\n")
        shutil.rmtree(root, ignore_errors=True)
        work.rename(root)
    return Overlay(key, _site(root), failed, installed=True, timed_out=timed_out)
