"""What a cell that raised leaves to read in its kernel: the exception's classes, what
the offline guard refused it, what it handed to the library that raised, and the library
call it made; asked of the kernel right after the cell, as one :class:`CellRun`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from coursekit.execution.judge.matching import strip_ansi
from coursekit.execution.results import CellRun, RunStatus
from coursekit.execution.run.network import REFUSED_EXPRESSION

_MRO_EXPRESSION = (
    "[c.__module__ + '.' + c.__qualname__ "
    "for c in type(__import__('sys').last_value).__mro__]"
)
_GIVEN_SOURCE = """
import sys, traceback
def _cell(frame):
    name = frame.f_code.co_filename
    return "ipykernel_" in name or name.startswith("<ipython")
frames = [f for f, _ in traceback.walk_tb(getattr(sys, "last_traceback", None))]
start = next((i for i, f in enumerate(frames) if _cell(f)), len(frames))
entry = next((f for f in frames[start + 1:] if not _cell(f)), None)
given = []
if entry is not None:
    code = entry.f_code
    named = code.co_argcount + code.co_kwonlyargcount
    names = code.co_varnames[:named + bool(code.co_flags & 4) + bool(code.co_flags & 8)]
    for n, name in enumerate(names):
        value = entry.f_locals.get(name)
        if n < named:
            given.append(value)
        else:  # *args, then **kwargs
            given += list(value.values() if isinstance(value, dict) else value or ())
result = [type(v).__module__ + "." + type(v).__qualname__ for v in given][:20]
if entry is not None:
    result.append("@" + entry.f_code.co_filename + ":" + str(entry.f_lineno) + ":"
                  + getattr(entry.f_code, "co_qualname", entry.f_code.co_name))
"""
_GIVEN_EXPRESSION = f"(lambda ns: (exec({_GIVEN_SOURCE!r}, ns), ns['result'])[1])({{}})"
"""The types of what the lesson's code handed to the library that raised: the arguments
of the first frame past the cell's own (``*args`` and ``**kwargs`` spread); then that
frame itself, ``@file:line:name`` (the library call the lesson made)."""


_CELL_FRAME = ("Cell In[", "Cell In [", "Input In [")


def interrupted_frames(error: dict[str, Any]) -> list[str]:
    """Where an interrupt found a cell, from its ``KeyboardInterrupt``: the frames of the
    cell's own code (the innermost says which of its lines ran) and the innermost frame,
    a library's when the cell waited in one; colour codes removed."""
    chunks = [strip_ansi(str(chunk)) for chunk in error.get("traceback", [])]
    return [chunk for n, chunk in enumerate(chunks)
            if chunk.lstrip().startswith(_CELL_FRAME) or n >= len(chunks) - 2]


async def read_error(ask: Callable[[str], Awaitable[Any]], error: dict[str, Any],
                     outputs: list[dict[str, Any]], duration: float,
                     count: int | None) -> CellRun:
    """The run of a cell whose outputs hold ``error``; ``ask`` evaluates an expression in
    its kernel."""
    mro = await ask(_MRO_EXPRESSION)
    refused = await ask(REFUSED_EXPRESSION)
    given = await ask(_GIVEN_EXPRESSION)
    found = [str(g) for g in given] if isinstance(given, list) else []
    return CellRun(
        RunStatus.ERROR,
        ename=str(error.get("ename", "")),
        evalue=str(error.get("evalue", "")),
        mro=[str(c) for c in mro] if isinstance(mro, list) else [],
        traceback=[strip_ansi(line) for line in error.get("traceback", [])][-5:],
        outputs=outputs, duration=duration, execution_count=count,
        refused=[str(r) for r in refused] if isinstance(refused, list) else [],
        given=[g for g in found if not g.startswith("@")],
        called=next((g[1:] for g in found if g.startswith("@")), ""),
    )
