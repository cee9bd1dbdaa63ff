"""The names a Python syntax tree binds and reads, and its statements in source order."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Names:
    """Names a source binds and names it reads, each with its first line in the source.

    Scopes are flattened: a lesson reads as one script.
    """

    defined: tuple[tuple[str, int], ...] = ()
    used: tuple[tuple[str, int], ...] = ()
    star_import: bool = False
    """``from x import *``: any name may be defined."""


def _bound_by(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
        return [node.id]
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.Import):
        return [a.asname or a.name.split(".")[0] for a in node.names]
    if isinstance(node, ast.ImportFrom):
        return [a.asname or a.name for a in node.names if a.name != "*"]
    if isinstance(node, ast.ExceptHandler | ast.MatchAs | ast.MatchStar) and node.name:
        return [node.name]
    if isinstance(node, ast.Global | ast.Nonlocal):
        return list(node.names)
    return []


def _first(found: dict[str, int], name: str, line: int) -> None:
    if name not in found or line < found[name]:
        found[name] = line


def _by_line(found: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(found.items(), key=lambda item: (item[1], item[0])))


def _in_order(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node, in source order (:func:`ast.walk` goes breadth first)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(list(ast.iter_child_nodes(node))))


_HOLDS_STATEMENTS = (ast.stmt, ast.ExceptHandler, ast.match_case)


def statements_in_order(tree: ast.AST) -> Iterator[ast.AST]:
    """Every statement, in source order: :func:`_in_order` without descending into
    expressions, which hold no statements."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed([
            child for child in ast.iter_child_nodes(node)
            if isinstance(child, _HOLDS_STATEMENTS)
        ]))



def names_in(tree: ast.AST) -> Names:
    """Every name ``tree`` binds and reads, each with its first line."""
    defined: dict[str, int] = {}
    used: dict[str, int] = {}
    star = False
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 1)
        for name in _bound_by(node):
            _first(defined, name, line)
        if isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names):
            star = True
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            _first(used, node.id, line)
    return Names(_by_line(defined), _by_line(used), star)
