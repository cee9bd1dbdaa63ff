"""One notebook's judgement: its cells, scenarios and findings, from one kernel run."""

from __future__ import annotations

from dataclasses import dataclass

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.execution import rules
from coursekit.execution.judge.cellscript import script_exited
from coursekit.execution.judge.diagnose import notebook_diagnostics
from coursekit.execution.judge.ondevice import (
    replayed_sources,
    restart_diagnostics,
    unverified,
    unverified_diagnostics,
)
from coursekit.execution.judge.scenarios import fix_failures, scenarios
from coursekit.execution.judge.shell import script_raised
from coursekit.execution.judge.verdicts import judge_cells
from coursekit.execution.plan.declared import DeclaredPackages
from coursekit.execution.plan.model import NotebookPlan
from coursekit.execution.plan.settings import VerifySettings
from coursekit.execution.results import NotebookResult, NotebookRun, Verdict
from coursekit.judgement.timing import NotebookTiming
from coursekit.stale_apis import StaleApi


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


def _not_run(plan: NotebookPlan, run: NotebookRun) -> Diagnostic:
    return rules.KERNEL_UNAVAILABLE.at(
        plan.lesson, None, f"[{plan.language}/{plan.framework}] not run: {run.kernel_error}",
        hint=run.kernel_hint
        or "install the kernel (`coursekit kernels install`) or fix [tool.coursekit] kernels",
    )


@dataclass(frozen=True, slots=True)
class NotebookJudge:
    settings: VerifySettings
    network: bool
    """The kernels reached the network: no cell is judged ``needs-network``."""
    apis: tuple[StaleApi, ...]
    """Removed and renamed APIs, for ``api-drift`` verdicts."""
    standin_ids: frozenset[str]
    """Model ids the stand-ins serve."""
    synthetic_ids: frozenset[str]
    """The model and dataset ids the stand-ins serve: outputs after one is named are
    compared on their form only. (Metric ids are left out: `"accuracy"` is as often a
    dict key as a metric, and a metric computes on what a model or dataset gave it.)"""

    @classmethod
    def of_course(cls, course: Course, settings: VerifySettings, *,
                  network: bool) -> NotebookJudge:
        return cls(settings, network, apis=stale_apis(course),
                   standin_ids=standin_ids(course),
                   synthetic_ids=standin_ids(course, ("models", "datasets")))

    def judge(self, plan: NotebookPlan, run: NotebookRun, *, device: str,
              packages: DeclaredPackages, cached: bool, wall: float,
              timing: NotebookTiming | None = None) -> NotebookResult:
        """The notebook's result on ``device``: a run shared with its twins, or taken
        from the cache, is judged against this notebook's own expectations."""
        result = NotebookResult(
            lesson=plan.lesson, language=plan.language, framework=plan.framework,
            notebook=plan.notebook, cached=cached, duration=wall, cell_time=run.cell_time,
            first_cell_time=run.cells[0].duration if run.cells else 0.0,
            device=device, restarts=run.restarts,
            replayed=replayed_sources(plan, run), timing=timing or NotebookTiming(),
        )
        if run.kernel_error is not None and not any(c.duration for c in run.cells):
            result.diagnostics.append(_not_run(plan, run))
            return result
        runs = [script_raised(c.code, script_exited(c, r))
                for c, r in zip(plan.cells, run.cells, strict=True)]
        result.cells = judge_cells(plan, runs, self.settings.output_tolerance,
                                   self.settings.timeout, offline=not self.network,
                                   apis=self.apis, standins=self.standin_ids,
                                   synthetic=self.synthetic_ids, packages=packages)
        result.scenarios = scenarios(plan, runs, result.cells)
        result.diagnostics.extend(notebook_diagnostics(
            plan, result.cells, fix_failures(plan, runs, result.cells),
        ))
        result.unverified = unverified(plan)
        said = {c.index for c in result.cells if c.verdict is Verdict.NEEDS_GPU}
        result.diagnostics.extend(unverified_diagnostics(
            plan, device, [u for u in result.unverified if u.index not in said]))
        result.diagnostics.extend(restart_diagnostics(plan, run))
        return result
