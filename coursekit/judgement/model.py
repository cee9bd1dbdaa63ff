"""The judgement of notebooks: cell verdicts, scenarios and each notebook's one verdict.

A :class:`CellResult` is what a cell's run means for its notebook's expectations; a
:class:`Scenario` is a documented error and the cells that fix it; a
:class:`NotebookJudgement` is all a report shows of one notebook. A lesson that was
checked and not run has the same shape, with the status ``documented``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Literal

from coursekit.diagnostics import Severity
from coursekit.judgement.timing import NotebookTiming


class Verdict(enum.StrEnum):
    OK = "ok"
    REPRODUCED = "expected-error-reproduced"
    MISSING = "expected-error-missing"
    ERROR_DRIFT = "error-drift"
    """A cell documents an error and raises another: the library changed the error, or
    the lesson documents it wrongly; both are shown side by side."""
    UNEXPECTED_ERROR = "unexpected-error"
    SKIPPED = "skipped"
    TIMEOUT = "timeout"
    KERNEL_DIED = "kernel-died"
    NEEDS_NETWORK = "needs-network"
    """The cell reached for the network or the Hub, which verification keeps offline."""
    API_DRIFT = "api-drift"
    """The cell failed on an API that was removed or renamed since the lesson was written."""
    NEEDS_PACKAGES = "needs-packages"
    """The cell failed to import a package the lesson or the course declares, which the
    kernel lacks (not installed, or it cannot be installed for the kernel)."""
    PLACEHOLDER_REPO = "placeholder-repo"
    """The cell loads a placeholder repo id (``your-username/...``) that no earlier cell
    pushed: the learner puts their own repo there."""
    DOCUMENTED = "documented"
    """The cell of a lesson that was checked, not run: what it documents, not judged."""
    NOT_REACHED = "not-reached"
    """The cell failed only because an earlier cell failed (a name that cell would have
    defined, a value it left half-built): what the cell itself does was never tried."""
    MESSAGE_DRIFT = "message-drift"
    """The cell raises the exception class it documents, with a reworded message: the
    documented error still happens."""
    NEEDS_GPU = "needs-gpu"
    """The cell documents an error only a CUDA device raises (a CUDA or cuBLAS error, a
    device-side assert), and the run was on another device."""
    NEEDS_INPUT = "needs-input"
    """The cell waits for the learner to type an answer (``input()``, ``getpass()``), which
    a kernel run has no one to give."""

    @property
    def passed(self) -> bool:
        return self in (Verdict.OK, Verdict.REPRODUCED, Verdict.SKIPPED, Verdict.MESSAGE_DRIFT)

    @property
    def reproduced(self) -> bool:
        """The documented error happened (its message reworded or not)."""
        return self in (Verdict.REPRODUCED, Verdict.MESSAGE_DRIFT)


class NotebookStatus(enum.StrEnum):
    """A notebook in one word: how its first failing cell (if any) failed."""

    OK = "ok"
    FAILED = "failed"
    NEEDS_NETWORK = "needs-network"
    API_DRIFT = "api-drift"
    ERROR_DRIFT = "error-drift"
    NEEDS_PACKAGES = "needs-packages"
    PLACEHOLDER_REPO = "placeholder-repo"
    NEEDS_GPU = "needs-gpu"
    NEEDS_INPUT = "needs-input"
    NOT_RUN = "not-run"
    DOCUMENTED = "documented"
    """Documented, not run: a lesson's notebook as ``check`` shows it."""


@dataclass(frozen=True, slots=True)
class CellResult:
    index: int
    """Position of the cell in the notebook."""
    source: str
    """``file:line`` of the lesson code block."""
    verdict: Verdict
    detail: str = ""
    """What differed, what was raised: the sentence a diagnostic quotes."""
    cause: int | None = None
    """For a cell that failed only because an earlier one did: that cell's index."""
    drift: str | None = None
    """How the output differs from the documented one, if it does."""
    hint: str = ""
    """What to do about this cell's finding, when that depends on the run."""
    note: str = ""
    """How the verdict was reached, when that is worth saying (a shim applied, a
    stand-in's shortcoming)."""
    documented: str = ""
    """The error the lesson documents at this cell (``Name: message``), when it has one."""
    raised: str = ""
    """The error the cell raised (``Name: message``, first line), when it raised one."""
    expected: str = ""
    """Every error the built notebook documents at this cell, on any device
    (``Name: message (on cuda)``, joined by `` / ``): what a scenario opens with."""
    fix: str = ""
    """The tier of the ``coursekit fix`` that settles this cell's finding (``safe``,
    ``unsafe``), as ruff marks a fixable finding; empty when none does."""


class Fate(enum.StrEnum):
    """What became of one documented error in a run."""

    PROVEN = "proven"
    """Reproduced, and the cells presented as its fix ran clean."""
    FIX_FAILS = "fix-fails"
    """Reproduced, and a cell of its fix still raises it."""
    FIX_NOT_RUN = "fix-not-run"
    """Reproduced, and a cell of its fix could not run (not reached, a need, a fault)."""
    NO_FIX = "no-fix"
    """Reproduced, and no cell follows it."""
    DRIFTED = "drifted"
    """Reached, and another error was raised (error drift) or none (missing)."""
    NOT_REACHED = "not-reached"
    """Its cell never got to the scenario: an earlier failure, a need, a drifted API
    with no rename to apply, a dead kernel."""
    NEEDS_GPU = "needs-gpu"
    """A CUDA-only error, and the run was on another device."""
    DOCUMENTED = "documented"
    """A lesson checked, not run."""


@dataclass(frozen=True, slots=True)
class Scenario:
    """A documented error and the cells that follow it up to the next one: its fix."""

    error_cell: int
    fix_cells: tuple[int, ...]
    proven: bool
    reason: str = ""
    """Why the scenario is not proven."""
    note: str = ""
    """What the proof rests on beyond the lesson's own code (a shim, a stand-in)."""
    judged: bool = True
    """``False`` for a scenario of a lesson that was checked, not run."""
    fate: Fate | None = None
    """What became of the documented error; left out, it is read from :attr:`proven`
    (and :attr:`judged`)."""
    documented: str = ""
    """The documented error (``Name: message``)."""
    raised: str = ""
    """What the cell raised when it ran its scenario (``Name: message``), if anything."""
    source: str = ""
    """``file:line`` of the cell that documents the error."""

    def __post_init__(self) -> None:
        if self.fate is None:
            fate = (Fate.DOCUMENTED if not self.judged
                    else Fate.PROVEN if self.proven else Fate.FIX_FAILS)
            object.__setattr__(self, "fate", fate)

    @property
    def state(self) -> Literal["proven", "unproven", "documented"]:
        if not self.judged:
            return "documented"
        return "proven" if self.proven else "unproven"

    @property
    def outcome(self) -> Fate:
        if not self.judged:
            return Fate.DOCUMENTED
        return self.fate or (Fate.PROVEN if self.proven else Fate.FIX_FAILS)

    @property
    def reached(self) -> bool:
        """Whether the run got to the documented error (whatever it then raised)."""
        return self.outcome not in (Fate.NOT_REACHED, Fate.NEEDS_GPU, Fate.DOCUMENTED)


@dataclass(frozen=True, slots=True)
class Unverified:
    """What a cell documents for another device, which this run could not verify."""

    index: int
    source: str
    device: str
    """The device the expectation is for."""
    expected: str
    """``RuntimeError: CUDA error: ...``, or ``no error``."""


@dataclass(frozen=True, slots=True)
class NotebookJudgement:
    """One notebook as every report shows it: its one verdict, its first cause, and
    each cell's verdict and scenario."""

    notebook: str
    """Relative path of the notebook (under ``<build>/notebooks`` or as built)."""
    lesson: str
    language: str
    framework: str
    status: NotebookStatus
    verdict: str
    """``ok``, ``needs-network``, ``failed: timeout``...: the notebook's headline."""
    severity: Severity | None
    """The severity of the first cause's finding; ``None`` for a notebook that passed
    (or was documented, not run)."""
    first_cause: CellResult | None = None
    """The first cell that failed on its own account."""
    cells: tuple[CellResult, ...] = ()
    scenarios: tuple[Scenario, ...] = ()
    cached: bool = False
    executed: str | None = None
    duration: float = 0.0
    device: str = "cpu"
    restarts: int = 0
    replayed: tuple[str, ...] = ()
    unverified: tuple[Unverified, ...] = ()
    timing: NotebookTiming = field(default_factory=NotebookTiming)
    """Where its run's time went (:mod:`~coursekit.judgement.timing`)."""
    reason: str | None = None
    """Why no kernel ran the notebook (``not-run``): the message of its ``EXE203``
    finding; ``None`` for one that ran."""

    @property
    def passed(self) -> bool:
        return self.severity is None

    @property
    def message(self) -> str:
        """``needs-network at content/en/1.mdx:10: ...``: the verdict with its cause."""
        first = self.first_cause
        if first is None or not first.source:
            return self.verdict
        if first.detail:
            return f"{self.verdict} at {first.source}: {first.detail}"
        return f"{self.verdict} at {first.source}"

    @property
    def passing_cells(self) -> int:
        return sum(c.verdict.passed for c in self.cells)

    @property
    def reached(self) -> int:
        """How many of the notebook's documented errors the run got to."""
        return sum(s.reached for s in self.scenarios)

    @property
    def proven(self) -> int:
        """How many of the notebook's documented errors had their fix proven."""
        return sum(s.proven for s in self.scenarios)

    def cell(self, index: int) -> CellResult | None:
        return next((c for c in self.cells if c.index == index), None)

    def with_expected(self, expected: dict[int, str]) -> NotebookJudgement:
        """The judgement with each cell's documented errors, by notebook index."""
        return replace(self, cells=tuple(
            replace(c, expected=expected[c.index]) if c.index in expected else c
            for c in self.cells))

    def without_run_details(self) -> NotebookJudgement:
        """The judgement less how this run came to it (time, cache, where it was
        written): what two shards of one run must agree on."""
        return replace(self, cached=False, executed=None, duration=0.0,
                       timing=NotebookTiming())
