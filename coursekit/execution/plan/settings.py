"""``[tool.coursekit.verify]``: time limits, output tolerance, pre-importing and forking."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from coursekit.config import ConfigError, Course
from coursekit.config.verify_table import number_problem
from coursekit.shown import shown

DEFAULT_TIMEOUT = 120.0
DEFAULT_STARTUP_TIMEOUT = 60.0
DEFAULT_TOLERANCE = 0.01
DEFAULT_EXTENSION_BUDGET = 300.0
DEFAULT_INSTALL_TIMEOUT = 600.0


@dataclass(frozen=True, slots=True)
class VerifySettings:
    timeout: float = DEFAULT_TIMEOUT
    """Seconds a cell may run (a cell's ``timeout`` directive overrides it)."""
    startup_timeout: float = DEFAULT_STARTUP_TIMEOUT
    output_tolerance: float = DEFAULT_TOLERANCE
    """Relative tolerance for numbers in documented outputs."""
    preimport: bool = True
    """Pool kernels import the lessons' packages before a notebook gets them."""
    extension_budget: float = DEFAULT_EXTENSION_BUDGET
    """Seconds a notebook's cells may run past their limits in all, while their progress
    bars show they will finish (:mod:`coursekit.execution.run.progress`)."""
    fork_kernels: bool = True
    """A pool's kernels are forked from one process that imported ipykernel and the
    pre-imported packages once (:mod:`coursekit.execution.run.zygote`)."""
    install_timeout: float = DEFAULT_INSTALL_TIMEOUT
    """Seconds each install into a kernel overlay may take
    (:mod:`coursekit.kernels.overlay`)."""


def _number(table: Any, key: str, default: float, course: Course) -> float:
    value = table.get(key, table.get(key.replace("-", "_"), default))
    problem = number_problem(key, value)
    if problem is not None:
        where = course.config.path or course.root
        raise ConfigError(where, f"[tool.coursekit.verify] `{key}` {problem}")
    return float(value)


def _flag(table: Any, key: str, default: bool, course: Course) -> bool:
    value = table.get(key, table.get(key.replace("-", "_"), default))
    if not isinstance(value, bool):
        where = course.config.path or course.root
        raise ConfigError(where, f"[tool.coursekit.verify] `{key}` must be true or false, "
                                 f"got {shown(value)}")
    return value


def read_settings(course: Course) -> VerifySettings:
    table = course.config.section("verify")
    return VerifySettings(
        timeout=_number(table, "timeout", DEFAULT_TIMEOUT, course),
        startup_timeout=_number(table, "startup-timeout", DEFAULT_STARTUP_TIMEOUT, course),
        output_tolerance=_number(
            table, "output-tolerance", DEFAULT_TOLERANCE, course,
        ),
        preimport=_flag(table, "preimport", True, course),
        extension_budget=_number(table, "extension-budget", DEFAULT_EXTENSION_BUDGET, course),
        fork_kernels=_flag(table, "fork-kernels", True, course),
        install_timeout=_number(table, "install-timeout", DEFAULT_INSTALL_TIMEOUT, course),
    )
