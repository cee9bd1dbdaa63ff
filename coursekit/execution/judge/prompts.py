"""A cell that waits for the learner to type an answer.

``input("Your token: ")`` or ``getpass.getpass()`` (a library's login prompt among them)
asks the kernel's front end for a line. A kernel run has no one to type it, so
ipykernel raises ``StdinNotImplementedError`` (``raw_input was called, but this frontend
does not support input requests``) before the prompt is shown. That is a need of the
lesson's (``needs-input``), not a defect of its code; what the cell was to define is left
undefined, so the cells that use the answer are ``not-reached``.

A ``!`` command that asks on the terminal (``read -p``, a login prompt, a ``[y/N]``
confirmation) raises nothing: it waits. The run stops it once it is seen waiting
(:mod:`coursekit.execution.run.terminal_wait`), and that is the same need.
"""

from __future__ import annotations

import re

from coursekit.execution.judge.matching import strip_ansi
from coursekit.execution.results import CellRun
from coursekit.shown import clipped, clipped_between

_ASKED = re.compile(r"^\s*(?P<how>raw_input|getpass) was called")
_ARROW = re.compile(r"^-+>\s*\d+\s+(?P<line>.+?)\s*$", re.MULTILINE)
_CELL_FRAME = re.compile(r"^\s*(?:Cell In\[\d*\]|Input In \[\d*\])")
_LONGEST = 80


def _cell_line(run: CellRun) -> str:
    """The line of the cell's own code the kernel was running (IPython's ``---->``)."""
    lines = [found["line"] for chunk in run.traceback
             if _CELL_FRAME.match(text := strip_ansi(chunk))
             for found in _ARROW.finditer(text)]
    return clipped(lines[-1], _LONGEST) if lines else ""


def input_asked(run: CellRun) -> str | None:
    """For a cell that failed asking for input, the sentence saying where and how;
    ``None`` for any other run."""
    if run.ename != "StdinNotImplementedError":
        return None
    found = _ASKED.match(run.evalue)
    how = "getpass()" if found is not None and found["how"] == "getpass" else "input()"
    line = _cell_line(run)
    at = f" at `{line}`" if line else ""
    return (f"waits{at} for the learner to type an answer (`{how}`), which verification "
            f"has no one to give (raises `{run.raised}`)")


def terminal_asked(run: CellRun) -> str | None:
    """For a cell stopped while a command of it waited for an answer on the terminal,
    the sentence saying which; ``None`` for any other run."""
    if not run.waited:
        return None
    return (f"runs a command that waits for the learner to type an answer on the terminal "
            f"(`{clipped_between(run.waited, _LONGEST)}`), which verification has no one to give; "
            f"it was stopped after {run.duration:.0f} s")
