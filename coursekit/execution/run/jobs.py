"""Which kernel runs each notebook: on which device, with which stand-ins and overlay."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.execution import rules
from coursekit.execution.plan.declared import DeclaredPackages
from coursekit.execution.plan.model import NotebookPlan
from coursekit.execution.plan.shard import Shard, lesson_group
from coursekit.execution.plan.sources import NotebookSource
from coursekit.execution.run.device import KernelDevice, choose_devices
from coursekit.execution.run.kernel import KernelProfile
from coursekit.execution.run.packages import Overlays
from coursekit.execution.run.profiles import (
    Standins,
    framework_of_kernel,
    kernel_profile,
    prepare_standins,
)
from coursekit.standins.code_needs import may_use_hub


@dataclass(slots=True)
class Job:
    plan: NotebookPlan
    profile: KernelProfile
    device: str = "cpu"
    standins: str = ""
    """Hash of the stand-ins the kernel gets."""
    key: str = ""
    packages: DeclaredPackages = field(default_factory=DeclaredPackages)
    """What the course and the notebook declare its kernel needs."""


Chosen = tuple[NotebookSource, NotebookPlan, str]
"""A notebook of the shard, its plan on CPU, and the framework of its stand-ins."""


def _in_shard(course: Course, sources: list[NotebookSource], shard: Shard | None) -> list[Chosen]:
    chosen: list[Chosen] = []
    for source in sources:
        plan = source.plan("cpu")
        if shard is not None and not shard.owns(lesson_group(plan.notebook)):
            continue
        chosen.append((source, plan, framework_of_kernel(course, source.kernel, plan.framework)))
    return chosen


def _fallbacks(course: Course, devices: dict[tuple[str, str], KernelDevice]) -> list[Diagnostic]:
    return [
        rules.DEVICE_FALLBACK.at(
            course.relative(course.root / "pyproject.toml"), None, kernel_device.problem,
            hint="register an environment whose framework sees the GPU "
                 "(`coursekit kernels register`)",
        )
        for kernel_device in devices.values() if kernel_device.problem is not None
    ]


@dataclass(slots=True)
class _Kernels:
    """Stand-ins, prepared once per framework, and overlays for the notebooks' kernels."""

    course: Course
    overlays: Overlays
    startup_timeout: float
    network: bool
    diagnostics: list[Diagnostic]
    needs_cache: Path | None = None
    """Where what each lesson needs of the stand-ins is kept between runs."""
    held: ExitStack | None = None
    """Holds each stand-in set in use until the run ends (no rebuild meanwhile)."""
    wanted: frozenset[str] = frozenset()
    """The frameworks whose notebooks may load from the Hub: the others get no stand-ins
    (none is prepared, and no lesson kernel is asked to build them)."""
    standins: dict[str, Standins] = field(default_factory=dict)
    standin_seconds: float = 0.0
    """How long preparing the stand-ins took."""

    def job(self, source: NotebookSource, plan: NotebookPlan, framework: str,
            device: str) -> Job:
        if framework not in self.wanted:
            self.standins.setdefault(framework, Standins())
        if framework not in self.standins:
            started = time.monotonic()
            self.standins[framework], problem = prepare_standins(
                self.course, framework, self.needs_cache, self.held)
            self.standin_seconds += time.monotonic() - started
            if problem is not None:
                self.diagnostics.append(problem)
        standins = self.standins[framework]
        overlay = self.overlays.for_notebook(source.kernel, framework, plan.lesson, source.node)
        site = overlay.site if overlay is not None else None
        profile = kernel_profile(source.kernel, device, standins, self.startup_timeout,
                                 network=self.network,
                                 paths=(str(site),) if site is not None else ())
        key = standins.hash + (f":overlay:{overlay.identity}" if overlay else "")
        return Job(plan, profile, device=device, standins=key,
                   packages=self.overlays.declared(framework, source.node, overlay))


@dataclass(frozen=True, slots=True)
class Assigned:
    jobs: list[Job]
    diagnostics: list[Diagnostic]
    """Findings about devices, stand-ins and packages."""
    standin_seconds: float
    """How long preparing the stand-ins took (building them when they were missing)."""
    package_seconds: float = 0.0
    """How long making the package overlays took (installing them when missing)."""


def assign_kernels(
    course: Course,
    sources: list[NotebookSource],
    *,
    shard: Shard | None,
    device: str,
    startup_timeout: float,
    network: bool,
    lesson_requirements: bool,
    install_timeout: float | None = None,
    announce: Callable[[str], None] | None = None,
    needs_cache: Path | None = None,
    held: ExitStack | None = None,
) -> Assigned:
    """A job for each notebook of the shard, on the device its kernel can use (from a
    request :func:`~coursekit.execution.run.device.resolve_device` resolved), and the
    findings about devices, stand-ins and packages. Stand-ins are prepared for a
    framework only where one of its notebooks may load from the Hub
    (:func:`~coursekit.standins.code_needs.may_use_hub`). ``needs_cache``: where what each
    lesson needs of the stand-ins is kept between runs; ``held``: the stand-in sets are
    kept from a rebuild until it closes; ``announce`` is told of each package install as
    it starts."""
    overlays = Overlays(course, lesson_requirements=lesson_requirements,
                        install_timeout=install_timeout, announce=announce)
    chosen = _in_shard(course, sources, shard)
    devices = choose_devices(device, {(s.kernel, fw) for s, _, fw in chosen}, startup_timeout)
    wanted = frozenset(fw for _, plan, fw in chosen if may_use_hub(c.code for c in plan.cells))
    kernels = _Kernels(course, overlays, startup_timeout, network, _fallbacks(course, devices),
                       needs_cache, held, wanted)
    jobs: list[Job] = []
    for source, plan, framework in chosen:
        on = devices[(source.kernel, framework)].device
        jobs.append(kernels.job(source, plan if on == "cpu" else source.plan(on), framework, on))
    return Assigned(jobs, [*kernels.diagnostics, *overlays.diagnostics],
                    kernels.standin_seconds, overlays.seconds)
