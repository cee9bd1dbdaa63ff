"""``verify_course``: run every notebook of a course and judge what happened.

The stages, each a package: ``plan`` selects the notebooks and says what each runs
and expects, ``run`` gives each a kernel and runs what ``cache`` has not stored,
``judge`` turns every run into verdicts and findings, and ``output`` saves the
executed notebooks and gathers the report.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable, Collection, Iterable
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.execution import rules
from coursekit.execution.cache.store import CACHE_DIR, ResultCache
from coursekit.execution.judge.notebook import NotebookJudge
from coursekit.execution.output.record import Progress, Recorder
from coursekit.execution.plan.scope import EmptyScopeError, notebooks_in_scope
from coursekit.execution.plan.settings import VerifySettings, read_settings
from coursekit.execution.plan.shard import Shard
from coursekit.execution.results import NotebookRun, VerifyReport
from coursekit.execution.run.batch import Batch, Finished
from coursekit.execution.run.device import resolve_device
from coursekit.execution.run.jobs import Job, assign_kernels
from coursekit.judgement.timing import NotebookTiming, RunTiming
from coursekit.lessons.python import shared_code_facts

__all__ = ["EmptyScopeError", "Progress", "verify_course"]

NEEDS_DIR = "standin-needs"
"""The folder of the verify cache that keeps what each lesson needs of the stand-ins."""


def _settings(course: Course, preimport: bool | None) -> VerifySettings:
    settings = read_settings(course)
    return settings if preimport is None else replace(settings, preimport=preimport)


def _judged(judge: NotebookJudge, recorder: Recorder) -> Finished:
    """Each run, as it is known, judged for its notebook and recorded."""

    async def finished(job: Job, run: NotebookRun, cached: bool, wall: float,
                       timing: NotebookTiming) -> None:
        started = time.monotonic()
        result = judge.judge(job.plan, run, device=job.device, packages=job.packages,
                             cached=cached, wall=wall, timing=timing)
        await recorder.record(result, job.plan, run)
        result.timing = replace(timing, record=time.monotonic() - started)

    return finished


def _refused(course: Course, cache: ResultCache) -> list[Diagnostic]:
    """A finding for each stored run the cache did not read for what it is."""
    return [rules.CACHE_ENTRY_REFUSED.at(course.relative(path), None,
                                         f"a stored run not read: {why}",
                                         hint="remove it; the next run stores a fresh one")
            for path, why in cache.refused]


def verify_course(
    course: Course, *, languages: Iterable[str] | None = None,
    frameworks: Iterable[str] | None = None, paths: Iterable[Path] = (), device: str = "auto",
    jobs: int | None = None, shard: Shard | None = None, use_cache: bool = True,
    preimport: bool | None = None, network: bool = False, shim_drift: bool | None = None,
    install_lesson_requirements: bool = False, progress: Progress | None = None,
    notebooks: Collection[str] | None = None, stage: Callable[[str], None] | None = None,
) -> VerifyReport:
    """Run the course's notebooks and judge every cell, scenario and documented output.

    ``preimport``, when given, overrides the course's ``[tool.coursekit.verify]``
    setting. ``network`` lets lessons reach the network and the Hub; without it they
    run offline and cells that need them get the verdict ``needs-network``. A cell
    that fails on a removed or renamed API gets ``api-drift``; ``shim_drift`` runs it
    again with the renames applied, so that the cells after it are judged too: by
    default (``None``) in the notebooks that document an error, whose scenarios would
    otherwise stay behind the drifted call; ``True`` in all, ``False`` in none. The
    course's ``[tool.coursekit.kernels]`` packages, and with
    ``install_lesson_requirements`` the lessons' ``pip install`` lines, are installed
    into cached overlays of the kernels. ``notebooks``, when given, runs only those of
    the scope so named (``en/chapter1/1_pt.ipynb``); what could not be read is reported.
    ``stage`` is told what the run waits for before its notebooks start (a package
    install), then ``""``.

    Raises ``DeviceError`` when ``device`` is not available, ``ConfigError`` for a
    bad ``[tool.coursekit.verify]`` table and :class:`EmptyScopeError` when the scope
    selects no notebook; every problem with a notebook is a diagnostic.
    """
    # The planner, pre-imports and judge read each code once; the stand-in sets in use
    # are not rebuilt (``standins build --force``) until the run ends.
    with shared_code_facts(), ExitStack() as held:
        return _verify(course, languages=languages, frameworks=frameworks, paths=paths,
                       device=device, jobs=jobs, shard=shard, use_cache=use_cache,
                       preimport=preimport, network=network, shim_drift=shim_drift,
                       install_lesson_requirements=install_lesson_requirements,
                       progress=progress, notebooks=notebooks, held=held, stage=stage)


def _verify(
    course: Course, *, languages: Iterable[str] | None, frameworks: Iterable[str] | None,
    paths: Iterable[Path], device: str, jobs: int | None, shard: Shard | None,
    use_cache: bool, preimport: bool | None, network: bool, shim_drift: bool | None,
    install_lesson_requirements: bool, progress: Progress | None,
    notebooks: Collection[str] | None, held: ExitStack,
    stage: Callable[[str], None] | None = None,
) -> VerifyReport:
    started = time.monotonic()
    resolved = resolve_device(device)
    settings = _settings(course, preimport)
    sources, unread = notebooks_in_scope(course, languages=languages, frameworks=frameworks,
                                         paths=paths)
    if notebooks is not None:
        sources = [source for source in sources if source.notebook in notebooks]
    assigned = assign_kernels(
        course, sources, shard=shard, device=resolved, startup_timeout=settings.startup_timeout,
        network=network, lesson_requirements=install_lesson_requirements,
        install_timeout=settings.install_timeout, announce=stage,
        needs_cache=course.build_dir / CACHE_DIR / NEEDS_DIR if use_cache else None,
        held=held,
    )
    if stage is not None:
        stage("")
    judge = NotebookJudge.of_course(course, settings, network=network)
    report = VerifyReport(diagnostics=[*unread, *assigned.diagnostics])
    recorder = Recorder(course.build_dir, report, progress)
    batch = Batch(
        workers=max(1, jobs or os.cpu_count() or 1), settings=settings,
        cache=ResultCache(course.build_dir / CACHE_DIR), use_cache=use_cache, network=network,
        apis=judge.apis, shim_drift=shim_drift, finished=_judged(judge, recorder),
        lesson_installs=install_lesson_requirements,
    )
    recorder.start(len(assigned.jobs))
    planned = time.monotonic()
    asyncio.run(batch.run(assigned.jobs))
    report.diagnostics.extend(_refused(course, batch.cache))
    report.executed_runs = batch.executed_runs
    report.notebooks.sort(key=lambda r: r.notebook)
    _time(report, batch, started=started, planned=planned, standins=assigned.standin_seconds,
          packages=assigned.package_seconds)
    return report


def _time(report: VerifyReport, batch: Batch, *, started: float, planned: float,
          standins: float, packages: float) -> None:
    """The report's wall time and run stages, planning from ``started`` to ``planned``
    (``standins`` seconds of it preparing stand-ins, ``packages`` making overlays)."""
    ended = time.monotonic()
    report.wall_time = ended - started
    report.timing = RunTiming(
        plan=max(0.0, planned - started - standins - packages), standins=standins,
        packages=packages,
        environments=batch.environment_seconds, runs=ended - (batch.began or planned),
    )
