"""IPython lines kept out of the formatter's reach, and put back as written.

A formatter reads Python, and a lesson's code is a notebook cell: ``!pip install x``,
``%timeit f()``, ``model?``, ``files = !ls`` would stop it, or be rewritten as if they
were Python (``% timeit f()``). Each such line (as :class:`~coursekit.lessons.python.
CodeFacts` finds them) is replaced by a placeholder statement at its indentation,
which both formatters leave alone and never join with another line; after formatting,
each placeholder becomes its line again, at the indentation the formatter gave it.

A cell whose first line is a cell magic that does not run its body as Python
(``%%writefile``, ``%%bash``) is not Python at all, and is not formatted; neither is
a cell with an IPython line continued by a backslash, which no placeholder can hold.
Top-level ``await`` needs nothing: both formatters read it.
"""

from __future__ import annotations

from dataclasses import dataclass

from coursekit.lessons.ipython_lines import PYTHON_CELL_MAGICS, IPythonKind, dedented
from coursekit.lessons.python import CodeFacts

_MARK = "__coursekit_ipython_"
_PLACEHOLDER = _MARK + "{}__"


@dataclass(frozen=True, slots=True)
class Protected:
    """A code text with its IPython lines replaced by placeholders."""

    text: str
    """What the formatter gets."""
    lines: tuple[str, ...]
    """The IPython lines as written, without their indentation: placeholder ``n``
    stands for ``lines[n]``."""

    def restore(self, formatted: str) -> str | None:
        """``formatted`` with each placeholder back to its line; ``None`` when the
        formatter did not keep every placeholder, once, on a line of its own."""
        if not self.lines:
            return formatted
        out: list[str] = []
        seen = 0
        for line in formatted.split("\n"):
            stripped = line.strip()
            if stripped == _PLACEHOLDER.format(seen) and seen < len(self.lines):
                out.append(line[: len(line) - len(line.lstrip())] + self.lines[seen])
                seen += 1
            elif _MARK in stripped:
                return None
            else:
                out.append(line)
        return "\n".join(out) if seen == len(self.lines) else None


def protect(facts: CodeFacts) -> Protected | None:
    """The code of ``facts`` ready to format; ``None`` when it is not Python to format
    (it does not parse, or IPython reads its body as something else). Code indented as
    a whole is formatted as IPython runs it, its indentation taken off: a formatter
    refuses it as written (and ruff the whole batch of a run with it)."""
    if facts.error is not None or _MARK in facts.source:
        return None
    source = dedented(facts.source)
    ipython = facts.ipython
    if not ipython:
        return Protected(source, ())
    first = ipython[0]
    if first.kind is IPythonKind.CELL_MAGIC and first.name not in PYTHON_CELL_MAGICS:
        return None
    source_lines = source.split("\n")
    kept: list[str] = []
    for number, ipython_line in enumerate(ipython):
        written = source_lines[ipython_line.line - 1]
        if written.rstrip().endswith("\\"):
            return None
        indent = written[: len(written) - len(written.lstrip())]
        source_lines[ipython_line.line - 1] = indent + _PLACEHOLDER.format(number)
        kept.append(written.strip())
    return Protected("\n".join(source_lines), tuple(kept))
