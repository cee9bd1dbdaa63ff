"""The note on a documented error that stand-ins did not reproduce: whose doing it is.

Where the notebook ran again on the real architectures (``run/realwidths.py``), the
note says what they did: the documented error (the stand-in's shrunk width hid it), the
same as the stand-in (the libraries changed, not the stand-in's fault), or nothing.
Where it did not (a model over the size limit, a TensorFlow model, verification
online), an error naming one of the stand-ins' shrunk widths may be theirs, and any
other the real architecture raises as well (``standins/widths.py``).
"""

from __future__ import annotations

from coursekit.execution.judge.matching import matches_any
from coursekit.execution.plan.model import CellPlan
from coursekit.execution.results import CellRun, RunStatus, Verdict
from coursekit.standins.widths import names_a_standin_width


def _names(models: list[str]) -> str:
    return ", ".join(f"`{m}`" for m in models[:3])


def _reproduces(cell: CellPlan, raised: str) -> bool:
    name, _, message = raised.partition(": ")
    return matches_any(cell.expected, name, message)


def _checked(cell: CellPlan, run: CellRun, verdict: Verdict) -> str:
    """The note from the run on the real architectures."""
    real = (f"the real architecture ({_names(run.real_widths)} built at its real widths "
            "from its configuration, random weights)")
    if run.real_raised and _reproduces(cell, run.real_raised):
        return (f"the notebook runs on stand-ins, shrunk in width and depth; {real} raises "
                f"the documented `{run.real_raised}`: the stand-in's width hides it")
    if verdict is Verdict.MISSING and not run.real_raised:
        return (f"{real} runs this cell without error too: the documented error no longer "
                "occurs with these libraries, whatever the model's size")
    if verdict is Verdict.ERROR_DRIFT and run.real_raised == run.raised:
        return f"{real} raises the same: the libraries changed, not only the stand-in"
    if run.real_raised:
        return (f"the notebook runs on stand-ins, shrunk in width and depth; {real} raises "
                f"`{run.real_raised}` instead")
    return (f"the notebook runs on stand-ins, shrunk in width and depth; {real} runs this "
            "cell without error")


def _unchecked(used: list[str]) -> str:
    return (f"the notebook runs on stand-ins ({_names(used)}: the real architectures, with "
            "their vocabularies, positions and special tokens, shrunk in width and depth); "
            "a documented error that depends on the real model's hidden size, depth or "
            "trained weights cannot show on them")


def standin_note(cell: CellPlan, run: CellRun, verdict: Verdict, used: list[str]) -> str:
    """The note on a cell of a notebook that loaded the stand-ins ``used`` (``""`` when
    there is nothing to say of them)."""
    if not used or verdict not in (Verdict.MISSING, Verdict.ERROR_DRIFT):
        return ""
    if run.real_widths:
        return _checked(cell, run, verdict)
    if verdict is Verdict.MISSING or (
            run.status is RunStatus.ERROR and names_a_standin_width(run.evalue)):
        return _unchecked(used)
    return ""
