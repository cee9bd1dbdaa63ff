"""A stored kernel run read back strictly: what a cache entry holds is trusted as what
the kernel did, so every field must have the type :class:`~coursekit.execution.results.
CellRun` and :class:`~coursekit.execution.results.NotebookRun` declare, and each output
the shape nbformat gives it (a ``stream`` its text, an ``error`` its name, value and
traceback, a result its MIME bundle). An entry edited by hand, written by another
program or damaged on the way is :class:`~coursekit.cache.InvalidEntry`, which the
cache counts as a miss: the notebook is run again, never judged on a wrong value.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import fields

from coursekit.cache.diagnostic_json import checked_fields
from coursekit.execution.results import CellRun, NotebookRun, RunStatus


def _text(value: object) -> bool:
    return isinstance(value, str)


def _texts(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _seconds(value: object) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value) and value >= 0)


def _multiline(value: object) -> bool:
    """nbformat's multiline string: one string, or a list of its lines."""
    return _text(value) or _texts(value)


def _bundle(value: object) -> bool:
    """A MIME bundle: JSON types hold any JSON, the others text."""
    return isinstance(value, dict) and all(
        isinstance(kind, str) and (kind.endswith("json") or _multiline(data))
        for kind, data in value.items())


_OUTPUTS: dict[str, dict[str, Callable[[object], bool]]] = {
    "stream": {"name": _text, "text": _multiline},
    "display_data": {"data": _bundle, "metadata": lambda v: isinstance(v, dict)},
    "execute_result": {"data": _bundle, "metadata": lambda v: isinstance(v, dict),
                       "execution_count": lambda v: v is None or _whole(v)},
    "error": {"ename": _text, "evalue": _text, "traceback": _texts},
}
"""The fields each kind of output must have, and what each may be."""


def _exit(value: object) -> bool:
    """A failed shell command: its command, non-zero status and last lines, nothing else."""
    return (isinstance(value, dict) and set(value) == {"command", "status", "tail"}
            and _text(value["command"]) and _text(value["tail"])
            and isinstance(value["status"], int) and not isinstance(value["status"], bool)
            and value["status"] != 0)


def _output(value: object) -> bool:
    if not isinstance(value, dict):
        return False
    needed = _OUTPUTS.get(value.get("output_type"))  # type: ignore[arg-type]
    return needed is not None and all(
        name in value and check(value[name]) for name, check in needed.items())


_CELL: dict[str, Callable[[object], bool]] = {
    "status": lambda v: isinstance(v, str) and v in {s.value for s in RunStatus},
    "execution_count": lambda v: v is None or _whole(v),
    "outputs": lambda v: isinstance(v, list) and all(_output(o) for o in v),
    "duration": _seconds, "extended": _seconds,
    "exits": lambda v: isinstance(v, list) and all(_exit(e) for e in v),
}
_CHECKS = {"str": _text, "list[str]": _texts}
_CELL_FIELDS = {f.name: _CELL.get(f.name) or _CHECKS[str(f.type)] for f in fields(CellRun)}
_RUN_FIELDS: dict[str, Callable[[object], bool]] = {
    "cells": lambda v: isinstance(v, list),
    "restarts": _whole,
    "kernel_error": lambda v: v is None or _text(v),
    "kernel_hint": lambda v: v is None or _text(v),
    "replayed": lambda v: isinstance(v, list) and all(_whole(i) for i in v),
    "restarted_after": lambda v: isinstance(v, list) and all(_whole(i) for i in v),
}


def run_from_json(data: object) -> NotebookRun:
    """The run ``data`` stores; :class:`InvalidEntry` when it is not one that
    :meth:`NotebookRun.to_json` writes (a field left out takes its default, as in an
    entry written before the field was added)."""
    run = checked_fields(data, _RUN_FIELDS, ("cells",), "stored run")
    for cell in run["cells"]:
        checked_fields(cell, _CELL_FIELDS, ("status",), "stored cell")
    return NotebookRun.from_json(run)
