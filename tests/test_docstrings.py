"""Every module imports on every Python the project supports: no docstring holds a lone
surrogate.

Python 3.13 and later clean each docstring's indentation while compiling, as UTF-8, and
a lone surrogate (``\\udcff`` written as an escape in a docstring that is not raw, as in
one that tells how an undecodable file name is shown) makes the whole module fail to
compile: an import error for every command. Python 3.11 compiles it. Strings in code may
hold surrogates (the tests' undecodable names do); a docstring that shows an escape is
raw.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TREES = ("coursekit", "tests", "bench")


def surrogate_docstrings(source: str, name: str) -> list[str]:
    """``name:line`` of each docstring of ``source`` that holds a lone surrogate."""
    found: list[str] = []
    tree = ast.parse(source, name)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                          | ast.AsyncFunctionDef):
            continue
        doc = ast.get_docstring(node, clean=False)
        if doc is not None and any("\ud800" <= c <= "\udfff" for c in doc):
            first = node.body[0]
            found.append(f"{name}:{first.lineno}")
    return found


def test_no_docstring_of_the_project_holds_a_lone_surrogate() -> None:
    found = [where for tree in TREES for path in sorted((ROOT / tree).rglob("*.py"))
             for where in surrogate_docstrings(path.read_text(encoding="utf-8"),
                                               path.relative_to(ROOT).as_posix())]
    assert found == []


@pytest.mark.parametrize("source", [
    '"""Shown as ``\\udcff``."""\n',
    'def f() -> None:\n    """A name such as ``b\\udcffc``."""\n',
    'class C:\n    """``\\ud800``"""\n',
])
def test_a_docstring_with_a_surrogate_escape_is_found(source: str) -> None:
    assert surrogate_docstrings(source, "planted.py") == [f"planted.py:{source.count(chr(10))}"]


@pytest.mark.parametrize("source", [
    'r"""Shown as ``\\udcff``."""\n',
    'NAME = "b\\udcffc"\n',
    'def f() -> str:\n    """Plain."""\n    return "\\udcff"\n',
])
def test_a_raw_docstring_and_a_string_in_code_are_not(source: str) -> None:
    assert surrogate_docstrings(source, "clean.py") == []
