"""What the run of ``pytest --coursekit`` gives each test item, by the item's name.

The course is verified once, and its findings go through the report pipeline as
``coursekit verify`` sends them; from the report each notebook's plain cells, each of
its scenarios and each expectation of another device get an :class:`Outcome` under
the name their item was collected with (:mod:`coursekit.pytest_items`), and each file
of a notebook that could not be read one under ``<path>::verify``. The run's other
findings (stand-ins, devices, packages, the result cache) go to :data:`RUN_ITEM`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from coursekit.diagnostics import Diagnostic
    from coursekit.execution.results import CellResult, NotebookResult, VerifyReport

RUN_ITEM = "coursekit::run"
"""The item of the run's own findings, which only running can find."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What fails an item (each a line naming file and line), or why it is skipped."""

    failures: tuple[str, ...] = ()
    skip: str | None = None


@dataclass(slots=True)
class Outcomes:
    """The outcome of each item the run judged, by the item's name."""

    by_name: dict[str, Outcome] = field(default_factory=dict)
    devices: dict[str, str] = field(default_factory=dict)
    """The device each notebook that ran ran on, by its name."""


def _key(d: Diagnostic) -> tuple[str, str, int | None, str]:
    return d.rule, d.path, d.line, d.message


def _said(d: Diagnostic) -> str:
    return f"{d.location}: {d.rule} {d.message}"


def _cell_failures(cells: Sequence[CellResult], errors: Sequence[Diagnostic],
                   dropped: frozenset[str]) -> list[str]:
    """What fails an item of ``cells``: each cell that failed on its own account, less
    those at ``dropped``, and each error kept at another of them (an output that drifted,
    a consequence, where the course made that rule an error)."""
    failed = [c for c in cells
              if not c.verdict.passed and c.cause is None and c.source not in dropped]
    others = {c.source for c in cells} - {c.source for c in failed}
    return [*(f"{c.source}: {c.verdict.value}: {c.detail}" for c in failed),
            *(_said(d) for d in errors if f"{d.path}:{d.line}" in others)]


def _dropped(found: Sequence[Diagnostic], errors: Sequence[Diagnostic]) -> frozenset[str]:
    """The places (``path:line``) of findings where the report keeps no error: the rule
    selection left them out, or made them warnings."""
    def places(diagnostics: Sequence[Diagnostic]) -> set[str]:
        return {f"{d.path}:{d.line}" for d in diagnostics if d.line is not None}

    return frozenset(places(found) - places(errors))


def _notebook_outcomes(result: NotebookResult,
                       errors: Sequence[Diagnostic]) -> dict[str, Outcome]:
    """The outcomes of ``result``'s items; ``errors``: those the report keeps (another
    framework's notebook of the same lesson has its findings at the same places, so only
    those on ``result`` count)."""
    own = {_key(d) for d in result.diagnostics}
    errors = [d for d in errors if _key(d) in own]
    dropped = _dropped(result.diagnostics, errors)
    by_index = {c.index: c for c in result.cells}
    in_scenario = {i for s in result.scenarios for i in (s.error_cell, *s.fix_cells)}
    sources = {c.source for c in result.cells}
    unplaced = [_said(d) for d in errors if f"{d.path}:{d.line}" not in sources]
    plain = [c for c in result.cells if c.index not in in_scenario]
    found = {f"{result.notebook}::cells":
             Outcome((*unplaced, *_cell_failures(plain, errors, dropped)))}
    from coursekit.judgement.model import Fate

    gpu_only: set[int] = set()
    for scenario in result.scenarios:
        error = by_index[scenario.error_cell]
        name = f"{result.notebook}::scenario@{error.source}"
        if scenario.outcome is Fate.NEEDS_GPU:  # skipped, as another device's expectation
            gpu_only.add(scenario.error_cell)
            found[name] = Outcome(skip=f"{error.source}: {scenario.reason}")
            continue
        cells = [error, *(by_index[i] for i in scenario.fix_cells)]
        # Not proven, with no error kept: verify passes it.
        found[name] = Outcome(tuple(_cell_failures(cells, errors, dropped)))
    for left in result.unverified:  # another device's expectation: skipped, never passed
        if left.index not in gpu_only:
            found[f"{result.notebook}::{left.device}@{left.source}"] = Outcome(
                skip=f"{left.source}: {left.expected} on {left.device}: not verified on "
                     f"{result.device}")
    return found


def _run_outcomes(report: VerifyReport, errors: Sequence[Diagnostic],
                  unread: frozenset[str]) -> dict[str, Outcome]:
    """An outcome for each file of ``unread`` (a notebook the run could not read) and
    one for :data:`RUN_ITEM`, failing on the errors kept of the run's own findings there,
    on which ``coursekit verify`` exits 1 all the same (those the selection or the
    baseline left out fail nothing, as verify exits 0)."""
    own = {_key(d) for d in report.diagnostics}
    by_name: dict[str, list[str]] = {f"{path}::verify": [] for path in unread}
    by_name[RUN_ITEM] = []
    for d in errors:
        if _key(d) in own:
            name = f"{d.path}::verify" if d.path in unread else RUN_ITEM
            by_name[name].append(_said(d))
    return {name: Outcome(tuple(failures)) for name, failures in by_name.items()}


def joined(first: VerifyReport, then: VerifyReport) -> VerifyReport:
    """The report of two runs of the same course (of other notebooks): the notebooks of
    both, and each finding of the run that the first did not already make (a stand-in
    that could not be prepared, a notebook file that could not be read: each run
    finds it again)."""
    from dataclasses import replace

    made = {_key(d) for d in first.diagnostics}
    return replace(first, notebooks=[*first.notebooks, *then.notebooks], diagnostics=[
        *first.diagnostics, *(d for d in then.diagnostics if _key(d) not in made)])


def outcomes(report: VerifyReport, errors: Sequence[Diagnostic], *,
             unread: frozenset[str], collected: frozenset[str]) -> Outcomes:
    """Each item's outcome from ``report`` and the ``errors`` its report keeps; the
    files of ``unread`` have an item each. A failure no item of ``collected`` reports
    (the run judged what collection did not plan) fails :data:`RUN_ITEM`, never lost."""
    found = Outcomes(devices={r.notebook: r.device for r in report.notebooks})
    for result in report.notebooks:
        found.by_name.update(_notebook_outcomes(result, errors))
    found.by_name.update(_run_outcomes(report, errors, unread))
    stray = [f"{name}: {failure}" for name, outcome in found.by_name.items()
             if name not in collected for failure in outcome.failures]
    if stray:
        run = found.by_name[RUN_ITEM]
        found.by_name[RUN_ITEM] = Outcome((*run.failures, *stray))
    return found
