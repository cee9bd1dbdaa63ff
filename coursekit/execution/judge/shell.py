"""The error of a script a cell ran with a shell command, as the learner sees it.

``!python train.py`` (or ``%%bash``, ``!accelerate launch train.py``) runs a script in
a process of its own: IPython raises nothing when the script fails, yet the learner sees
its traceback under the cell. Such a cell is judged as raising the script's last
exception, so that a script that fails is no ``ok``, and a traceback the lesson documents
for it is reproduced rather than missing. A shell command that downloads is judged on
its code (``needs-network``), whatever it printed.
"""

from __future__ import annotations

import re
from dataclasses import replace

from coursekit.execution.judge.matching import strip_ansi
from coursekit.execution.judge.network import shell_fetches
from coursekit.execution.results import CellRun, RunStatus
from coursekit.lessons.exceptions import read_output

_SHELL = re.compile(r"^\s*(?:!|%%(?:bash|sh|script)\b|%(?:sx|system)\b)", re.MULTILINE)
_TRACE_HEADER = "Traceback (most recent call last)"


def script_raised(code: str, run: CellRun) -> CellRun:
    """``run``, or for a cell whose shell command printed a Python traceback, the run as
    if the cell had raised the exception that traceback ends in."""
    if run.status is not RunStatus.OK or not _SHELL.search(code) or shell_fetches(code):
        return run
    text = strip_ansi("".join(_text(o) for o in run.outputs
                              if o.get("output_type") == "stream")).replace("\r\n", "\n")
    start = text.rfind(_TRACE_HEADER)
    if start < 0:
        return run
    found = read_output(text[text.rfind("\n", 0, start) + 1:], 1).exception
    if found is None:
        return run
    return replace(run, status=RunStatus.ERROR, ename=found.name, evalue=found.message)


def _text(output: dict[str, object]) -> str:
    text = output.get("text", "")
    return "".join(str(t) for t in text) if isinstance(text, list) else str(text)
