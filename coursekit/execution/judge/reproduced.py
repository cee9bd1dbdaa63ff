"""Whether a raised error is the documented one all the same: its message reworded
(the same class saying the same thing in other words), or raised when the cell was run
again past a drifted call."""

from __future__ import annotations

import difflib

from coursekit.execution.judge.matching import matches_any, name_matches, normalise_message
from coursekit.execution.plan.model import CellPlan
from coursekit.execution.results import CellRun, RunStatus
from coursekit.notebooks.metadata import ExpectedError

_REWORDED = 0.5
"""How alike (difflib's ratio over masked words) a raised message must be to the
documented one, of the same class, to be that error reworded rather than another error
of the class (two ``ValueError``s of a chain say different things)."""


def likeness(documented: str, raised: str) -> float:
    """How alike two messages read once masked, word by word (0 to 1)."""
    want = normalise_message(documented.strip().rstrip(".…")).split(" ")
    got = normalise_message(raised.strip().split("\n", 1)[0]).split(" ")
    return difflib.SequenceMatcher(a=want, b=got, autojunk=False).ratio()


def reworded_as(expected: ExpectedError, run: CellRun) -> bool:
    """Whether ``run`` raised ``expected``'s class with its message reworded."""
    if run.status is not RunStatus.ERROR or not name_matches(expected["name"], run.ename,
                                                             run.mro):
        return False
    message = expected["message"].strip()
    return not message or likeness(message, run.evalue) >= _REWORDED


def shim_reproduced(cell: CellPlan, run: CellRun) -> bool:
    """Whether a cell run again with renamed APIs raised the error it documents (its
    message reworded or not)."""
    name, message = run.shimmed_raised
    if not name:
        return False
    again = CellRun(RunStatus.ERROR, ename=name, evalue=message)
    return matches_any(cell.expected, name, message) or any(
        reworded_as(e, again) for e in cell.expected)
