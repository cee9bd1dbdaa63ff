"""Verdicts become diagnostics at the lesson's ``file:line``."""

from __future__ import annotations

from collections import defaultdict

from coursekit.diagnostics import Diagnostic
from coursekit.execution import rules
from coursekit.execution.judge.matching import normalise_message
from coursekit.execution.judge.timeouts import without_place
from coursekit.execution.plan.model import CellPlan, NotebookPlan
from coursekit.execution.results import CellResult, Verdict

_HINTS: dict[Verdict, str] = {
    Verdict.MISSING: "update the lesson: the library no longer raises here, "
                     "or the code changed so that it does not",
    Verdict.ERROR_DRIFT: "update the documented error to the one raised now if the "
                         "lesson's point still holds, or change the code so that the "
                         "documented error happens again",
    Verdict.UNEXPECTED_ERROR: "fix the code, or document the error in an output block",
    Verdict.NEEDS_NETWORK: "run `coursekit verify --network` where that host or repo can be "
                           "reached, add a stand-in for the repo, or mark the cell "
                           "`{/* coursekit: skip reason=\"needs the network\" */}`",
    Verdict.PLACEHOLDER_REPO: "nothing to fix in the lesson; to verify the cells after it, "
                              "map the id to a stand-in under "
                              "[tool.coursekit.standins.models]",
    Verdict.NEEDS_INPUT: "nothing to fix if a learner is meant to type here; to verify the "
                         "cells after it, give the answer in code (a variable, an "
                         "environment variable read with `os.environ`) or show that code "
                         "to the learner instead of the prompt",
    Verdict.TIMEOUT: "make the cell faster, or raise its limit: "
                     "`<!-- coursekit: timeout=600 -->` on the line above its code fence",
}


def _where(cell: CellPlan) -> tuple[str, int | None]:
    return cell.path, cell.line


def notebook_diagnostics(
    plan: NotebookPlan, cells: list[CellResult], fix_failures: dict[int, CellPlan],
) -> list[Diagnostic]:
    by_index = {c.index: c for c in plan.cells}
    consequences: dict[int, list[CellResult]] = defaultdict(list)
    for result in cells:
        if result.cause is not None:
            consequences[result.cause].append(result)
    tag = f"[{plan.language}/{plan.framework}]"
    found: list[Diagnostic] = []
    for result in cells:
        cell = by_index[result.index]
        path, line = _where(cell)
        stable = (without_place(result.detail) if result.verdict is Verdict.TIMEOUT
                  else result.detail)
        fingerprint = f"{plan.framework}:{result.verdict.value}:{normalise_message(stable)}"
        if result.drift is not None:
            found.append(rules.OUTPUT_DRIFT.at(
                path, line, f"{tag} {result.drift}", fingerprint=f"drift:{fingerprint}",
                hint="update the documented output if the new one is right",
            ))
        if result.verdict is Verdict.OK or result.verdict is Verdict.REPRODUCED:
            continue
        if result.cause is not None:
            root = by_index[result.cause]
            because = ("" if result.verdict is Verdict.NOT_REACHED
                       else f", because the cell at {root.source} failed")
            found.append(rules.CONSEQUENCE.at(
                path, line, f"{tag} {result.detail}{because}", fingerprint=fingerprint,
            ))
            continue
        rule = rules.BY_VERDICT[result.verdict]
        message = f"{tag} {result.detail}"
        scenario = fix_failures.get(result.index)
        if scenario is not None and result.verdict is Verdict.UNEXPECTED_ERROR:
            rule = rules.FIX_NOT_PROVEN
            message += f", the error documented at {scenario.source}: the fix does not work"
        followers = consequences.get(result.index, [])
        if followers:
            lines = ", ".join(str(by_index[f.index].line) for f in followers)
            message += f" (and {len(followers)} later cell(s) fail because of it: lines {lines})"
        found.append(rule.at(path, line, message, hint=result.hint or _HINTS.get(result.verdict),
                             fingerprint=fingerprint, fix=result.fix or None))
    return found

