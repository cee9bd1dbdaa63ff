"""What the build needs to know about a Python code block, read once with :mod:`ast`.

Translations repeat most code blocks byte for byte, so the facts are cached by
source text: each distinct block is parsed once per build, whatever the language.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from dataclasses import dataclass

_IPYTHON_PREFIXES = ("!", "%", "?")


class LastStatement:
    """How the last statement of a code block shows its value in Jupyter."""

    RESULT = "result"
    """An expression: Jupyter shows its value as ``execute_result``."""
    DISPLAY = "display"
    """A ``display(...)`` call: the value shows as ``display_data``."""
    STREAM = "stream"
    """Anything else: only what the code prints shows."""


@dataclass(frozen=True, slots=True)
class CodeFacts:
    imports: tuple[str, ...]
    """Top-level names of the imported modules, in order, without repeats;
    relative imports (the lesson's own files) left out."""
    last_statement: str
    """See :class:`LastStatement`."""
    error: SyntaxError | None
    """Why the block does not parse, if it does not."""


def _python_only(source: str) -> str:
    """The source with IPython-only lines (``!pip ...``, ``%time``) blanked, lines kept."""
    if not any(p in source for p in _IPYTHON_PREFIXES):
        return source
    lines = source.split("\n")
    return "\n".join("" if line.lstrip().startswith(_IPYTHON_PREFIXES) else line for line in lines)


@functools.lru_cache(maxsize=1 << 16)
def code_facts(source: str) -> CodeFacts:
    try:
        module = ast.parse(_python_only(source))
    except SyntaxError as exc:
        return CodeFacts((), LastStatement.STREAM, exc)
    except ValueError as exc:  # NUL bytes in the source
        return CodeFacts((), LastStatement.STREAM, SyntaxError(str(exc)))
    return CodeFacts(_imports(module), _last_statement(module, source), None)


def _imports(module: ast.Module) -> tuple[str, ...]:
    found: dict[str, None] = {}
    for node in _statements(module.body):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.setdefault(alias.name.split(".", 1)[0], None)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.setdefault(node.module.split(".", 1)[0], None)
    return tuple(found)


def _statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement, nested ones included; imports are statements, so expressions
    (most of the tree) need not be visited."""
    for node in body:
        yield node
        for name in ("body", "orelse", "finalbody"):
            nested = getattr(node, name, None)
            if isinstance(nested, list):
                yield from _statements(nested)
        for handler in getattr(node, "handlers", ()):
            yield from _statements(handler.body)
        for case in getattr(node, "cases", ()):
            yield from _statements(case.body)


def _last_statement(module: ast.Module, source: str) -> str:
    """A bare expression ending in ``;`` is silenced by Jupyter, and ``print(...)``
    returns ``None``, so both count as stream output."""
    if not module.body or not isinstance(module.body[-1], ast.Expr):
        return LastStatement.STREAM
    value = module.body[-1].value
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
        if value.func.id == "print":
            return LastStatement.STREAM
        if value.func.id == "display":
            return LastStatement.DISPLAY
    if source.rstrip().endswith(";"):
        return LastStatement.STREAM
    return LastStatement.RESULT
