"""``verify_course``: run every notebook of a course and judge what happened.

Notebooks whose code is the same (translations, mostly) share one kernel run,
which is also cached on disk; the runs left execute in parallel on a pool of
warm kernels, started and with the lessons' packages imported ahead (the cache key
leaves that out: it changes how long a run takes, not what it finds). One
notebook's failure never stops the others.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from coursekit.config import Course
from coursekit.execution import rules
from coursekit.execution.cache.key import run_key
from coursekit.execution.cache.store import CACHE_DIR, ResultCache
from coursekit.execution.judge.diagnose import notebook_diagnostics
from coursekit.execution.judge.ondevice import (
    replayed_sources,
    restart_diagnostics,
    unverified,
    unverified_diagnostics,
)
from coursekit.execution.judge.verdicts import fix_failures, judge_cells, scenarios
from coursekit.execution.output.executed import save_executed
from coursekit.execution.plan.declared import DeclaredPackages
from coursekit.execution.plan.model import NotebookPlan
from coursekit.execution.plan.settings import VerifySettings, read_settings
from coursekit.execution.plan.shard import Shard, lesson_group
from coursekit.execution.plan.sources import NotebookSource, collect
from coursekit.execution.results import NotebookResult, NotebookRun, VerifyReport
from coursekit.execution.run.device import choose_devices, resolve_device
from coursekit.execution.run.environment import ask_packages, fingerprint, kernelspec_identity
from coursekit.execution.run.kernel import KernelProfile, KernelStartError
from coursekit.execution.run.packages import Overlays
from coursekit.execution.run.pool import KernelPool
from coursekit.execution.run.preimport import modules_to_preimport
from coursekit.execution.run.profiles import (
    Standins,
    framework_of_kernel,
    kernel_profile,
    prepare_standins,
)
from coursekit.execution.run.runner import run_notebook
from coursekit.stale_apis import StaleApi

Progress = Callable[[int, int, NotebookResult | None], None]


def stale_apis(course: Course) -> tuple[StaleApi, ...]:
    """The stale-API table the translation check uses, with the course's entries (an
    entry the check reports as malformed is left out here)."""
    from coursekit.translations.settings import load_settings

    return load_settings(course)[0].stale_apis


def standin_ids(course: Course, kinds: tuple[str, ...] = ("models",)) -> frozenset[str]:
    """The hub ids of these kinds (``models``, ``datasets``, ``metrics``) that stand-ins
    serve (none when the catalog cannot be read: what depends on them is then left out)."""
    try:
        from coursekit.standins import load_catalog

        table = course.config.section("standins")
        return frozenset(hub_id for kind, hub_id in load_catalog(table) if kind in kinds)
    except Exception:  # a broken catalog is the stand-ins' finding, not verify's
        return frozenset()


def _apis_key(apis: tuple[StaleApi, ...]) -> str:
    return hashlib.sha256(repr(apis).encode()).hexdigest()[:16]


class EmptyScopeError(ValueError):
    """The paths, languages and frameworks asked for select no notebook at all."""


def _scope(paths: list[Path], languages: list[str] | None, frameworks: set[str] | None,
           course: Course) -> str:
    parts = [", ".join(course.relative(p) for p in paths) if paths else course.relative(
        course.root) or "."]
    if languages is not None:
        parts.append(f"language(s) {', '.join(languages) or '(none)'}")
    if frameworks is not None:
        parts.append(f"framework(s) {', '.join(sorted(frameworks))}")
    return "; ".join(parts)
"""Called with (done, total, result): once with ``None`` before any run, then per notebook."""


@dataclass(slots=True)
class _Job:
    plan: NotebookPlan
    profile: KernelProfile
    device: str = "cpu"
    standins: str = ""
    """Hash of the stand-ins the kernel gets."""
    key: str = ""
    packages: DeclaredPackages = field(default_factory=DeclaredPackages)
    """What the course and the notebook declare its kernel needs."""


@dataclass(slots=True)
class _Verification:
    course: Course
    jobs: int
    use_cache: bool
    network: bool
    apis: tuple[StaleApi, ...]
    """Removed and renamed APIs, for ``api-drift`` verdicts."""
    shim_drift: bool
    standin_ids: frozenset[str]
    """Model ids the stand-ins serve."""
    synthetic_ids: frozenset[str]
    """The model and dataset ids the stand-ins serve: outputs after one is named are
    compared on their form only. (Metric ids are left out: `"accuracy"` is as often a
    dict key as a metric, and a metric computes on what a model or dataset gave it.)"""
    settings: VerifySettings
    progress: Progress | None
    cache: ResultCache
    report: VerifyReport = field(default_factory=VerifyReport)
    pools: dict[KernelProfile, KernelPool] = field(default_factory=dict)
    environments: dict[str, str] = field(default_factory=dict)
    """Package fingerprints by kernelspec identity: profiles of one kernel ask once."""
    done: int = 0
    total: int = 0

    def judge(self, job: _Job, run: NotebookRun, *, cached: bool, wall: float) -> NotebookResult:
        plan = job.plan
        result = NotebookResult(
            lesson=plan.lesson, language=plan.language, framework=plan.framework,
            notebook=plan.notebook, cached=cached, duration=wall, cell_time=run.cell_time,
            first_cell_time=run.cells[0].duration if run.cells else 0.0,
            device=job.device, restarts=run.restarts,
            replayed=replayed_sources(plan, run),
        )
        if run.kernel_error is not None and not any(c.duration for c in run.cells):
            result.diagnostics.append(rules.KERNEL_UNAVAILABLE.at(
                plan.lesson, None,
                f"[{plan.language}/{plan.framework}] not run: {run.kernel_error}",
                hint="install the kernel (`coursekit kernels install`) or fix [tool.coursekit] "
                     "kernels",
            ))
            return result
        result.cells = judge_cells(plan, run.cells, self.settings.output_tolerance,
                                   self.settings.timeout, offline=not self.network,
                                   apis=self.apis, standins=self.standin_ids,
                                   synthetic=self.synthetic_ids, packages=job.packages)
        result.scenarios = scenarios(plan, run.cells, result.cells)
        result.diagnostics.extend(notebook_diagnostics(
            plan, result.cells, fix_failures(plan, run.cells),
        ))
        result.unverified = unverified(plan)
        result.diagnostics.extend(unverified_diagnostics(plan, job.device, result.unverified))
        result.diagnostics.extend(restart_diagnostics(plan, run))
        return result

    async def finish(self, job: _Job, run: NotebookRun, *, cached: bool, wall: float) -> None:
        result = self.judge(job, run, cached=cached, wall=wall)
        if run.kernel_error is None or result.cells:
            # In a thread: syncing files to disk would stall the kernels' messages.
            try:
                saved = await asyncio.to_thread(save_executed, self.course.build_dir, job.plan, run)
                result.executed = str(saved)
            except OSError as exc:
                result.diagnostics.append(rules.NOTEBOOK_UNREADABLE.at(
                    job.plan.lesson, None, f"cannot save the executed notebook: {exc}",
                ))
        self.report.notebooks.append(result)
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, self.total, result)

    def preimport(self, profile: KernelProfile, jobs: list[_Job]) -> tuple[str, ...]:
        if not self.settings.preimport:
            return ()
        return modules_to_preimport(job.plan for job in jobs if job.profile == profile)

    async def environment(self, profile: KernelProfile) -> str | None:
        """The fingerprint of the kernel's packages, asked once per kernelspec version."""
        identity = kernelspec_identity(profile.name)
        if identity is None:
            return None
        if identity not in self.environments:
            packages = await self._packages(identity, profile)
            if packages is None:
                return None
            self.environments[identity] = fingerprint(packages)
        return self.environments[identity]

    async def _packages(self, identity: str, profile: KernelProfile) -> dict[str, Any] | None:
        known = self.cache.load_environment(identity)
        if known is not None:
            return dict(known["packages"])
        pool = self.pools[profile]
        try:
            kernel = await pool.acquire()
        except KernelStartError:
            return None
        packages = await ask_packages(kernel)
        pool.give_back(kernel)
        if packages:
            self.cache.store_environment(identity, packages)
        return packages

    async def execute(self, group: list[_Job], limit: asyncio.Semaphore) -> None:
        first = group[0]
        async with limit:
            started = time.monotonic()
            try:
                pool = self.pools[first.profile]
                run = await run_notebook(
                    first.plan, pool.acquire, self.settings.timeout, retire=pool.retire,
                    shims=self.apis if self.shim_drift else (),
                )
            except Exception as exc:  # contain it to this notebook
                run = NotebookRun(
                    cells=[], kernel_error=f"internal error: {type(exc).__name__}: {exc}",
                )
            wall = time.monotonic() - started
        self.report.executed_runs += 1
        await asyncio.to_thread(self.cache.store, first.key, run)
        for n, job in enumerate(group):
            await self.finish(job, run, cached=n > 0, wall=wall if n == 0 else 0.0)

    async def run(self, jobs: list[_Job]) -> None:
        self.total = len(jobs)
        if self.progress is not None:
            self.progress(0, self.total, None)
        demand: dict[KernelProfile, int] = defaultdict(int)
        for job in jobs:
            demand[job.profile] += 1
        for profile in demand:
            self.pools[profile] = KernelPool(
                profile, demand=0, warm=self.jobs, preimport=self.preimport(profile, jobs),
                warmup_timeout=self.settings.timeout,
            )
        try:
            await self._run(jobs, demand)
        finally:
            for pool in self.pools.values():
                await pool.close()

    async def _run(self, jobs: list[_Job], demand: dict[KernelProfile, int]) -> None:
        environments = {p: await self.environment(p) for p in demand}
        groups: dict[str, list[_Job]] = defaultdict(list)
        for job in jobs:
            env = environments[job.profile]
            if env is None:
                error = f"kernel `{job.profile.name}` is not installed or does not start"
                await self.finish(job, NotebookRun(cells=[], kernel_error=error), cached=False,
                                  wall=0)
                continue
            job.key = run_key(
                job.plan.cells, kernel=job.profile.name, environment=env,
                standins=job.standins + (":network" if self.network else "")
                + (":shim-drift:" + _apis_key(self.apis) if self.shim_drift else ""),
                device=job.device, default_timeout=self.settings.timeout,
            )
            groups[job.key].append(job)
        pending: list[list[_Job]] = []
        for key, group in groups.items():
            stored = self.cache.load(key) if self.use_cache else None
            if stored is not None:
                for job in group:
                    await self.finish(job, stored, cached=True, wall=0.0)
            else:
                pending.append(group)
        for group in pending:
            self.pools[group[0].profile].demand += 1
        limit = asyncio.Semaphore(self.jobs)
        await asyncio.gather(*(self.execute(group, limit) for group in pending))


def verify_course(
    course: Course,
    *,
    languages: Iterable[str] | None = None,
    frameworks: Iterable[str] | None = None,
    paths: Iterable[Path] = (),
    device: str = "auto",
    jobs: int | None = None,
    shard: Shard | None = None,
    use_cache: bool = True,
    preimport: bool | None = None,
    network: bool = False,
    shim_drift: bool = False,
    install_lesson_requirements: bool = False,
    progress: Progress | None = None,
) -> VerifyReport:
    """Run the course's notebooks and judge every cell, scenario and documented output.

    ``preimport``, when given, overrides the course's ``[tool.coursekit.verify]``
    setting. ``network`` lets lessons reach the network and the Hub; without it they
    run offline and cells that need them get the verdict ``needs-network``. A cell
    that fails on a removed or renamed API gets ``api-drift``; ``shim_drift`` runs it
    again with the renames applied, so that the cells after it are judged too. The
    course's ``[tool.coursekit.kernels]`` packages, and with
    ``install_lesson_requirements`` the lessons' ``pip install`` lines, are installed
    into cached overlays of the kernels.

    Raises ``DeviceError`` when ``device`` is not available, ``ConfigError`` for a
    bad ``[tool.coursekit.verify]`` table and :class:`EmptyScopeError` when the scope
    selects no notebook; every problem with a notebook is a diagnostic.
    """
    started = time.monotonic()
    resolved = resolve_device(device)
    settings = read_settings(course)
    if preimport is not None:
        settings = replace(settings, preimport=preimport)
    wanted_languages = list(languages) if languages is not None else None
    wanted_frameworks = set(frameworks) if frameworks is not None else None
    scope = list(paths)
    sources, diagnostics = collect(
        course, languages=wanted_languages, frameworks=wanted_frameworks, paths=scope,
    )
    if not sources and not diagnostics:
        raise EmptyScopeError(
            "no notebook to verify in "
            f"{_scope(scope, wanted_languages, wanted_frameworks, course)}: give lesson files "
            "or folders with code, or notebooks"
        )
    standins: dict[str, Standins] = {}
    chosen: list[tuple[NotebookSource, NotebookPlan, str]] = []
    overlays = Overlays(course, lesson_requirements=install_lesson_requirements)
    for source in sources:
        plan = source.plan("cpu")
        if shard is not None and not shard.owns(lesson_group(plan.notebook)):
            continue
        chosen.append((source, plan, framework_of_kernel(course, source.kernel, plan.framework)))
    devices = choose_devices(resolved, {(s.kernel, fw) for s, _, fw in chosen},
                             settings.startup_timeout)
    for kernel_device in devices.values():
        if kernel_device.problem is not None:
            diagnostics.append(rules.DEVICE_FALLBACK.at(
                course.relative(course.root / "pyproject.toml"), None, kernel_device.problem,
                hint="register an environment whose framework sees the GPU "
                     "(`coursekit kernels register`)",
            ))
    jobs_to_run: list[_Job] = []
    for source, plan, framework in chosen:
        on = devices[(source.kernel, framework)].device
        if on != "cpu":
            plan = source.plan(on)
        if framework not in standins:
            standins[framework], problem = prepare_standins(course, framework)
            if problem is not None:
                diagnostics.append(problem)
        overlay = overlays.for_notebook(source.kernel, framework, plan.lesson, source.node)
        site = overlay.site if overlay is not None else None
        profile = kernel_profile(source.kernel, on, standins[framework],
                                 settings.startup_timeout, network=network,
                                 paths=(str(site),) if site is not None else ())
        key = standins[framework].hash + (f":overlay:{overlay.key}" if overlay else "")
        jobs_to_run.append(_Job(plan, profile, device=on, standins=key,
                                packages=overlays.declared(framework, source.node, overlay)))
    diagnostics.extend(overlays.diagnostics)
    verification = _Verification(
        course=course, jobs=max(1, jobs or os.cpu_count() or 1),
        use_cache=use_cache, network=network, apis=stale_apis(course),
        shim_drift=shim_drift, standin_ids=standin_ids(course),
        synthetic_ids=standin_ids(course, ("models", "datasets")), settings=settings,
        progress=progress,
        cache=ResultCache(course.build_dir / CACHE_DIR),
    )
    verification.report.diagnostics.extend(diagnostics)
    asyncio.run(verification.run(jobs_to_run))
    verification.report.notebooks.sort(key=lambda r: r.notebook)
    verification.report.wall_time = time.monotonic() - started
    return verification.report

