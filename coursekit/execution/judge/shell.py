"""The error of a script a cell ran with a shell command, as the learner sees it.

``!python train.py`` (or ``%%bash``, ``!accelerate launch train.py``) runs a script in
a process of its own: IPython raises nothing when the script fails, yet the learner sees
its traceback under the cell. Such a cell is judged as raising the script's last
exception, so that a script that fails is no ``ok``, and a traceback the lesson documents
for it is reproduced rather than missing. A shell command that downloads is judged on
its code (``needs-network``), whatever it printed.

A command that exits non-zero with no traceback fails its cell as well (the kernel keeps
which ones did: :mod:`~coursekit.execution.run.shellexits`), unless the lesson shows
that failure in the cell's output fence: :func:`failed_command`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from coursekit.execution.judge.cellscript import cell_script, streamed
from coursekit.execution.judge.matching import strip_ansi
from coursekit.execution.judge.network import hub_ids_in, looks_like_network, shell_fetches
from coursekit.execution.judge.shellstatus import answered_no, ending_candidates
from coursekit.execution.plan.model import CellPlan
from coursekit.execution.plan.programs import NOT_FOUND_STATUS, Program, missing_command
from coursekit.execution.results import CellRun, RunStatus, Verdict
from coursekit.execution.run.shellexits import ShellExit
from coursekit.lessons.exceptions import read_output
from coursekit.shown import clipped, clipped_between

_SHELL = re.compile(r"^\s*(?:!|%%(?:bash|sh|script)\b|%(?:sx|system)\b)", re.MULTILINE)
_TRACE_HEADER = "Traceback (most recent call last)"


def script_raised(code: str, run: CellRun) -> CellRun:
    """``run``, or for a cell whose shell command printed a Python traceback, the run as
    if the cell had raised the exception that traceback ends in."""
    if run.status is not RunStatus.OK or not _SHELL.search(code) or shell_fetches(code):
        return run
    text = streamed(run)
    start = text.rfind(_TRACE_HEADER)
    if start < 0:
        return run
    found = read_output(text[text.rfind("\n", 0, start) + 1:], 1).exception
    if found is None:
        return run
    return replace(run, status=RunStatus.ERROR, ename=found.name, evalue=found.message)


@dataclass(frozen=True, slots=True)
class FailedCommand:
    """How a cell that ran clean failed all the same: a shell command of it exited
    non-zero."""

    verdict: Verdict
    detail: str
    hint: str = ""
    need: str = ""
    """The program the machine lacks, for ``needs-packages``."""


_PIP_INSTALL = re.compile(r"\bpip3?(?:\.\d+)?\s+install\b")
_COMPARES = re.compile(r"\s*(?:diff|cmp)\s")
_NVIDIA_SMI = re.compile(r"\s*(?:\S*/)?nvidia-smi\b")
_LONGEST = 80
"""Characters of a command or a line a verdict quotes."""


def _words(text: str) -> str:
    return " ".join(strip_ansi(text).split())


def _quoted(text: str) -> str:
    return clipped(text, _LONGEST)


def _pip_failed(failed: ShellExit) -> bool:
    """Whether the status ``failed`` exits with is a ``pip install``'s, the only command
    of its line the excuse covers (``!pip install x && ls data``: ``ls``'s failure is the
    cell's). Where the line may have ended on more than one command (``!cd src && pip
    install .``, a script), it is pip's when pip's error is the last line printed: after
    a pip that failed, nothing of the chain ran."""
    candidates = ending_candidates(failed.command)
    if candidates is not None and len(candidates) == 1:
        return bool(_PIP_INSTALL.search(" ".join(candidates[0][-1])))
    installs = (any(_PIP_INSTALL.search(" ".join(p[-1])) for p in candidates)
                if candidates is not None else bool(_PIP_INSTALL.search(failed.command)))
    said = [line for line in failed.tail.splitlines() if not line.startswith("[notice]")]
    return installs and bool(said) and said[-1].startswith("ERROR: ")


def _shown(failed: ShellExit, program: Program | None, cell: CellPlan) -> bool:
    """Whether the lesson shows the command failing: an output fence of the cell holds
    what it printed last (or, for a command the shell did not find, says so)."""
    shown = [_words(o["text"]) for o in cell.outputs]
    last = _words(failed.last)
    if last and any(last in text for text in shown):
        return True
    said = (re.compile(rf"\b{re.escape(program.name)}: (?:command )?not found|command not "
                       rf"found: {re.escape(program.name)}\b", re.IGNORECASE)
            if program is not None and failed.status == NOT_FOUND_STATUS else None)
    return said is not None and any(said.search(text) for text in shown)


def _said(failed: ShellExit, telling: Callable[[str], object] | None = None,
          script: bool = False) -> str:
    """The command (``script``: a cell's ``%%bash`` script), its status, and the line it
    printed that tells why (else its last)."""
    line = next((line for line in failed.tail.splitlines() if telling is not None
                 and telling(line)), failed.last)
    lines = [line.strip() for line in failed.command.splitlines() if line.strip()]
    command = (f"the cell's script (`{clipped_between('; '.join(lines), _LONGEST)}`)"
               if script else f"`!{clipped_between(failed.command, _LONGEST)}`")
    return f"{command} exits with status {failed.status}" + (
        f": `{_quoted(line)}`" if line else "")


def _judged(failed: ShellExit, program: Program | None, offline: bool,
            script: bool) -> FailedCommand:
    if _NVIDIA_SMI.match(failed.command):
        return FailedCommand(Verdict.NEEDS_GPU, "runs `nvidia-smi`, which only a machine with "
                             f"an NVIDIA GPU and its driver can ({_said(failed, script=script)})")
    if program is not None:
        said = _said(failed, program.signature.search, script)
        return FailedCommand(Verdict.NEEDS_PACKAGES, f"needs `{program.name}` ({program.why}),"
                             f" which the machine that verifies lacks ({said})",
                             hint=program.install, need=program.name)
    if offline and looks_like_network("", failed.tail):
        targets = ", ".join(f"`{t}`" for t in hub_ids_in(failed.tail)) or "the network"
        said = _said(failed, lambda line: looks_like_network("", line), script)
        return FailedCommand(Verdict.NEEDS_NETWORK, f"needs {targets}, and verification runs "
                             f"offline ({said})")
    return FailedCommand(Verdict.UNEXPECTED_ERROR, _said(failed, script=script))


def failed_command(cell: CellPlan, run: CellRun, *, offline: bool = True) -> FailedCommand | None:
    """For a cell that ran clean, its first shell command that exited non-zero, judged.

    A program the command lacks is a need (``needs-packages`` naming it, as a missing
    FFmpeg or git-lfs is; ``nvidia-smi`` failing ``needs-gpu``), and so is the network
    for a command that failed for want of it while verification runs ``offline``; any
    other failure is the cell's own (``unexpected-error``, with the command, its status
    and the last line it printed). A command whose failure an output fence of the cell
    shows is the lesson's point; a ``pip install`` whose status ends the line is judged
    by the imports of what it installs (:func:`_pip_failed`); ``diff`` or ``cmp`` exit 1
    when they find differences, and a pipeline that ends in ``grep`` (``!pip list | grep
    torch``, ``&& echo found`` after it) when no line matched: their answer."""
    if run.status is not RunStatus.OK:
        return None
    for failed in run.exits:
        program = missing_command(failed.status, failed.tail)
        if (_pip_failed(failed) or _shown(failed, program, cell)
                or (failed.status == 1 and _COMPARES.match(failed.command))
                or answered_no(failed.command, failed.status, failed.tail)):
            continue
        return _judged(failed, program, offline, cell_script(cell.code))
    return None
