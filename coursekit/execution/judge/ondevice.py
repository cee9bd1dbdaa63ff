"""What one device's run leaves unverified, and what it replayed after a restart.

A cell documented differently on CPU and CUDA (a device-side assert on the GPU
where the CPU raises ``IndexError``) is verified on the device that ran it only:
the other device's expectation is listed as not verified, never as passed. A
fatal CUDA error leaves the kernel unusable, so the kernel is restarted and the
clean cells before are replayed: the report names them.
"""

from __future__ import annotations

from coursekit.diagnostics import Diagnostic
from coursekit.execution import rules
from coursekit.execution.plan.model import NotebookPlan
from coursekit.execution.results import NotebookRun, Unverified
from coursekit.notebooks.metadata import ExpectedError


def describe(expected: tuple[ExpectedError, ...]) -> str:
    if not expected:
        return "no error"
    return " or ".join(f"{e['name']}: {e['message']}".rstrip(": ") for e in expected)


def unverified(plan: NotebookPlan) -> list[Unverified]:
    return [
        Unverified(cell.index, cell.source, device, describe(expected))
        for cell in plan.cells if cell.skip is None
        for device, expected in cell.elsewhere
    ]


def unverified_diagnostics(
    plan: NotebookPlan, device: str, found: list[Unverified],
) -> list[Diagnostic]:
    tag = f"[{plan.language}/{plan.framework}]"
    by_index = {c.index: c for c in plan.cells}
    return [
        rules.NOT_VERIFIED_ON_DEVICE.at(
            by_index[u.index].path, by_index[u.index].line,
            f"{tag} on {u.device} this cell is documented to give {u.expected}: "
            f"not verified on {device}",
            hint=f"run `coursekit verify --device {u.device}` on a machine that has one",
            fingerprint=f"{plan.framework}:unverified:{u.device}",
        )
        for u in found
    ]


def replayed_sources(plan: NotebookPlan, run: NotebookRun) -> list[str]:
    by_index = {c.index: c.source for c in plan.cells}
    return [by_index.get(i, f"cell {i}") for i in run.replayed]


def _lines(plan: NotebookPlan, indices: list[int]) -> str:
    by_index = {c.index: c for c in plan.cells}
    return ", ".join(str(by_index[i].line) if i in by_index else f"cell {i}" for i in indices)


def restart_diagnostics(plan: NotebookPlan, run: NotebookRun) -> list[Diagnostic]:
    """One note per restart: after which cell, and which cells were replayed."""
    by_index = {c.index: c for c in plan.cells}
    positions = {c.index: n for n, c in enumerate(plan.cells)}
    tag = f"[{plan.language}/{plan.framework}]"
    found: list[Diagnostic] = []
    for cause in run.restarted_after:
        cell = by_index.get(cause)
        if cell is None:
            continue
        before = [i for i in dict.fromkeys(run.replayed) if positions.get(i, -1) < positions[cause]]
        raised = run.cells[positions[cause]] if positions[cause] < len(run.cells) else None
        why = (f"`{raised.ename}: {raised.evalue.splitlines()[0]}` left it unusable"
               if raised is not None and raised.evalue else "the kernel died")
        where = f"line{'s' if len(before) > 1 else ''} {_lines(plan, before)}"
        replayed = (f"replayed {len(before)} cell(s) before it ({where})"
                    if before else "nothing before it to replay")
        found.append(rules.KERNEL_RESTARTED.at(
            cell.path, cell.line, f"{tag} kernel restarted after this cell ({why}); {replayed}",
            fingerprint=f"{plan.framework}:restart",
        ))
    return found
