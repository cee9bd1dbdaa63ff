"""The schema of ``[tool.coursekit.verify]``: its keys and the range of each value.

``verify`` reads the table (:mod:`coursekit.execution.plan.settings`) and ``check`` checks
it; the schema lives here so that checking a course's configuration does not load
the executor.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from coursekit.config.unknown import unknown_key
from coursekit.shown import shown

KEYS = ("timeout", "startup-timeout", "output-tolerance", "preimport", "extension-budget",
        "fork-kernels", "install-timeout")
"""Every key of ``[tool.coursekit.verify]`` (underscores are accepted for dashes)."""

_LIMITS = {"timeout": 7 * 86_400.0, "startup-timeout": 86_400.0, "output-tolerance": 1_000.0,
           "extension-budget": 7 * 86_400.0, "install-timeout": 86_400.0}
"""The largest value of each number: a week for a cell, a day for a kernel to start or a
package to install."""
_FLAGS = frozenset({"preimport", "fork-kernels"})
_ZERO_TAKEN = frozenset({"output-tolerance", "extension-budget"})
"""The numbers that may be 0 (no tolerance, no extension); a time limit of 0 would be
none at all (nbclient waits forever), so a cell that never ends would hang the run."""


def number_problem(key: str, value: Any) -> str | None:
    """Why ``value`` is no value of the number ``key``, if it is not: it must be finite,
    not negative (above 0 for a time limit), and at most the key's limit (``inf``,
    ``nan`` and ``1e308`` are not time limits)."""
    high = _LIMITS[key]
    if (isinstance(value, bool) or not isinstance(value, int | float)
            or not 0 <= value <= high or (value == 0 and key not in _ZERO_TAKEN)):
        return f"must be a positive number up to {high:g}, got {shown(value)}"
    return None


def table_problems(table: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Each key of ``table`` that is unknown or holds a bad value, with why."""
    problems = []
    for raw_key, value in table.items():
        key = raw_key.replace("_", "-")
        if key not in KEYS:
            problems.append((raw_key, unknown_key(raw_key, KEYS)))
        elif key in _FLAGS:
            if not isinstance(value, bool):
                problems.append((raw_key, f"`{raw_key}` must be true or false, "
                                          f"got {shown(value)}"))
        elif (problem := number_problem(key, value)) is not None:
            problems.append((raw_key, f"`{raw_key}` {problem}"))
    return problems
