"""Each documented error of a notebook as a scenario: reached or not, reproduced or
drifted, and its fix proven or not.

A scenario opens at a cell that documents an error (on any device) and its fix is the
cells after it up to the next such cell: proven when the error is reproduced (its
message reworded or not) and every fix cell runs clean. A fix cell whose output differs
from the documented one (on stand-ins, only its form is compared) does not undo the
proof; the scenario's note names it, beside the cell's own output-drift finding.

In a chain (an error, an attempt that raises the next documented error, and so on)
that next cell, when it reads what the error cell read, is the attempt: it proves the fix
of the error before it when it no longer raises that error, and it is never counted as
"a fix that still raises it" for raising its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from coursekit.execution.judge.cascade import read_names
from coursekit.execution.judge.matching import match_error
from coursekit.execution.judge.reproduced import reworded_as, shim_reproduced
from coursekit.execution.plan.model import CellPlan, NotebookPlan
from coursekit.execution.results import CellResult, CellRun, RunStatus, Scenario, Verdict
from coursekit.judgement.documented import describe
from coursekit.judgement.model import Fate
from coursekit.lessons.python import code_facts

_FIX_NOT_RUN = frozenset({
    Verdict.NOT_REACHED, Verdict.SKIPPED, Verdict.TIMEOUT, Verdict.KERNEL_DIED,
    Verdict.NEEDS_NETWORK, Verdict.NEEDS_PACKAGES, Verdict.PLACEHOLDER_REPO,
    Verdict.NEEDS_GPU, Verdict.NEEDS_INPUT, Verdict.API_DRIFT,
})
"""Verdicts of a fix cell that say it could not run as the lesson means, not that the
fix is wrong."""


def still_raises(error_cell: CellPlan, run: CellRun) -> bool:
    """Whether ``run`` raised the error ``error_cell`` documents (reworded or not)."""
    if run.status is not RunStatus.ERROR:
        return False
    return any(match_error(e, run.ename, run.evalue, run.mro).matched or reworded_as(e, run)
               for e in error_cell.expected or error_cell.errors)


def retries(error_cell: CellPlan, next_cell: CellPlan, imported: set[str]) -> bool:
    """Whether the next documented error's cell tries again what the error cell did (it
    reads one of the lesson's own names that cell read, not only a module): in a chain it
    is the attempt that proves the fix; an unrelated scenario proves nothing."""
    shared = read_names(error_cell.code) & read_names(next_cell.code)
    return bool(shared - imported)


def _opening(cell: CellPlan, run: CellRun, result: CellResult) -> tuple[Fate | None, str]:
    """What became of the documented error at its own cell; ``None`` when it was
    reproduced (and its fix is to be judged)."""
    verdict = result.verdict
    if verdict.reproduced or (verdict is Verdict.API_DRIFT and shim_reproduced(cell, run)):
        return None, ""
    if verdict is Verdict.NEEDS_GPU or (cell.gpu_only and verdict is Verdict.OK):
        return Fate.NEEDS_GPU, (f"documents `{describe(cell.gpu_only)}`, which only a CUDA "
                                "device raises; run `coursekit verify --device cuda`")
    if verdict in (Verdict.ERROR_DRIFT, Verdict.MISSING):
        reason = f"the documented error is not reproduced ({verdict.value}): {result.detail}"
        if result.note:
            reason += f": {result.note}"
        return Fate.DRIFTED, reason
    if verdict is Verdict.API_DRIFT and run.shim:
        after = (f"then raised `{run.shim_error}`" if run.shim_error
                 else "then ran without error")
        return Fate.DRIFTED, (f"the documented error is not reproduced: {run.shim}, it "
                              f"{after}")
    if verdict is Verdict.NOT_REACHED:
        return Fate.NOT_REACHED, result.detail
    return Fate.NOT_REACHED, f"the cell is {verdict.value}: {result.detail}"


def _fix(plan: NotebookPlan, runs: Sequence[CellRun], cells: Sequence[CellResult],
         start: int, fix: range, attempt: int | None) -> tuple[Fate, str]:
    """The fate of a reproduced error: its fix cells and, in a chain, the attempt."""
    error_cell = plan.cells[start]
    if not fix and attempt is None:
        return Fate.NO_FIX, "no cell follows the error to fix it"
    checked = [*fix, *([attempt] if attempt is not None else [])]
    for i in checked:
        if cells[i].cause is not None or not still_raises(error_cell, runs[i]):
            continue
        if i == attempt and cells[i].verdict.reproduced:
            continue  # raises its own documented error, which may share the class
        return Fate.FIX_FAILS, f"the cell at {plan.cells[i].source} still raises it"
    for i in fix:
        result = cells[i]
        if result.verdict is Verdict.OK or runs[i].shimmed_clean:
            continue
        if result.verdict.passed and result.verdict is not Verdict.SKIPPED:
            continue
        fate = Fate.FIX_NOT_RUN if result.verdict in _FIX_NOT_RUN else Fate.FIX_FAILS
        return fate, f"the cell at {result.source} is {_stated(result)}"
    return Fate.PROVEN, ""


def _stated(result: CellResult) -> str:
    """``skipped: needs a GPU``: the verdict and its sentence, which may open with the
    verdict's own words (``skipped: ...``, ``not reached: ...``), said once."""
    detail = result.detail
    for said in (f"{result.verdict.value}: ", f"{result.verdict.value.replace('-', ' ')}: "):
        detail = detail.removeprefix(said)
    return f"{result.verdict.value}: {detail}"


def scenarios(plan: NotebookPlan, runs: list[CellRun], cells: list[CellResult]) -> list[Scenario]:
    """Each documented error with the cells up to the next one, and its fate."""
    found: list[Scenario] = []
    positions = [i for i, cell in enumerate(plan.cells) if cell.documents_error]
    imported = {name for cell in plan.cells for name, _ in code_facts(cell.code).import_bindings}
    for n, start in enumerate(positions):
        following = positions[n + 1] if n + 1 < len(positions) else None
        end = following if following is not None else len(plan.cells)
        attempt = (following if following is not None
                   and retries(plan.cells[start], plan.cells[following], imported) else None)
        fix = range(start + 1, end)
        cell, run, result = plan.cells[start], runs[start], cells[start]
        fate, reason = _opening(cell, run, result)
        if fate is None:
            fate, reason = _fix(plan, runs, cells, start, fix, attempt)
        shimmed = [plan.cells[i].source for i in range(start, end) if runs[i].shim]
        notes = [f"judged with renamed APIs at {', '.join(shimmed)}"] if shimmed else []
        drifted = [cells[i].source for i in fix if cells[i].drift is not None]
        if drifted and fate is Fate.PROVEN:
            notes.append(f"the output differs from the documented one at {', '.join(drifted)} "
                         "(output-drift)")
        note = "; ".join(notes)
        raised = run.shim_error if run.shim and run.shim_error else (
            run.raised if run.status is RunStatus.ERROR else "")
        found.append(Scenario(
            cell.index, tuple(plan.cells[i].index for i in fix),
            proven=fate is Fate.PROVEN, reason=reason, note=note, fate=fate,
            documented=describe(cell.expected or cell.errors), raised=raised,
            source=cell.source,
        ))
    return found


def fix_failures(plan: NotebookPlan, runs: list[CellRun],
                 cells: Sequence[CellResult] = ()) -> dict[int, CellPlan]:
    """Fix cells (by notebook index) that still raise their scenario's documented error;
    a cell that documents an error of its own never counts as one."""
    failing: dict[int, CellPlan] = {}
    current: CellPlan | None = None
    consequences = {c.index for c in cells if c.cause is not None}
    for cell, run in zip(plan.cells, runs, strict=True):
        if cell.documents_error:
            current = cell
        elif (current is not None and cell.index not in consequences
              and still_raises(current, run)):
            failing[cell.index] = current
    return failing
