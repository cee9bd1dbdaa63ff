"""IPython lines of a notebook cell, and the plain Python they leave.

Notebook cells are IPython, not Python, so the text is first made *runnable*
with one rule for IPython lines, keeping line numbers:

- a cell magic on the first line (``%%time``, ``%%capture``...) is blanked; the
  body stays Python for the magics that run it (:data:`PYTHON_CELL_MAGICS`) and is
  blanked for the others (``%%writefile``, ``%%bash``: the body is not Python);
- ``%time``/``%timeit`` keep the statement they run (``%time model = train()``
  binds ``model``; ``%timeit -n1 -r 3 x = f()`` runs ``x = f()``, after its options);
- any other line magic, shell escape (``!pip install x``) or help request
  (``model?``, ``?model``) becomes ``pass`` at its indentation, so the blocks
  around it still parse;
- ``files = !ls`` and ``x = %env`` keep their assignment (to ``None``).

Before them, as IPython cleans a cell before it runs it: when the first line that is not
blank is indented, that indentation is taken off every line that starts with it (code
indented as a whole, copied from a list item, runs in a notebook).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun"})
"""Cell magics whose body is Python run in the notebook's namespace."""
STATEMENT_LINE_MAGICS = frozenset({"time", "timeit"})
"""Line magics followed by a statement that runs in the notebook's namespace."""

_MARKS = ("!", "%", "?")
_ASSIGNED = re.compile(r"^(\s*)([A-Za-z_][\w.\[\]'\", ]*?)\s*=\s*[!%]")
_HELP = re.compile(r"^\s*(\?{1,2}[\w.]+|[\w.]+\?{1,2})\s*$")
_TIMEIT_OPTIONS = re.compile(r"(?:-(?:[tcqo]*[nrp][ \t]*[^\s-]\S*|[tcqo]+)(?:[ \t]+|$))+")
"""``%timeit``'s options before its statement (``-n1 -r 3 -q``: getopt's ``n:r:tcp:qo``)."""


class IPythonKind(enum.StrEnum):
    SHELL = "shell"
    """``!command``."""
    LINE_MAGIC = "line magic"
    """``%name ...``."""
    CELL_MAGIC = "cell magic"
    """``%%name ...`` on the first line."""
    HELP = "help"
    """``name?`` or ``?name``."""


@dataclass(frozen=True, slots=True)
class IPythonLine:
    """A line that IPython reads and Python would not."""

    line: int
    """1-based line inside the source."""
    kind: IPythonKind
    name: str
    """The magic's name (``time``, ``writefile``) or the shell command (``pip``); empty for help."""
    text: str
    """The line as written, stripped."""


def _word(text: str) -> str:
    words = text.split(maxsplit=1)
    return words[0] if words else ""


def _statement(magic: str, text: str) -> str:
    """What a line magic runs: ``%timeit``'s text after its options."""
    if magic == "timeit":
        options = _TIMEIT_OPTIONS.match(text)
        if options is not None:
            return text[options.end():]
    return text


def dedented(source: str) -> str:
    """``source`` with the indentation of its first line that is not blank taken off
    each line that starts with it, as IPython does before it runs a cell."""
    if source.lstrip("\n")[:1] not in (" ", "\t"):
        return source  # the first line with text starts at its left edge: most code
    lines = source.split("\n")
    first = next((line for line in lines if line and not line.isspace()), "")
    space = first[: len(first) - len(first.lstrip(" \t"))]
    if not space:
        return source
    return "\n".join(line[len(space):] if line.startswith(space) else line for line in lines)


def read_ipython(source: str) -> tuple[str, tuple[IPythonLine, ...]]:
    """The runnable text of ``source`` and its IPython lines (see the module docstring)."""
    source = dedented(source)
    if not any(mark in source for mark in _MARKS):
        return source, ()
    lines = source.split("\n")
    found: list[IPythonLine] = []
    out: list[str] = []
    body_is_python = True
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        indent = line[: len(line) - len(line.lstrip())]
        if number == 1 and stripped.startswith("%%"):
            name = _word(stripped[2:])
            found.append(IPythonLine(number, IPythonKind.CELL_MAGIC, name, stripped))
            body_is_python = name in PYTHON_CELL_MAGICS
            out.append("")
        elif not body_is_python:
            out.append("")
        elif stripped.startswith("!"):
            found.append(IPythonLine(number, IPythonKind.SHELL, _word(stripped[1:]), stripped))
            out.append(indent + "pass")
        elif stripped.startswith("%"):
            name = _word(stripped.lstrip("%"))
            found.append(IPythonLine(number, IPythonKind.LINE_MAGIC, name, stripped))
            statement = _statement(name, stripped.lstrip("%")[len(name):].strip())
            keep = name in STATEMENT_LINE_MAGICS and statement and not statement.startswith("-")
            out.append(indent + (statement if keep else "pass"))
        elif _HELP.match(line):
            found.append(IPythonLine(number, IPythonKind.HELP, "", stripped))
            out.append(indent + "pass")
        elif (assigned := _ASSIGNED.match(line)) is not None:
            rest = line[assigned.end() - 1:].strip()
            kind = IPythonKind.SHELL if rest.startswith("!") else IPythonKind.LINE_MAGIC
            found.append(IPythonLine(number, kind, _word(rest.lstrip("!%")), stripped))
            out.append(f"{assigned.group(1)}{assigned.group(2)} = None")
        else:
            out.append(line)
    return "\n".join(out), tuple(found)
