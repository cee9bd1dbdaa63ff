"""A ``%%bash`` (``%%sh``, ``%%script``) cell whose script exits non-zero, as a failed
shell command.

IPython raises ``CalledProcessError`` for such a cell (``Command 'b'ls x\\n'' returned
non-zero exit status 2``), where a ``!`` line that fails raises nothing. Both are the
same failure to a learner: a script that printed its error, or its traceback, under the
cell. So the cell's run is read as one that ran clean with its script exited non-zero,
which the shell commands' judgement then weighs as for ``!``: the program the shell did
not find is a need, a failure the output fence shows is the lesson's point, grep's "no
line matched" is an answer, a Python traceback the script printed is the cell's error.
"""

from __future__ import annotations

import re
from dataclasses import replace

from coursekit.execution.judge.matching import matches_any, stream_text
from coursekit.execution.plan.model import CellPlan
from coursekit.execution.results import CellRun, RunStatus
from coursekit.execution.run.shellexits import ShellExit

_CELL_SCRIPT = re.compile(r"\A\s*%%(?:bash|sh|script)\b[^\n]*\n?")
_EXITED = re.compile(r"returned non-zero exit status (\d+)")
_TAIL_LINES = 5
"""As many last lines as the kernel keeps of a ``!`` command that failed."""


def streamed(run: CellRun) -> str:
    """What the cell printed (its output and error streams, in order), ANSI colours and
    carriage-return line ends taken out."""
    return stream_text(run.outputs).replace("\r\n", "\n")


def cell_script(code: str) -> bool:
    """Whether the cell is a script for a shell (``%%bash``, ``%%sh``, ``%%script``)."""
    return _CELL_SCRIPT.match(code) is not None


def script_exited(cell: CellPlan, run: CellRun) -> CellRun:
    """``run``, or for a cell script that exited non-zero, the run as if the cell had run
    clean and its script, the command, had failed with that status (not where the
    lesson documents the ``CalledProcessError`` itself)."""
    script = _CELL_SCRIPT.match(cell.code)
    found = _EXITED.search(run.evalue) if run.ename == "CalledProcessError" else None
    if (run.status is not RunStatus.ERROR or script is None or found is None
            or matches_any(cell.expected, run.ename, run.evalue, run.mro)):
        return run
    lines = [line.strip() for line in streamed(run).replace("\r", "\n").split("\n")
             if line.strip()]
    failed = ShellExit(cell.code[script.end():].strip(), int(found[1]),
                       "\n".join(lines[-_TAIL_LINES:]))
    return replace(run, status=RunStatus.OK, ename="", evalue="", mro=[], traceback=[],
                   given=[], called="", exits=[*run.exits, failed])
