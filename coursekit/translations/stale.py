"""Removed and renamed APIs, found in lesson code with ``ast``.

The table itself (``coursekit.stale_apis``) is shared with verify, which names the
same replacements when running such code fails.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from coursekit.diagnostics import Diagnostic
from coursekit.lessons.model import Code, CodeRole
from coursekit.lessons.python import code_facts
from coursekit.stale_apis import ANY_CALL, StaleApi, StaleApiError, bundled, entry_from_table
from coursekit.translations.rules import STALE_API

__all__ = ["ANY_CALL", "StaleApi", "StaleApiError", "Use", "bundled", "check_lesson",
           "entry_from_table", "stale_uses"]

@dataclass(frozen=True, slots=True)
class Use:
    """A use of a stale API in one code block."""

    api: StaleApi
    line: int
    """1-based line inside the block."""
    text: str
    """What the code says, e.g. ``from datasets import load_metric``."""


def aliases(code: Iterable[Code]) -> frozenset[tuple[str, str]]:
    """Local name -> qualified name, for every import of the lesson's Python code."""
    found: dict[str, str] = {}
    for block in code:
        if block.role is CodeRole.PYTHON and "import" in block.source:
            found.update(block.facts.import_bindings)
    return frozenset(found.items())


def _qualified(node: ast.expr, names: Mapping[str, str]) -> tuple[str, bool] | None:
    """Dotted name of ``node`` with imports resolved, and whether its root was imported."""
    if isinstance(node, ast.Name):
        resolved = names.get(node.id)
        return (resolved, True) if resolved is not None else (node.id, False)
    if isinstance(node, ast.Attribute):
        base = _qualified(node.value, names)
        if base is not None:
            return f"{base[0]}.{node.attr}", base[1]
    return None


def _call_matches(api: StaleApi, func: ast.expr, names: Mapping[str, str]) -> bool:
    if api.call == ANY_CALL:
        return True
    found = _qualified(func, names)
    if found is None or api.call is None:
        return False
    dotted, imported = found
    if imported:
        return dotted == api.call
    # Not imported in this lesson (an earlier lesson did it): match on the bare name.
    return dotted.rsplit(".", 1)[-1] == api.call.rsplit(".", 1)[-1]


def _uses_in_tree(
    tree: ast.Module, apis: Sequence[StaleApi], names: Mapping[str, str]
) -> Iterator[Use]:
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                dotted = f"{node.module}.{alias.name}"
                for api in apis:
                    if api.name == dotted:
                        yield Use(api, node.lineno, f"from {node.module} import {alias.name}")
        elif isinstance(node, ast.Attribute):
            found = _qualified(node, names)
            for api in apis:
                if api.name is not None and found == (api.name, True):
                    yield Use(api, node.lineno, ast.unparse(node))
        if isinstance(node, ast.Call):
            keywords = {kw.arg for kw in node.keywords if kw.arg}
            task = _pipeline_task(node)
            for api in apis:
                if api.task is not None and task is not None and (
                        task == api.task or task.startswith(api.task + "_")):
                    yield Use(api, node.lineno, f"{ast.unparse(node.func)}({task!r})")
                if api.keyword in keywords and _call_matches(api, node.func, names):
                    yield Use(api, node.lineno, f"{ast.unparse(node.func)}({api.keyword}=...)")
                elif (api.method is not None and isinstance(node.func, ast.Attribute)
                      and node.func.attr == api.method):
                    yield Use(api, node.lineno, f"{ast.unparse(node.func)}()")


def _pipeline_task(node: ast.Call) -> str | None:
    """The task of a ``pipeline("task", ...)`` call, when it is written as a string."""
    name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(
        node.func, "id", None)
    if name != "pipeline":
        return None
    given = node.args[0] if node.args else next(
        (kw.value for kw in node.keywords if kw.arg == "task"), None)
    if isinstance(given, ast.Constant) and isinstance(given.value, str):
        return given.value
    return None


class _Prefilter:
    """A table's patterns as one regex, and its verdict on each source text met (kept:
    most blocks recur in every language)."""

    _KEPT = 1 << 15

    def __init__(self, apis: tuple[StaleApi, ...]) -> None:
        self.pattern = re.compile("|".join(f"(?:{api.pattern})" for api in apis) or r"(?!)")
        self.verdicts: dict[str, bool] = {}

    def suspect(self, source: str) -> bool:
        """Whether ``source`` may use one of the table's APIs."""
        found = self.verdicts.get(source)
        if found is None:
            if len(self.verdicts) >= self._KEPT:
                self.verdicts.clear()
            found = self.verdicts[source] = self.pattern.search(source) is not None
        return found


@lru_cache(maxsize=64)
def _prefilter(apis: tuple[StaleApi, ...]) -> _Prefilter:
    """The prefilter of one table; looked up once per lesson, as hashing a table means
    hashing each of its entries."""
    return _Prefilter(apis)


def _suspect(source: str, apis: tuple[StaleApi, ...]) -> bool:
    """Whether ``source`` may use one of ``apis``."""
    return _prefilter(apis).suspect(source)


@lru_cache(maxsize=1 << 14)
def _uses(
    source: str, apis: tuple[StaleApi, ...], names: frozenset[tuple[str, str]]
) -> tuple[Use, ...]:
    if not _suspect(source, apis):
        return ()
    candidates = tuple(api for api in apis if re.search(api.pattern, source))
    tree = code_facts(source).tree
    if tree is None:
        return ()
    return tuple(_uses_in_tree(tree, candidates, dict(names)))


def stale_uses(
    block: Code, apis: tuple[StaleApi, ...], names: frozenset[tuple[str, str]]
) -> tuple[Use, ...]:
    """Uses of ``apis`` in one block; ``names`` are the lesson's imports (:func:`aliases`)."""
    if block.role is not CodeRole.PYTHON:
        return ()
    return _uses(block.source, apis, names)


def check_lesson(
    code: Sequence[Code], path: str, apis: tuple[StaleApi, ...]
) -> Iterator[Diagnostic]:
    """Every use of a stale API in the code blocks of one lesson."""
    if not apis:
        return
    suspect = _prefilter(apis).suspect
    suspects = [b for b in code if b.role is CodeRole.PYTHON and suspect(b.source)]
    if not suspects:
        return
    names = aliases(code)
    for block in suspects:
        for use in stale_uses(block, apis, names):
            yield STALE_API.at(
                path, block.line + use.line,
                f"`{use.text}`: {use.api.label} {use.api.reason}",
                hint=f"use {use.api.use}",
                fingerprint=f"{use.api.label}:{use.text}",
            )
