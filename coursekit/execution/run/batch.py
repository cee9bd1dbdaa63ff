"""Running the jobs: one kernel run per distinct cache key, stored runs reused.

Notebooks whose code is the same (translations, mostly) share one kernel run,
which is also cached on disk; the runs left execute in parallel on a pool of
warm kernels, started and with the lessons' packages imported ahead (the cache key
leaves that out: it changes how long a run takes, not what it finds). One
notebook's failure never stops the others.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from coursekit.execution.cache.key import run_key
from coursekit.execution.cache.store import ResultCache
from coursekit.execution.plan.settings import VerifySettings
from coursekit.execution.results import NotebookRun
from coursekit.execution.run.environment import ask_packages, fingerprint, kernelspec_identity
from coursekit.execution.run.jobs import Job
from coursekit.execution.run.kernel import KernelProfile, KernelStartError
from coursekit.execution.run.pool import KernelPool
from coursekit.execution.run.preimport import modules_to_preimport
from coursekit.execution.run.runner import run_notebook
from coursekit.stale_apis import StaleApi

Finished = Callable[[Job, NotebookRun, bool, float], Awaitable[None]]
"""Called with (job, run, cached, wall time) for every job, as its run is known."""


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
    executed_runs: int = 0
    """Runs the kernels did (the other jobs shared one, or it came from the cache)."""
    pools: dict[KernelProfile, KernelPool] = field(default_factory=dict)
    environments: dict[str, str] = field(default_factory=dict)
    """Package fingerprints by kernelspec identity: profiles of one kernel ask once."""

    def preimport(self, profile: KernelProfile, jobs: list[Job]) -> tuple[str, ...]:
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

    async def execute(self, group: list[Job], limit: asyncio.Semaphore) -> None:
        first = group[0]
        async with limit:
            started = time.monotonic()
            try:
                pool = self.pools[first.profile]
                run = await run_notebook(
                    first.plan, pool.acquire, self.settings.timeout, retire=pool.retire,
                    shims=self.shims(first),
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
        for n, job in enumerate(group):
            await self.finished(job, run, n > 0, wall if n == 0 else 0.0)

    async def run(self, jobs: list[Job]) -> None:
        demand: dict[KernelProfile, int] = defaultdict(int)
        for job in jobs:
            demand[job.profile] += 1
        for profile in demand:
            self.pools[profile] = KernelPool(
                profile, demand=0, warm=self.workers, preimport=self.preimport(profile, jobs),
                warmup_timeout=self.settings.timeout,
            )
        try:
            await self._run(jobs, demand)
        finally:
            for pool in self.pools.values():
                await pool.close()

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
            + (":shim-drift:" + _apis_key(self.apis) if self.shims(job) else ""),
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
                await self.finished(job, NotebookRun(cells=[], kernel_error=error), False, 0)
                continue
            job.key = self._key(job, env)
            groups[job.key].append(job)
        return groups

    async def _run(self, jobs: list[Job], demand: dict[KernelProfile, int]) -> None:
        pending: list[list[Job]] = []
        for key, group in (await self._groups(jobs, demand)).items():
            stored = self.cache.load(key) if self.use_cache else None
            if stored is not None:
                for job in group:
                    await self.finished(job, stored, True, 0.0)
            else:
                pending.append(group)
        for group in pending:
            self.pools[group[0].profile].demand += 1
        limit = asyncio.Semaphore(self.workers)
        await asyncio.gather(*(self.execute(group, limit) for group in pending))
