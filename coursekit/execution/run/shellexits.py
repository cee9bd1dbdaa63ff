"""The shell commands of a cell (``!cmd``, ``%pip``) that exited non-zero, asked of its kernel.

IPython raises nothing when such a command fails: it keeps only the last command's
status, in ``_exit_code``. So, once per kernel, :data:`WATCH_EXPRESSION` wraps the
function IPython's ``system`` runs commands with: each command that exits non-zero is
kept with its status and the last line it printed (its output and its errors are one
stream, which still reaches the cell's output unchanged), in a module of the kernel's
own (``coursekit_shell``), not in the learner's namespace; the next cell forgets them.
:func:`read_exits` asks for them after a cell. Both are silent requests: nothing of
this reaches the notebook, its outputs or its execution counts, in a fresh kernel or
a forked one alike.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class ShellExit:
    """A shell command of a cell that exited non-zero."""

    command: str
    """As it ran, variables expanded."""
    status: int
    tail: str
    """The last lines it printed (five at most, its errors among them: one stream)."""

    @property
    def last(self) -> str:
        """The last line it printed, ``""`` when it printed none."""
        return self.tail.rsplit("\n", 1)[-1]


_WATCH_SOURCE = r"""
import re, sys, types
shell = sys.modules["IPython"].get_ipython() if "IPython" in sys.modules else None
system = getattr(getattr(shell, "system", None), "__func__", None)
scope = getattr(system, "__globals__", {})
if shell is not None and "coursekit_shell" not in sys.modules and callable(scope.get("system")):
    run, found = scope["system"], []

    class Tee:
        def __init__(self, stream):
            self.stream, self.tail = stream, ""

        def write(self, text):
            self.tail = (self.tail + str(text))[-4000:]
            return self.stream.write(text)

        def __getattr__(self, name):
            return getattr(self.stream, name)

    def watched(cmd):
        tee = Tee(sys.stdout)
        sys.stdout = tee
        try:
            status = run(cmd)
        finally:
            if sys.stdout is tee:
                sys.stdout = tee.stream
        if status and len(found) < 20:  # a loop of failing commands: the first say it
            text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", tee.tail).replace("\r", "\n")
            lines = [line.strip() for line in text.split("\n") if line.strip()]
            found.append([str(cmd), int(status), "\n".join(lines[-5:])])
        return status

    scope["system"] = watched
    shell.events.register("pre_run_cell", lambda *_: found.clear())
    module = types.ModuleType("coursekit_shell")
    module.exits = lambda: list(found)
    sys.modules["coursekit_shell"] = module
"""
WATCH_EXPRESSION = f"(lambda ns: (exec({_WATCH_SOURCE!r}, ns), True)[1])({{}})"
"""Starts keeping the failed commands of each cell, in the kernel it is evaluated in."""
_EXITS_EXPRESSION = (
    "getattr(__import__('sys').modules.get('coursekit_shell'), 'exits', lambda: [])()")


def _exit(item: object) -> ShellExit | None:
    if not isinstance(item, list) or len(item) != 3:
        return None
    command, status, tail = item
    if isinstance(command, str) and isinstance(status, int) and isinstance(tail, str):
        return ShellExit(command, status, tail)
    return None


async def read_exits(ask: Callable[[str], Awaitable[Any]]) -> list[ShellExit]:
    """The commands of the cell that just ran that exited non-zero; ``ask`` evaluates an
    expression in its kernel (none when the kernel was not watched)."""
    answer = await ask(_EXITS_EXPRESSION)
    found = [_exit(item) for item in answer] if isinstance(answer, list) else []
    return [e for e in found if e is not None]
