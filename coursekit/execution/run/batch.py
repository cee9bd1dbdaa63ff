"""Running the jobs: one kernel run per distinct cache key, stored runs reused.

Notebooks whose code is the same (translations, mostly) share one kernel run,
which is also cached on disk; the runs left execute in parallel on a pool of
warm kernels, started and with the lessons' packages imported ahead (the cache key
leaves that out: it changes how long a run takes, not what it finds), the longest
expected first. One notebook's failure never stops the others. A run whose every
key is stored starts no kernel: the kernels' environments are read from their files.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from coursekit.execution.cache.durations import load_durations, store_durations
from coursekit.execution.cache.key import run_key
from coursekit.execution.cache.store import ResultCache
from coursekit.execution.plan.settings import VerifySettings
from coursekit.execution.results import NotebookRun
from coursekit.execution.run.clock import KernelClock
from coursekit.execution.run.environment import KernelEnvironment, kernel_environment
from coursekit.execution.run.jobs import Job
from coursekit.execution.run.kernel import KernelProfile
from coursekit.execution.run.piplayer import pip_policy
from coursekit.execution.run.pool import KernelPool
from coursekit.execution.run.preimport import modules_to_preimport
from coursekit.execution.run.runner import run_notebook
from coursekit.execution.run.schedule import longest_first
from coursekit.execution.run.scratch import sweep_dead_owners
from coursekit.judgement.timing import NotebookTiming
from coursekit.stale_apis import StaleApi

Finished = Callable[[Job, NotebookRun, bool, float, NotebookTiming], Awaitable[None]]
"""Called with (job, run, cached, wall time, its stages) for every job, as its run is
known (a job whose run was stored or shared has no wall time and no stages)."""


def _apis_key(apis: tuple[StaleApi, ...]) -> str:
    return hashlib.sha256(repr(apis).encode()).hexdigest()[:16]


@dataclass(slots=True)
class Batch:
    workers: int
    settings: VerifySettings
    cache: ResultCache
    use_cache: bool
    network: bool
    apis: tuple[StaleApi, ...]
    shim_drift: bool | None
    """Run a cell that fails on one of ``apis`` again with the renames applied: in every
    notebook (``True``), in none (``False``), or in the notebooks that document an error
    (``None``), whose later scenarios a drifted call before them would hide."""
    finished: Finished
    lesson_installs: bool = False
    """Whether a lesson's own ``pip install`` may fetch packages (into its run's layer)."""
    executed_runs: int = 0
    """Runs the kernels did (the other jobs shared one, or it came from the cache)."""
    pools: dict[KernelProfile, KernelPool] = field(default_factory=dict)
    environments: dict[str, KernelEnvironment | None] = field(default_factory=dict)
    """The environment of each kernelspec, read once."""
    environment_seconds: float = 0.0
    """How long reading them took."""
    began: float = 0.0
    """When the first kernel run could start (``time.monotonic``)."""
    durations: dict[str, float] = field(default_factory=dict)
    """Seconds each notebook that ran took, by path, stored for the next run's order."""

    def preimport(self, profile: KernelProfile, jobs: list[Job]) -> tuple[str, ...]:
        if not self.settings.preimport:
            return ()
        return modules_to_preimport(job.plan for job in jobs if job.profile == profile)

    async def environment(self, profile: KernelProfile) -> KernelEnvironment | None:
        """The kernel's environment, read from its files once per kernelspec."""
        if profile.name not in self.environments:
            self.environments[profile.name] = await asyncio.to_thread(
                kernel_environment, profile.name)
        return self.environments[profile.name]

    async def execute(self, group: list[Job], limit: asyncio.Semaphore) -> None:
        first = group[0]
        async with limit:
            started = time.monotonic()
            pool = self.pools[first.profile]
            clock = KernelClock(pool.acquire)
            try:
                run = await run_notebook(
                    first.plan, clock.acquire, self.settings.timeout, retire=pool.retire,
                    shims=self.shims(first),
                    extension_budget=self.settings.extension_budget,
                )
            except Exception as exc:  # contain it to this notebook
                run = NotebookRun(
                    cells=[], kernel_error=f"internal error: {type(exc).__name__}: {exc}",
                )
            wall = time.monotonic() - started
        self.executed_runs += 1
        task = asyncio.current_task()
        if task is not None and task.cancelling():
            return  # stopped (Ctrl-C): what its kernel did is no answer to keep
        await asyncio.to_thread(self.cache.store, first.key, run)
        if run.kernel_error is None:
            self.durations[first.plan.notebook] = wall
        timing = clock.timing(run, queue=started - self.began, wall=wall)
        for n, job in enumerate(group):
            await self.finished(job, run, n > 0, *((wall, timing) if n == 0
                                                   else (0.0, NotebookTiming())))

    async def run(self, jobs: list[Job]) -> None:
        demand: dict[KernelProfile, int] = defaultdict(int)
        for job in jobs:
            demand[job.profile] += 1
        names = sorted({profile.name for profile in demand})
        reading = time.monotonic()
        found = await asyncio.gather(*(asyncio.to_thread(kernel_environment, name)
                                       for name in names))
        self.environments.update(zip(names, found, strict=True))
        self.environment_seconds = time.monotonic() - reading
        # What a killed run left in the temporary folder (never a live run's folders).
        await asyncio.to_thread(sweep_dead_owners)
        try:
            for profile in demand:
                environment = await self.environment(profile)
                self.pools[profile] = KernelPool(
                    profile, demand=0, warm=self.workers,
                    preimport=self.preimport(profile, jobs),
                    warmup_timeout=self.settings.timeout,
                    fork=self.settings.fork_kernels and _on_cpu(profile, jobs),
                    pip=pip_policy(environment, installs=self.lesson_installs)
                    if environment is not None else None,
                )
            await self._run(jobs, demand)
        finally:
            for pool in self.pools.values():
                await pool.close()
            await asyncio.to_thread(store_durations, self.cache.root, self.durations)

    def shims(self, job: Job) -> tuple[StaleApi, ...]:
        """The renames applied to ``job``'s cells that fail on a drifted API."""
        if self.shim_drift is None:
            wanted = any(cell.documents_error for cell in job.plan.cells)
        else:
            wanted = self.shim_drift
        return self.apis if wanted else ()

    def _key(self, job: Job, environment: str) -> str:
        return run_key(
            job.plan.cells, kernel=job.profile.name, environment=environment,
            standins=job.standins + (":network" if self.network else "")
            + (":lesson-installs" if self.lesson_installs else "")
            + (":shim-drift:" + _apis_key(self.apis) if self.shims(job) else "")
            + f":extension-budget:{self.settings.extension_budget:g}",
            device=job.device, default_timeout=self.settings.timeout,
        )

    async def _groups(self, jobs: list[Job],
                      demand: dict[KernelProfile, int]) -> dict[str, list[Job]]:
        """The jobs by cache key; a job whose kernel does not start is finished here."""
        environments = {p: await self.environment(p) for p in demand}
        groups: dict[str, list[Job]] = defaultdict(list)
        for job in jobs:
            env = environments[job.profile]
            if env is None:
                error = f"kernel `{job.profile.name}` is not installed or does not start"
                await self.finished(job, NotebookRun(cells=[], kernel_error=error), False, 0,
                                    NotebookTiming())
                continue
            job.key = self._key(job, env.fingerprint())
            groups[job.key].append(job)
        return groups

    async def _run(self, jobs: list[Job], demand: dict[KernelProfile, int]) -> None:
        pending: list[list[Job]] = []
        for key, group in (await self._groups(jobs, demand)).items():
            stored = self.cache.load(key) if self.use_cache else None
            if stored is not None:
                for job in group:
                    await self.finished(job, stored, True, 0.0, NotebookTiming())
            else:
                pending.append(group)
        for group in pending:
            self.pools[group[0].profile].demand += 1
        known = await asyncio.to_thread(load_durations, self.cache.root)
        pending = longest_first(pending, [group[0].plan for group in pending], known)
        limit = asyncio.Semaphore(self.workers)
        self.began = time.monotonic()
        await asyncio.gather(*(self.execute(group, limit) for group in pending))


def _on_cpu(profile: KernelProfile, jobs: list[Job]) -> bool:
    """Whether every notebook of ``profile`` runs on the CPU: only then are its kernels
    forked (a process that touched CUDA, as importing a framework may, cannot be forked
    into a kernel that uses the GPU)."""
    return all(job.device == "cpu" for job in jobs if job.profile == profile)
