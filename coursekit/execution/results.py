"""What verification produces, as values: raw cell runs, verdicts, scenarios, reports.

A :class:`CellRun` is what the kernel did (cached, shared between translations);
a :class:`CellResult` is what that means for one notebook's expectations.
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from coursekit.diagnostics import Diagnostic, Severity
from coursekit.execution.rules import BY_VERDICT
from coursekit.report.verdicts import NotebookVerdict


class RunStatus(enum.StrEnum):
    """What happened when the kernel ran a cell."""

    OK = "ok"
    ERROR = "error"
    TIMEOUT = "timeout"
    DIED = "died"
    SKIPPED = "skipped"
    NOT_RUN = "not-run"
    """The kernel could not be (re)started, so the cell never ran."""


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

    @property
    def passed(self) -> bool:
        return self in (Verdict.OK, Verdict.REPRODUCED, Verdict.SKIPPED)


class NotebookStatus(enum.StrEnum):
    """A notebook in one word: how its first failing cell (if any) failed."""

    OK = "ok"
    FAILED = "failed"
    NEEDS_NETWORK = "needs-network"
    API_DRIFT = "api-drift"
    ERROR_DRIFT = "error-drift"
    NEEDS_PACKAGES = "needs-packages"
    PLACEHOLDER_REPO = "placeholder-repo"
    NOT_RUN = "not-run"


@dataclass(slots=True)
class CellRun:
    """One code cell as the kernel ran it."""

    status: RunStatus
    ename: str = ""
    evalue: str = ""
    mro: list[str] = field(default_factory=list)
    """Qualified names of the exception's classes, most derived first (empty if unknown)."""
    traceback: list[str] = field(default_factory=list)
    outputs: list[dict[str, Any]] = field(default_factory=list)
    """The cell's outputs in nbformat's JSON shape."""
    duration: float = 0.0
    execution_count: int | None = None
    refused: list[str] = field(default_factory=list)
    """What the offline guard refused this cell (``host example.com``, ``Hub model x/y``)."""
    shim: str = ""
    """How the cell was run again after it failed on a renamed API (``--shim-drift``)."""
    shim_error: str = ""
    """What the cell raised when run again, ``""`` when it then ran clean."""

    @property
    def shimmed_clean(self) -> bool:
        return bool(self.shim) and not self.shim_error

    @property
    def shimmed_raised(self) -> tuple[str, str]:
        """``(name, first line of the message)`` that the cell raised when run again with
        the renamed APIs; empty strings when it was not, or then ran clean."""
        name, _, message = self.shim_error.partition(": ")
        return (name, message) if self.shim and name else ("", "")

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["status"] = self.status.value
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CellRun:
        return cls(**{**data, "status": RunStatus(data["status"])})


@dataclass(slots=True)
class NotebookRun:
    """Every lesson code cell of one notebook, in order, as the kernel ran them."""

    cells: list[CellRun]
    restarts: int = 0
    kernel_error: str | None = None
    """Why no kernel could run the notebook, when none could."""
    replayed: list[int] = field(default_factory=list)
    """Notebook indices of the cells run again in a fresh kernel after a restart, in
    order (a cell replayed after two restarts is listed twice)."""
    restarted_after: list[int] = field(default_factory=list)
    """Notebook indices of the cells after which the kernel was restarted (it died, or
    a fatal CUDA error left it unusable)."""

    @property
    def cell_time(self) -> float:
        return sum(c.duration for c in self.cells)

    def to_json(self) -> dict[str, Any]:
        return {
            "cells": [c.to_json() for c in self.cells],
            "restarts": self.restarts,
            "kernel_error": self.kernel_error,
            "replayed": list(self.replayed),
            "restarted_after": list(self.restarted_after),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> NotebookRun:
        return cls(
            cells=[CellRun.from_json(c) for c in data["cells"]],
            restarts=int(data.get("restarts", 0)),
            kernel_error=data.get("kernel_error"),
            replayed=[int(i) for i in data.get("replayed", [])],
            restarted_after=[int(i) for i in data.get("restarted_after", [])],
        )


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

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index, "source": self.source, "verdict": self.verdict.value,
            "detail": self.detail, "cause": self.cause, "drift": self.drift,
            "hint": self.hint, "note": self.note, "documented": self.documented,
            "raised": self.raised,
        }


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

    def to_json(self) -> dict[str, Any]:
        return {
            "error_cell": self.error_cell, "fix_cells": list(self.fix_cells),
            "proven": self.proven, "reason": self.reason, "note": self.note,
        }


@dataclass(frozen=True, slots=True)
class Unverified:
    """What a cell documents for another device, which this run could not verify."""

    index: int
    source: str
    device: str
    """The device the expectation is for."""
    expected: str
    """``RuntimeError: CUDA error: ...``, or ``no error``."""

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "source": self.source, "device": self.device,
                "expected": self.expected}


@dataclass(slots=True)
class NotebookResult:
    lesson: str
    language: str
    framework: str
    notebook: str
    """Relative path of the notebook (under ``<build>/notebooks`` or as built)."""
    cells: list[CellResult] = field(default_factory=list)
    scenarios: list[Scenario] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    cached: bool = False
    """The kernel run came from the cache or another notebook with the same code."""
    executed: str | None = None
    """Where the executed notebook was written."""
    duration: float = 0.0
    cell_time: float = 0.0
    first_cell_time: float = 0.0
    """Seconds the first lesson cell ran: where a kernel without pre-imports pays for
    the lesson's imports."""
    device: str = "cpu"
    """The device the notebook ran on."""
    restarts: int = 0
    """Kernel restarts after a death or a fatal CUDA error."""
    replayed: list[str] = field(default_factory=list)
    """``file:line`` of the cells replayed into a fresh kernel after a restart."""
    unverified: list[Unverified] = field(default_factory=list)
    """Expectations for other devices: never counted as passed."""

    @property
    def passed(self) -> bool:
        return all(c.verdict.passed for c in self.cells) and not any(
            d.severity.value == "error" for d in self.diagnostics
        )

    def counts(self) -> Counter[Verdict]:
        return Counter(c.verdict for c in self.cells)

    @property
    def first_cause(self) -> CellResult | None:
        """The first cell that failed on its own account (not as a consequence)."""
        return next((c for c in self.cells if not c.verdict.passed and c.cause is None), None)

    @property
    def status(self) -> NotebookStatus:
        first = self.first_cause
        if first is None:
            if not self.cells and any(d.severity.value == "error" for d in self.diagnostics):
                return NotebookStatus.NOT_RUN
            return NotebookStatus.FAILED if not self.passed else NotebookStatus.OK
        if first.verdict is Verdict.NEEDS_NETWORK:
            return NotebookStatus.NEEDS_NETWORK
        if first.verdict is Verdict.API_DRIFT:
            return NotebookStatus.API_DRIFT
        if first.verdict is Verdict.ERROR_DRIFT:
            return NotebookStatus.ERROR_DRIFT
        if first.verdict is Verdict.NEEDS_PACKAGES:
            return NotebookStatus.NEEDS_PACKAGES
        if first.verdict is Verdict.PLACEHOLDER_REPO:
            return NotebookStatus.PLACEHOLDER_REPO
        return NotebookStatus.FAILED

    @property
    def severity(self) -> Severity | None:
        """The severity of the first cause's finding; ``None`` when the notebook passed."""
        first = self.first_cause
        if first is not None:
            return BY_VERDICT[first.verdict.value].severity
        return None if self.status is NotebookStatus.OK else Severity.ERROR

    def verdict(self) -> NotebookVerdict:
        """The notebook's one verdict, as the reports carry it."""
        first = self.first_cause
        return NotebookVerdict(
            notebook=self.notebook, lesson=self.lesson, language=self.language,
            framework=self.framework, verdict=self.headline, severity=self.severity,
            source=first.source if first is not None else "",
            detail=first.detail if first is not None else "",
        )

    def to_json(self) -> dict[str, Any]:
        first = self.first_cause
        return {
            "notebook": self.notebook, "lesson": self.lesson, "language": self.language,
            "framework": self.framework, "status": self.status.value,
            "verdict": self.headline, "severity": self.severity.value if self.severity else None,
            "first_cause": first.to_json() if first is not None else None,
            "cached": self.cached, "executed": self.executed,
            "duration": round(self.duration, 3), "device": self.device,
            "restarts": self.restarts, "replayed": list(self.replayed),
            "unverified": [u.to_json() for u in self.unverified],
            "cells": [c.to_json() for c in self.cells],
            "scenarios": [s.to_json() for s in self.scenarios],
        }

    @property
    def headline(self) -> str:
        """The notebook's one verdict, as every report words it: its status, and for a
        failed notebook how its first cause failed (``failed: timeout``)."""
        status = self.status
        first = self.first_cause
        if status is NotebookStatus.FAILED and first is not None:
            return f"{status.value}: {first.verdict.value}"
        return status.value


@dataclass(slots=True)
class VerifyReport:
    notebooks: list[NotebookResult] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    """Findings not tied to one notebook (as well as those of each notebook)."""
    executed_runs: int = 0
    """Notebooks the kernel actually ran (the rest came from the cache or a twin)."""
    wall_time: float = 0.0

    def all_diagnostics(self) -> list[Diagnostic]:
        found = list(self.diagnostics)
        for nb in self.notebooks:
            found.extend(nb.diagnostics)
        return found

    @property
    def scenarios(self) -> list[Scenario]:
        return [s for nb in self.notebooks for s in nb.scenarios]

    @property
    def cell_time(self) -> float:
        return sum(nb.cell_time for nb in self.notebooks if not nb.cached)
