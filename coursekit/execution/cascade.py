"""Which failures are consequences of an earlier one.

A cell that failed (or was skipped) leaves the names it should have defined
undefined; a later ``NameError`` on one of those names is its consequence, and
so on down the chain, so one broken cell is one finding, not ten.
"""

from __future__ import annotations

import re

from coursekit.execution.results import CellRun, RunStatus
from coursekit.lessons.python import defined_names

_NAME_ERROR = re.compile(r"name '([^']+)' is not defined")


def missing_name(run: CellRun) -> str | None:
    if run.status is not RunStatus.ERROR or run.ename not in ("NameError", "UnboundLocalError"):
        return None
    found = _NAME_ERROR.search(run.evalue)
    return found.group(1) if found else None


class CascadeTracker:
    """Fed cells in order; tells which failure each ``NameError`` goes back to."""

    def __init__(self) -> None:
        self._left_undefined: dict[str, int] = {}

    def cause_of(self, run: CellRun) -> int | None:
        name = missing_name(run)
        return self._left_undefined.get(name) if name else None

    def record(self, index: int, code: str, *, failed: bool, cause: int | None) -> None:
        names = defined_names(code)
        for name in names:
            if failed:
                self._left_undefined[name] = cause if cause is not None else index
            else:
                self._left_undefined.pop(name, None)
