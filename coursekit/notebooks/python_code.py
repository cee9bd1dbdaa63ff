"""What the build needs to know about a Python code block, read with :mod:`ast`."""

from __future__ import annotations

import ast
import functools

_IPYTHON_PREFIXES = ("!", "%", "?")


def _python_only(source: str) -> str:
    """The source with IPython-only lines (``!pip ...``, ``%time``) blanked, lines kept."""
    lines = source.split("\n")
    return "\n".join("" if line.lstrip().startswith(_IPYTHON_PREFIXES) else line for line in lines)


@functools.lru_cache(maxsize=4096)
def parse_python(source: str) -> ast.Module | None:
    """The module of a code block, or ``None`` when it is not valid (IPython) Python."""
    try:
        return ast.parse(_python_only(source))
    except (SyntaxError, ValueError):
        # ValueError: source with NUL bytes.
        return None


def syntax_error(source: str) -> SyntaxError | None:
    """Why a code block does not parse, or ``None`` when it does."""
    try:
        ast.parse(_python_only(source))
    except SyntaxError as exc:
        return exc
    except ValueError as exc:
        return SyntaxError(str(exc))
    return None


def top_level_imports(source: str) -> list[str]:
    """Top-level names of the modules a code block imports, in order, without repeats.

    Relative imports are left out: they name the lesson's own files.
    """
    module = parse_python(source)
    if module is None:
        return []
    found: dict[str, None] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.setdefault(alias.name.split(".", 1)[0], None)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.setdefault(node.module.split(".", 1)[0], None)
    return list(found)


class LastStatement:
    """How the last statement of a code block shows its value in Jupyter."""

    RESULT = "result"
    """An expression: Jupyter shows its value as ``execute_result``."""
    DISPLAY = "display"
    """A ``display(...)`` call: the value shows as ``display_data``."""
    STREAM = "stream"
    """Anything else: only what the code prints shows."""


def last_statement(source: str) -> str:
    """Classify the last statement of a code block (see :class:`LastStatement`).

    A bare expression ending in ``;`` is silenced by Jupyter, and ``print(...)``
    returns ``None``, so both count as stream output.
    """
    module = parse_python(source)
    if module is None or not module.body:
        return LastStatement.STREAM
    last = module.body[-1]
    if not isinstance(last, ast.Expr):
        return LastStatement.STREAM
    if isinstance(last.value, ast.Call) and isinstance(last.value.func, ast.Name):
        if last.value.func.id == "print":
            return LastStatement.STREAM
        if last.value.func.id == "display":
            return LastStatement.DISPLAY
    if source.rstrip().endswith(";"):
        return LastStatement.STREAM
    return LastStatement.RESULT
