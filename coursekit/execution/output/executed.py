"""Executed notebooks, saved under ``<build>/executed/`` with the outputs of the run."""

from __future__ import annotations

import copy
import errno
from pathlib import Path
from typing import Any

import nbformat

from coursekit.atomic import write_bytes_atomic
from coursekit.execution.plan.model import NotebookPlan
from coursekit.execution.results import NotebookRun
from coursekit.files import leads_out

EXECUTED_DIR = "executed"


def executed_notebook(plan: NotebookPlan, run: NotebookRun) -> Any:
    node = copy.deepcopy(plan.node)
    for cell, cell_run in zip(plan.cells, run.cells, strict=False):
        target = node.cells[cell.index]
        target.outputs = [nbformat.from_dict(o) for o in cell_run.outputs]  # type: ignore[no-untyped-call]
        target.execution_count = cell_run.execution_count
    return node


def save_executed(build_dir: Path, plan: NotebookPlan, run: NotebookRun) -> Path:
    """Saved without ``fsync`` (verify writes it again from its cache), and not at all
    when the file holds it already: a warm run of a course writes nothing. Never through
    a linked folder below the executed folder that leads out of it (:class:`OSError`)."""
    path = build_dir / EXECUTED_DIR / plan.notebook
    data = nbformat.writes(executed_notebook(plan, run)).encode("utf-8")  # type: ignore[no-untyped-call]
    try:
        if path.is_file() and not path.is_symlink() and path.read_bytes() == data:
            return path
    except OSError:
        pass  # unreadable: written again below
    if leads_out(build_dir / EXECUTED_DIR, path):
        raise OSError(errno.EXDEV, "a linked folder on its path leads out of the executed "
                      "folder", str(path))
    write_bytes_atomic(path, data, durable=False)
    return path
