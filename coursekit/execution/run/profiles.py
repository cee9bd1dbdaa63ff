"""Kernel profiles: which kernel runs a notebook, with which environment and stand-ins."""

from __future__ import annotations

import os
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.execution import rules
from coursekit.execution.run.device import device_env
from coursekit.execution.run.kernel import KernelProfile
from coursekit.execution.run.network import offline_env, online
from coursekit.lessons.model import Framework
from coursekit.standins import prepare


@dataclass(frozen=True, slots=True)
class Standins:
    env: tuple[tuple[str, str], ...] = ()
    hash: str = ""


def prepare_standins(course: Course, framework: str, needs_cache: Path | None = None,
                     held: ExitStack | None = None) -> tuple[Standins, Diagnostic | None]:
    """The stand-ins' environment for ``framework``; a finding instead when they cannot
    be prepared. ``needs_cache``: where what each lesson needs is kept between runs;
    ``held``: the set is kept from a rebuild until it closes."""
    try:
        prepared = prepare(course, Framework(framework), needs_cache=needs_cache, held=held)
        env = tuple(sorted((str(k), str(v)) for k, v in dict(prepared.env).items()))
        return Standins(env=env, hash=str(prepared.hash)), None
    except Exception as exc:  # a broken stand-in set must not stop verification
        return Standins(), rules.STANDINS_UNAVAILABLE.at(
            course.relative(course.root / "pyproject.toml"), None,
            f"stand-ins for `{framework}` could not be prepared: {type(exc).__name__}: {exc}",
            hint="the kernel runs without stand-ins, so lessons may reach the network",
        )


def framework_of_kernel(course: Course, kernel: str, framework: str) -> str:
    """The framework whose stand-ins a ``both`` notebook gets: the one of its kernel."""
    if framework in ("pt", "tf"):
        return framework
    for name, configured in course.config.kernels.items():
        if configured == kernel:
            return name
    return "pt"


def kernel_profile(
    kernel: str, device: str, standins: Standins, startup_timeout: float,
    *, network: bool = False, paths: tuple[str, ...] = (),
) -> KernelProfile:
    """``network`` lets the kernel reach the network and the Hub for real; otherwise
    the offline guard refuses and names every access. ``paths`` go on the kernel's
    ``PYTHONPATH`` (package overlays), after the guard."""
    env = dict(standins.env)
    env.update(device_env(device))
    env = online(env) if network else {**env, **offline_env(env)}
    if paths:
        env["PYTHONPATH"] = os.pathsep.join(
            [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p] + list(paths))
    return KernelProfile(
        name=kernel, env=tuple(sorted(env.items())), startup_timeout=startup_timeout,
    )
