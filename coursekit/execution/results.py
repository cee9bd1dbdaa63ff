"""What verification produces, as values: raw cell runs, notebook results, reports.

A :class:`CellRun` is what the kernel did (cached, shared between translations);
a :class:`~coursekit.judgement.model.CellResult` is what that means for one notebook's
expectations, and :meth:`NotebookResult.judgement` what the reports (JSON among them)
render of it.
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from coursekit.diagnostics import Diagnostic, Severity
from coursekit.execution.rules import BY_VERDICT, KERNEL_UNAVAILABLE
from coursekit.execution.run.shellexits import ShellExit
from coursekit.judgement.model import (
    CellResult,
    NotebookJudgement,
    NotebookStatus,
    Scenario,
    Unverified,
    Verdict,
)
from coursekit.judgement.timing import NotebookTiming, RunTiming

__all__ = ["CellResult", "CellRun", "NotebookJudgement", "NotebookResult", "NotebookRun",
           "NotebookStatus", "RunStatus", "Scenario", "Unverified", "Verdict", "VerifyReport"]


class RunStatus(enum.StrEnum):
    """What happened when the kernel ran a cell."""

    OK = "ok"
    ERROR = "error"
    TIMEOUT = "timeout"
    DIED = "died"
    SKIPPED = "skipped"
    NOT_RUN = "not-run"
    """The kernel could not be (re)started, so the cell never ran."""


_PARSE_ERRORS = frozenset({"SyntaxError", "IndentationError", "TabError"})
_CELL_FILE = re.compile(r" \((?:\d+\.py|<ipython-input-[^>]*>), line \d+\)$")
"""Where Python says code of the cell itself did not parse (``(1850221797.py, line 1)``,
the file IPython compiles the cell as), which IPython does not show with the error."""


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
    given: list[str] = field(default_factory=list)
    """Qualified type names of what the cell's code handed to the library that raised
    (the arguments of the first frame past the cell's own)."""
    called: str = ""
    """``file:line:name`` of the first frame past the cell's own: the library call the
    lesson made that raised (empty when the cell's own code raised)."""
    shim: str = ""
    """How the cell was run again after it failed on a renamed API (``--shim-drift``)."""
    shim_error: str = ""
    """What the cell raised when run again, ``""`` when it then ran clean."""
    real_widths: list[str] = field(default_factory=list)
    """The stand-ins built at their real widths (the real architecture, random weights)
    when the notebook was run again to tell a stand-in's error from the real model's;
    empty when it was not."""
    real_raised: str = ""
    """What the cell raised in that run (``Name: first line``); ``""`` when it ran clean."""
    extended: float = 0.0
    """Seconds the cell was given past its limit while its progress bar advanced."""
    exits: list[ShellExit] = field(default_factory=list)
    """The shell commands (``!cmd``) of a cell that ran clean which exited non-zero."""
    waited: str = ""
    """The command line of a ``!`` command that was stopped waiting for an answer on the
    terminal (see :mod:`~coursekit.execution.run.terminal_wait`); ``""`` if none."""

    def __post_init__(self) -> None:
        # The message of a cell that does not parse as a learner sees it under the cell
        # (`SyntaxError: invalid syntax`), and as lessons document it: not with the name
        # of the file the kernel compiled the cell as, which no lesson can know.
        if self.ename in _PARSE_ERRORS:
            self.evalue = _CELL_FILE.sub("", self.evalue)

    @property
    def raised(self) -> str:
        """``Name: first line of the message`` of the error the cell raised."""
        first = self.evalue.strip().split("\n", 1)[0]
        return f"{self.ename}: {first}" if first else self.ename

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
        return cls(**{**data, "status": RunStatus(data["status"]),
                      "exits": [ShellExit(**e) for e in data.get("exits", [])]})


@dataclass(slots=True)
class NotebookRun:
    """Every lesson code cell of one notebook, in order, as the kernel ran them."""

    cells: list[CellRun]
    restarts: int = 0
    kernel_error: str | None = None
    """Why no kernel could run the notebook, when none could."""
    kernel_hint: str | None = None
    """What to do about it, when it is not the kernel's installation (a full disk)."""
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
            "kernel_hint": self.kernel_hint,
            "replayed": list(self.replayed),
            "restarted_after": list(self.restarted_after),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> NotebookRun:
        return cls(
            cells=[CellRun.from_json(c) for c in data["cells"]],
            restarts=int(data.get("restarts", 0)),
            kernel_error=data.get("kernel_error"),
            kernel_hint=data.get("kernel_hint"),
            replayed=[int(i) for i in data.get("replayed", [])],
            restarted_after=[int(i) for i in data.get("restarted_after", [])],
        )


_OWN_STATUS = frozenset({
    Verdict.NEEDS_NETWORK, Verdict.API_DRIFT, Verdict.ERROR_DRIFT, Verdict.NEEDS_PACKAGES,
    Verdict.PLACEHOLDER_REPO, Verdict.NEEDS_GPU, Verdict.NEEDS_INPUT,
})
"""Verdicts of a first cause that name its notebook's status (any other: ``failed``)."""


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
    timing: NotebookTiming = field(default_factory=NotebookTiming)
    """Where its run's time went."""
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
        """No cell failed, on its own account or because one that failed left it unreached
        (a cell left unreached by one the lesson skips fails nothing: its finding is a
        note), and no finding is an error."""
        passing = {c.index for c in self.cells if c.verdict.passed}
        return all(c.verdict.passed or c.cause in passing for c in self.cells) and not any(
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
        if first.verdict in _OWN_STATUS:
            return NotebookStatus(first.verdict.value)
        return NotebookStatus.FAILED

    @property
    def severity(self) -> Severity | None:
        """The severity of the first cause's finding; ``None`` when the notebook passed."""
        first = self.first_cause
        if first is not None:
            return BY_VERDICT[first.verdict.value].severity
        return None if self.status is NotebookStatus.OK else Severity.ERROR

    def judgement(self) -> NotebookJudgement:
        """The notebook's judgement, as every report renders it."""
        return NotebookJudgement(
            notebook=self.notebook, lesson=self.lesson, language=self.language,
            framework=self.framework, status=self.status, verdict=self.headline,
            severity=self.severity, first_cause=self.first_cause, cells=tuple(self.cells),
            scenarios=tuple(self.scenarios), cached=self.cached, executed=self.executed,
            duration=self.duration, device=self.device, restarts=self.restarts,
            replayed=tuple(self.replayed), unverified=tuple(self.unverified), timing=self.timing,
            reason=next((d.message for d in self.diagnostics
                         if d.rule == KERNEL_UNAVAILABLE.code), None),
        )

    def verdict(self) -> NotebookJudgement:
        """The notebook's one verdict, as JUnit and SARIF carry it: its judgement."""
        return self.judgement()

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
    timing: RunTiming = field(default_factory=RunTiming)
    """Where the time of the run's stages that belong to no one notebook went."""

    def all_diagnostics(self) -> list[Diagnostic]:
        found = list(self.diagnostics)
        for nb in self.notebooks:
            found.extend(nb.diagnostics)
        return found

    @property
    def scenarios(self) -> list[Scenario]:
        return [s for nb in self.notebooks for s in nb.scenarios]

    @property
    def reached(self) -> int:
        """How many documented errors the run got to, over all notebooks."""
        return sum(s.reached for s in self.scenarios)

    @property
    def cell_time(self) -> float:
        return sum(nb.cell_time for nb in self.notebooks if not nb.cached)
