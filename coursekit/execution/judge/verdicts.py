"""Turn a notebook's kernel run into verdicts and scenarios, for one device."""

from __future__ import annotations

import re
from collections.abc import Sequence

from coursekit.execution.judge.apidrift import Drift, drift_of, given_drift_of
from coursekit.execution.judge.consequences import Causes
from coursekit.execution.judge.cuda import lacks_cuda
from coursekit.execution.judge.frames import library_call, library_frame
from coursekit.execution.judge.matching import (
    match_error,
    matches_any,
)
from coursekit.execution.judge.network import needed, placeholder_repos, shell_fetches
from coursekit.execution.judge.output_drift import checked_output
from coursekit.execution.judge.prompts import input_asked, terminal_asked
from coursekit.execution.judge.reproduced import reworded_as, shim_reproduced
from coursekit.execution.judge.shell import FailedCommand, failed_command
from coursekit.execution.judge.sizes import SizeNames
from coursekit.execution.judge.standin_note import standin_note
from coursekit.execution.judge.timeouts import (
    interrupted_at,
    last_bar,
    timeout_detail,
    timeout_hint,
)
from coursekit.execution.plan.declared import (
    DeclaredPackages,
    asked_for,
    missing_module,
    requirement_name,
    stale_submodule,
)
from coursekit.execution.plan.model import CellPlan, NotebookPlan
from coursekit.execution.plan.settings import DEFAULT_TIMEOUT
from coursekit.execution.results import CellResult, CellRun, RunStatus, Verdict
from coursekit.judgement.documented import describe
from coursekit.stale_apis import StaleApi

_STRING = re.compile(r"""["']([\w.-]+(?:/[\w.-]+)?)["']""")
_NOTHING_DECLARED = DeclaredPackages()




def _documented(cell: CellPlan) -> str:
    return " or ".join(
        f"{e['name']}: {e['message']}".rstrip(": ") for e in cell.expected
    )


def _needs(targets: list[str]) -> str:
    return "needs " + ", ".join(f"`{t}`" if not t.startswith("the ") else t for t in targets)


def _drifted(drift: Drift, run: CellRun, cell: CellPlan) -> str:
    if not run.shim:
        return drift.detail
    if shim_reproduced(cell, run):
        after = f"it then raised the documented `{run.shim_error}`"
    elif run.shimmed_clean:
        after = "it then ran clean"
    else:
        after = f"it still fails: `{run.shim_error}`"
    return f"{drift.detail}; {run.shim}: {after}"


def _given_drift(apis: Sequence[StaleApi], run: CellRun) -> Drift | None:
    return given_drift_of(apis, run.ename, run.evalue, run.given, library_frame(run.traceback))


def _without_error(cell: CellPlan, run: CellRun, default_timeout: float,
                   fetches: list[str], offline: bool) -> tuple[Verdict, str]:
    """The verdict on a cell that raised nothing: it ran, or never finished."""
    if run.status is RunStatus.SKIPPED:
        return Verdict.SKIPPED, f"skipped: {cell.skip}"
    if run.status is RunStatus.NOT_RUN:
        return Verdict.KERNEL_DIED, "not run: no kernel could be started"
    if (asked := terminal_asked(run)) is not None:
        return Verdict.NEEDS_INPUT, asked
    if run.status is RunStatus.TIMEOUT:
        limit = cell.timeout or default_timeout
        bar = last_bar(run.outputs)
        return Verdict.TIMEOUT, timeout_detail(
            run.duration, limit, cell.timeout is not None, bar, run.extended,
            interrupted_at(run.traceback, cell.location.line))
    if run.status is RunStatus.DIED:
        return Verdict.KERNEL_DIED, "the kernel died while running this cell"
    if fetches:
        return Verdict.NEEDS_NETWORK, (f"{_needs(fetches)}: a shell command downloads from "
                                       "it, and verification runs offline")
    failed = failed_command(cell, run, offline=offline)
    if failed is not None:
        return failed.verdict, failed.detail
    if cell.expects_error:
        return Verdict.MISSING, f"documents `{_documented(cell)}`, but runs without error"
    return Verdict.OK, ""


def _unmatched(cell: CellPlan, run: CellRun, targets: list[str],
               explanations: list[str]) -> tuple[Verdict, str]:
    """The verdict on an error no documented one matches, nor a drifted API or a
    missing package explains."""
    placeholders = placeholder_repos(targets)
    if placeholders:
        names = ", ".join(f"`{r}`" for r in placeholders)
        return Verdict.PLACEHOLDER_REPO, (
            f"loads {names}, a placeholder for the learner's own repo that no earlier "
            f"cell pushed (raises `{run.raised}`)")
    if targets:
        return Verdict.NEEDS_NETWORK, (f"{_needs(targets)}, and verification runs offline "
                                       f"(raises `{run.raised}`)")
    asked = input_asked(run)
    if asked is not None:
        return Verdict.NEEDS_INPUT, asked
    inside = library_frame(run.traceback)
    where = f" inside `{inside}`" if inside is not None else ""
    if cell.gpu_only:
        return Verdict.NEEDS_GPU, (f"documents `{describe(cell.gpu_only)}`, which only a "
                                   f"CUDA device raises; here it raised `{run.raised}`{where}")
    if lacks_cuda(run):
        return Verdict.NEEDS_GPU, (f"asks for a CUDA device, which this machine lacks "
                                   f"(raises `{run.raised}`{where})")
    if not cell.expects_error:
        return Verdict.UNEXPECTED_ERROR, f"raises `{run.raised}`{where}"
    reworded = [e for e in cell.expected if reworded_as(e, run)]
    if reworded:
        detail = match_error(reworded[0], run.ename, run.evalue, run.mro).explanation
        return Verdict.MESSAGE_DRIFT, f"{detail} (same class, reworded){where}"
    call = library_call(run.called)
    called = (f" (the lesson called `{call}`)"
              if call is not None and call.split(",")[0] != inside else "")
    return Verdict.ERROR_DRIFT, "; ".join(explanations) + where + called


def cell_verdict(
    cell: CellPlan, run: CellRun, default_timeout: float = DEFAULT_TIMEOUT,
    *, offline: bool = True, apis: Sequence[StaleApi] = (),
    packages: DeclaredPackages = _NOTHING_DECLARED,
) -> tuple[Verdict, str]:
    """The verdict on one cell and the sentence that explains it.

    ``offline``: the kernel ran with the network refused, so a cell that failed for
    want of it (or fetches files with a shell command) needs the network.
    ``packages``: what the notebook declares it needs; an import of one that the
    kernel lacks needs packages."""
    fetches = shell_fetches(cell.code) if offline else []
    if run.status is not RunStatus.ERROR:
        return _without_error(cell, run, default_timeout, fetches, offline)
    explanations = []
    for expected in cell.expected:
        match = match_error(expected, run.ename, run.evalue, run.mro)
        if match.matched:
            return Verdict.REPRODUCED, ""
        explanations.append(match.explanation)
    if matches_any(cell.gpu_only, run.ename, run.evalue, run.mro):
        return Verdict.REPRODUCED, ""  # what a GPU raises, raised here all the same
    drift = drift_of(apis, run.ename, run.evalue)
    if drift is not None:
        return Verdict.API_DRIFT, _drifted(drift, run, cell)
    declaration = packages.missing(run.ename, run.evalue, cell.code)
    if declaration is not None:
        return Verdict.NEEDS_PACKAGES, packages.detail(declaration, run.raised)
    drift = _given_drift(apis, run)  # a drifted type handed on: after what the message names
    if drift is not None:
        return Verdict.API_DRIFT, _drifted(drift, run, cell)
    targets = fetches or (needed(run.refused, run.ename, run.evalue) if offline else [])
    return _unmatched(cell, run, targets, explanations)


def _hint(cell: CellPlan, run: CellRun, verdict: Verdict, default_timeout: float,
          apis: Sequence[StaleApi], packages: DeclaredPackages,
          failed: FailedCommand | None) -> str:
    if failed is not None and failed.verdict is verdict:
        return failed.hint
    if verdict is Verdict.NEEDS_PACKAGES:
        declaration = packages.missing(run.ename, run.evalue, cell.code)
        return packages.hint(declaration) if declaration is not None else ""
    if verdict is Verdict.API_DRIFT:
        drift = drift_of(apis, run.ename, run.evalue) or _given_drift(apis, run)
        return drift.hint if drift is not None else ""
    if verdict is Verdict.UNEXPECTED_ERROR:
        return _error_hint(run, packages)
    if verdict is not Verdict.TIMEOUT:
        return ""
    return timeout_hint(cell.timeout or default_timeout, last_bar(run.outputs),
                        cell.timeout is not None)


def _error_hint(run: CellRun, packages: DeclaredPackages) -> str:
    """For the errors that say what the environment or the lesson lacks."""
    package = asked_for(run.ename, run.evalue)
    declared = packages.declaring(package) if package is not None else None
    if declared is not None:
        return (f"`{declared.requirement}` ({declared.where}) was installed into the "
                f"kernel's overlay, yet `{package}` does not import: check that it is the "
                "package that provides it, and its version")
    if stale_submodule(run.ename, run.evalue):
        return (f"the kernel's `{package}` has no module `{missing_module(run.ename, run.evalue)}`"
                ": the lesson imports a module that this version moved or removed")
    inside = library_frame(run.traceback)
    if run.ename == "NameError" and inside is not None:
        return ("the name is the library's, not the lesson's: its own code refers to it, "
                "so the kernel lacks a package the library uses there (or the library "
                "skipped its import); check the kernel's packages, not the lesson")
    if run.ename == "NameError":
        return ("no earlier cell of this notebook defines it: the lesson relies on code of "
                "another section; repeat that code (or its import) in this lesson")
    return ""


def _need(cell: CellPlan, run: CellRun, verdict: Verdict, packages: DeclaredPackages,
          failed: FailedCommand | None) -> str:
    if failed is not None and failed.verdict is verdict:
        return failed.need
    declaration = (packages.missing(run.ename, run.evalue, cell.code)
                   if verdict is Verdict.NEEDS_PACKAGES else None)
    return requirement_name(declaration.requirement) if declaration is not None else ""


def _fix_tier(verdict: Verdict, run: CellRun, note: str, apis: Sequence[StaleApi]) -> str:
    """Which ``coursekit fix`` settles the finding: ``fix drift`` a drifted API with a
    fix in the table, ``fix errors`` an error drift the stand-ins are not blamed for."""
    if verdict is Verdict.API_DRIFT:
        drift = drift_of(apis, run.ename, run.evalue) or _given_drift(apis, run)
        tier = drift.api.fix.value if drift is not None else ""
        return "" if tier == "manual" else tier
    if verdict is Verdict.ERROR_DRIFT and "stand-in" not in note:
        return "safe"
    return ""


def _standins_used(code: str, standins: frozenset[str]) -> list[str]:
    return sorted({m for m in _STRING.findall(code) if m in standins})


def judge_cells(
    plan: NotebookPlan, runs: list[CellRun], tolerance: float,
    default_timeout: float = DEFAULT_TIMEOUT, *, offline: bool = True,
    apis: Sequence[StaleApi] = (), standins: frozenset[str] = frozenset(),
    packages: DeclaredPackages = _NOTHING_DECLARED, synthetic: frozenset[str] = frozenset(),
) -> list[CellResult]:
    """Verdicts on a notebook's cells; ``default_timeout`` is the limit of cells without one.

    A cell that failed because an earlier one did (a name it would have defined, a value
    it left half-built, a kernel it killed) is ``not-reached``, naming that cell: what it
    does itself was never tried.
    ``standins``: model ids served by stand-ins; a documented error that does not show in
    a notebook using them gets a note saying that it may be the stand-in's shortcoming.
    ``synthetic``: the model and dataset ids stand-ins serve; once a notebook names one,
    outputs are compared on their form only."""
    used: list[str] = []
    on_standins = False
    causes = Causes()
    sizes = SizeNames()
    results: list[CellResult] = []
    for cell, run in zip(plan.cells, runs, strict=True):
        verdict, detail = cell_verdict(cell, run, default_timeout, offline=offline, apis=apis,
                                       packages=packages)
        failed = failed_command(cell, run, offline=offline)
        verdict, detail, cause = causes.judge(cell, run, verdict, detail,
                                              _need(cell, run, verdict, packages, failed))
        sizes.record(cell.code)
        used += [u for u in _standins_used(cell.code, standins) if u not in used]
        on_standins = on_standins or bool(used) or bool(_standins_used(cell.code, synthetic))
        note = (standin_note(cell, run, verdict, used) if cause is None else "") or run.shim
        drift, changed = checked_output(cell, run, verdict, tolerance, apis,
                                         sizes=sizes.shows_only_sizes(cell.code),
                                         standins=on_standins)
        if changed is not None and cause is None:
            verdict, detail = Verdict.API_DRIFT, changed.detail
        result = CellResult(
            index=cell.index, source=cell.source, verdict=verdict, detail=detail,
            cause=cause, drift=drift,
            hint=changed.hint if changed is not None else _hint(
                cell, run, verdict, default_timeout, apis, packages, failed),
            note=note, documented=_documented(cell) if cell.expects_error else "",
            raised=run.raised if run.status is RunStatus.ERROR else "",
            expected=describe(cell.errors), fix=_fix_tier(verdict, run, note, apis),
        )
        results.append(result)
        causes.record(cell, result)
    return results
