"""Which documented errors a verification proved drifted: what ``fix errors`` may update.

A cell's documented error is brought up to date only where ``verify`` reached it and
saw the libraries raise another (the verdict ``error-drift``, a cell that failed on its
own account). Never from a cascade (``not-reached``: what the cell does was never
tried), nor where the cell's note lays the difference at the stand-ins' door (a
stand-in's shrunk width, a real architecture that raised something else or nothing):
there the lesson may be right. A stand-in note that says the real architecture raises
the same error proves the libraries' change, and counts. A cell that several
notebooks run (a lesson's PyTorch and TensorFlow notebooks share it) is updated only
when none reproduced the documented error and all that drifted raised the same one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from coursekit.judgement.model import CellResult, NotebookJudgement, Verdict

_LIBRARIES_CHANGED = "the libraries changed"
"""What a stand-in note says when the real architecture raised the same error."""


@dataclass(frozen=True, slots=True)
class ProvenDrift:
    """A documented error that a run proved the libraries changed."""

    path: str
    """The lesson, relative to the course root."""
    line: int
    """Line of the code fence whose output documents the error."""
    documented: str
    """What the lesson documents there, as verify words it (``Name: message``)."""
    raised: str
    """What the cell raises now (``Name: first line of the message``)."""


@dataclass(frozen=True, slots=True)
class NotProven:
    """A documented error that a run reached or meant to reach, left as documented."""

    path: str
    line: int
    documented: str
    why: str


def blames_standins(note: str) -> bool:
    """Whether a cell's note says the stand-ins may be why the documented error did not
    show (rather than that the real architecture raised the same)."""
    return "stand-in" in note and _LIBRARIES_CHANGED not in note


def _why_not(cell: CellResult) -> str | None:
    """Why a documented error the run did not reproduce is not proven drifted."""
    if cell.verdict is Verdict.NOT_REACHED or cell.cause is not None:
        return "not reached: an earlier cell failed (a cascade), so the cell was never tried"
    if blames_standins(cell.note):
        return f"the stand-ins may be the cause: {cell.note}"
    if not cell.raised:
        return "the run reports no error raised"
    return None


def proven_drifts(notebooks: Iterable[NotebookJudgement]
                  ) -> tuple[list[ProvenDrift], list[NotProven]]:
    """The documented errors the judgements prove drifted, and those of their cells that
    drifted or were not reached, left with why."""
    cells: dict[tuple[str, int], list[CellResult]] = {}
    for notebook in notebooks:
        for cell in notebook.cells:
            path, _, number = cell.source.rpartition(":")
            if cell.documented and path and number.isdigit():
                cells.setdefault((path, int(number)), []).append(cell)
    proven: list[ProvenDrift] = []
    left: list[NotProven] = []
    for (path, line), judged in sorted(cells.items()):
        drifted = [c for c in judged if c.verdict is Verdict.ERROR_DRIFT]
        unreached = [c for c in judged if c.verdict is Verdict.NOT_REACHED]
        if not drifted and not unreached:
            continue
        documented = judged[0].documented
        if any(c.verdict.reproduced for c in judged):
            left.append(NotProven(path, line, documented,
                                  "another notebook of the lesson reproduces it"))
            continue
        reasons = [why for c in drifted + unreached if (why := _why_not(c)) is not None]
        raised = {c.raised for c in drifted}
        if reasons or not drifted:
            left.append(NotProven(path, line, documented, reasons[0]))
        elif len(raised) > 1:
            left.append(NotProven(path, line, documented, "its notebooks raise different "
                                  "errors: " + " / ".join(f"`{r}`" for r in sorted(raised))))
        else:
            proven.append(ProvenDrift(path, line, documented, raised.pop()))
    return proven, left
