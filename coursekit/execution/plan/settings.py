"""``[tool.coursekit.verify]``: time limits, output tolerance and pre-importing."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from coursekit.config import ConfigError, Course
from coursekit.shown import shown

DEFAULT_TIMEOUT = 120.0
DEFAULT_STARTUP_TIMEOUT = 60.0
DEFAULT_TOLERANCE = 0.01


@dataclass(frozen=True, slots=True)
class VerifySettings:
    timeout: float = DEFAULT_TIMEOUT
    """Seconds a cell may run (a cell's ``timeout`` directive overrides it)."""
    startup_timeout: float = DEFAULT_STARTUP_TIMEOUT
    output_tolerance: float = DEFAULT_TOLERANCE
    """Relative tolerance for numbers in documented outputs."""
    preimport: bool = True
    """Pool kernels import the lessons' packages before a notebook gets them."""


_LIMITS = {"timeout": 7 * 86_400.0, "startup-timeout": 86_400.0, "output-tolerance": 1_000.0}
"""The largest value of each number: a week for a cell, a day for a kernel to start."""


def number_problem(key: str, value: Any) -> str | None:
    """Why ``value`` is no value of the number ``key``, if it is not: it must be finite,
    not negative, and at most the key's limit (``inf``, ``nan`` and ``1e308`` are not
    time limits)."""
    high = _LIMITS[key]
    if (isinstance(value, bool) or not isinstance(value, int | float)
            or not 0 <= value <= high):
        return f"must be a positive number up to {high:g}, got {shown(value)}"
    return None


def _number(table: Any, key: str, default: float, course: Course) -> float:
    value = table.get(key, table.get(key.replace("-", "_"), default))
    problem = number_problem(key, value)
    if problem is not None:
        where = course.config.path or course.root
        raise ConfigError(where, f"[tool.coursekit.verify] `{key}` {problem}")
    return float(value)


def _flag(table: Any, key: str, default: bool, course: Course) -> bool:
    value = table.get(key, default)
    if not isinstance(value, bool):
        where = course.config.path or course.root
        raise ConfigError(where, f"[tool.coursekit.verify] `{key}` must be true or false, "
                                 f"got {shown(value)}")
    return value


KEYS = ("timeout", "startup-timeout", "output-tolerance", "preimport")
"""Every key of ``[tool.coursekit.verify]`` (underscores are accepted for dashes)."""


def table_problems(table: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Each key of ``table`` that is unknown or holds a bad value, with why."""
    problems = []
    for raw_key, value in table.items():
        key = raw_key.replace("_", "-")
        if key not in KEYS:
            problems.append((raw_key, f"unknown key `{raw_key}`"))
        elif key == "preimport":
            if not isinstance(value, bool):
                problems.append((raw_key, f"`{raw_key}` must be true or false, "
                                          f"got {shown(value)}"))
        elif (problem := number_problem(key, value)) is not None:
            problems.append((raw_key, f"`{raw_key}` {problem}"))
    return problems


def read_settings(course: Course) -> VerifySettings:
    table = course.config.section("verify")
    return VerifySettings(
        timeout=_number(table, "timeout", DEFAULT_TIMEOUT, course),
        startup_timeout=_number(table, "startup-timeout", DEFAULT_STARTUP_TIMEOUT, course),
        output_tolerance=_number(
            table, "output-tolerance", DEFAULT_TOLERANCE, course,
        ),
        preimport=_flag(table, "preimport", True, course),
    )
