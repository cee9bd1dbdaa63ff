"""Removed and renamed APIs, found in lesson code with ``ast``.

The table itself (``coursekit.stale_apis``) is shared with verify, which names the
same replacements when running such code fails.
"""

from __future__ import annotations

import ast
import re
import weakref
from collections.abc import Iterable, Iterator, Mapping, Sequence

from coursekit.diagnostics import Diagnostic
from coursekit.fixes.code import fix_tiers
from coursekit.lessons.model import Code, CodeRole
from coursekit.lessons.python import CodeFacts
from coursekit.stale_apis import (
    ANY_CALL,
    StaleApi,
    StaleApiError,
    Tier,
    Use,
    bundled,
    entry_from_table,
    search_pattern,
)
from coursekit.translations.rules import STALE_API

__all__ = ["ANY_CALL", "StaleApi", "StaleApiError", "StaleApiScan", "Use", "bundled",
           "check_lesson", "entry_from_table"]

def aliases(code: Iterable[Code]) -> frozenset[tuple[str, str]]:
    """Local name -> qualified name, for every import of the lesson's Python code; and
    for a name that is only ever assigned one imported callable's result (``client =
    InferenceClient(...)``), that callable followed by ``()``: the class of its object,
    as far as the lesson tells."""
    found: dict[str, str] = {}
    blocks = [block for block in code if block.role is CodeRole.PYTHON]
    for block in blocks:
        if "import" in block.source:
            found.update(block.facts.import_bindings)
    made: dict[str, set[str | None]] = {}
    for block in blocks:
        for name, value in _assigned(block.facts):
            callee = _qualified(value.func, found) if isinstance(value, ast.Call) else None
            made.setdefault(name, set()).add(
                f"{callee[0]}()" if callee is not None and callee[1] else None)
    for name, classes in made.items():
        only = next(iter(classes)) if len(classes) == 1 else None
        if only is not None and name not in found:
            found[name] = only
    return frozenset(found.items())


_ASSIGNED: weakref.WeakKeyDictionary[CodeFacts, tuple[tuple[str, ast.expr], ...]] = \
    weakref.WeakKeyDictionary()
"""The plain assignments of each text's facts, read once: a source lesson is scanned
again with each of its translations, and most blocks are shared by their texts."""


def _assigned(facts: CodeFacts) -> tuple[tuple[str, ast.expr], ...]:
    found = _ASSIGNED.get(facts)
    if found is None:
        found = _ASSIGNED[facts] = tuple(_assignments(facts.tree))
    return found


def _assignments(tree: ast.Module | None) -> Iterator[tuple[str, ast.expr]]:
    """Each name a plain assignment binds (``x = ...``, ``x: T = ...``), with its value; a
    name bound any other way (``x += 1``, ``for x in``, ``with ... as x``, a function's
    parameter, ``except E as x``) with no value to tell by: such a name may hold another
    object somewhere in the lesson (a ``client`` parameter of a helper is whatever its
    caller passes)."""
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, ast.Assign):
            for target in node.targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        yield name.id, node.value if target is name else ast.Constant(None)
        elif isinstance(node, ast.AnnAssign | ast.AugAssign | ast.NamedExpr) and \
                isinstance(node.target, ast.Name):
            value = node.value if isinstance(node, ast.AnnAssign | ast.NamedExpr) else None
            yield node.target.id, value if value is not None else ast.Constant(None)
        else:
            for bound in _bound_otherwise(node):
                yield bound, ast.Constant(None)


def _bound_otherwise(node: ast.AST) -> Iterator[str]:
    """The names ``node`` binds with no value of its own: loop, ``with`` and
    comprehension targets, parameters, an ``except`` clause's name."""
    targets: list[ast.expr | None] = []
    if isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
        targets.append(node.target)
    elif isinstance(node, ast.withitem):
        targets.append(node.optional_vars)
    elif isinstance(node, ast.arguments):
        yield from (arg.arg for arg in (*node.posonlyargs, *node.args, *node.kwonlyargs,
                                        *(a for a in (node.vararg, node.kwarg) if a)))
    elif isinstance(node, ast.ExceptHandler) and node.name:
        yield node.name
    for target in targets:
        for name in ast.walk(target) if target is not None else ():
            if isinstance(name, ast.Name):
                yield name.id


def _qualified(node: ast.expr, names: Mapping[str, str]) -> tuple[str, bool] | None:
    """Dotted name of ``node`` with imports resolved, and whether its root was imported
    (``huggingface_hub.InferenceClient().post`` for a method of an object of the class)."""
    if isinstance(node, ast.Name):
        resolved = names.get(node.id)
        return (resolved, True) if resolved is not None else (node.id, False)
    if isinstance(node, ast.Attribute):
        base = _qualified(node.value, names)
        if base is not None:
            return f"{base[0]}.{node.attr}", base[1]
    if isinstance(node, ast.Call):
        base = _qualified(node.func, names)
        if base is not None:
            return f"{base[0]}()", base[1]
    return None


def _call_match(api: StaleApi, func: ast.expr, names: Mapping[str, str]) -> str | None:
    """Whether ``func`` is the entry's callable: ``None`` when not, ``""`` when the
    lesson's imports and assignments tell that it is, else why it may be another."""
    if api.call == ANY_CALL:
        return ""
    found = _qualified(func, names)
    if found is None or api.call is None:
        return None
    dotted, imported = found
    if imported:
        return "" if dotted.replace("()", "") == api.call else None
    # Not imported in this lesson (an earlier lesson may have done it): the bare name.
    if dotted.rsplit(".", 1)[-1] != api.call.rsplit(".", 1)[-1]:
        return None
    if isinstance(func, ast.Attribute):
        owner = api.call.rsplit(".", 1)[0]
        return (f"`{ast.unparse(func.value)}` is not known from the lesson's imports and "
                f"assignments to be `{owner}`")
    return (f"`{dotted}` is not imported from `{api.call.rsplit('.', 1)[0]}` in the lesson: "
            "it may be another callable of that name")


def _uses_in_tree(
    tree: ast.Module, apis: Sequence[StaleApi], names: Mapping[str, str]
) -> Iterator[Use]:
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                dotted = f"{node.module}.{alias.name}"
                for api in apis:
                    if api.name == dotted:
                        yield Use(api, alias.lineno, f"from {node.module} import {alias.name}",
                                  alias)
        elif isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Store):
            # `np.float = float` is a shim that puts the alias back, not a use of it
            found = _qualified(node, names)
            for api in apis:
                if api.name is not None and found == (api.name, True):
                    yield Use(api, _last_line(node), ast.unparse(node), node)
        if isinstance(node, ast.Call):
            keywords = {kw.arg: kw for kw in node.keywords if kw.arg}
            task, task_line = _pipeline_task(node) or (None, 0)
            for api in apis:
                if api.task is not None and task is not None and (
                        task == api.task or task.startswith(api.task + "_")):
                    yield Use(api, task_line, f"{ast.unparse(node.func)}({task!r})", node)
                given = keywords.get(api.keyword) if api.keyword is not None else None
                unsure = None if given is None else _call_match(api, node.func, names)
                if given is not None and unsure is not None:
                    yield Use(api, given.lineno, f"{ast.unparse(node.func)}({api.keyword}=...)",
                              given, unsure)
                elif (api.method is not None and isinstance(node.func, ast.Attribute)
                      and node.func.attr == api.method):
                    yield Use(api, _last_line(node.func), f"{ast.unparse(node.func)}()", node)


def _last_line(node: ast.expr) -> int:
    """The line an attribute's last name is written on: a dotted name or a chain of
    calls broken over lines starts above the part that is stale."""
    return node.end_lineno if node.end_lineno is not None else node.lineno


def _pipeline_task(node: ast.Call) -> tuple[str, int] | None:
    """The task of a ``pipeline("task", ...)`` call, when it is written as a string, and
    the line of the string."""
    name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(
        node.func, "id", None)
    if name != "pipeline":
        return None
    given = node.args[0] if node.args else next(
        (kw.value for kw in node.keywords if kw.arg == "task"), None)
    if isinstance(given, ast.Constant) and isinstance(given.value, str):
        return given.value, given.lineno
    return None


_FIXED_BY = {
    "safe": " (`coursekit fix drift` does it)",
    "unsafe": " (`coursekit fix drift --unsafe-fixes` does it: it may change behaviour)",
}


class StaleApiScan:
    """Where one table's APIs are used in lesson code, for one run.

    A block is first searched with the table's :func:`search_pattern`, and only a block
    that matches is read as a syntax tree. Most blocks recur unchanged in every
    translation, so the verdict and the uses of each block text are kept for the run
    (a check run makes one scan; nothing outlives it), with the tree they were read
    from: a block of the same text with a tree of its own is read again, as the nodes
    of its uses are what a fix edits.
    """

    def __init__(self, apis: tuple[StaleApi, ...]) -> None:
        self.apis = apis
        self._pattern = re.compile(search_pattern(apis))
        self._patterns = [(api, api.searched[1], re.compile(api.pattern)) for api in apis]
        self._suspects: dict[str, bool] = {}
        self._candidates: dict[str, tuple[StaleApi, ...]] = {}
        self._uses: dict[tuple[str, frozenset[tuple[str, str]]],
                        tuple[ast.Module | None, tuple[Use, ...]]] = {}
        self._tiers: dict[tuple[str, frozenset[tuple[str, str]]],
                          dict[tuple[StaleApi, int, str], Tier]] = {}

    def suspect(self, source: str) -> bool:
        """Whether ``source`` may use one of the table's APIs."""
        found = self._suspects.get(source)
        if found is None:
            found = self._suspects[source] = self._pattern.search(source) is not None
        return found

    def uses(self, block: Code, names: frozenset[tuple[str, str]]) -> tuple[Use, ...]:
        """Uses of the table's APIs in one block; ``names`` are the lesson's imports
        (:func:`aliases`)."""
        if block.role is not CodeRole.PYTHON or not self.suspect(block.source):
            return ()
        key = (block.source, names)
        tree = block.facts.tree
        found = self._uses.get(key)
        if found is None or found[0] is not tree:  # a fix edits the nodes of its own tree
            found = self._uses[key] = (tree, self._read(block, names))
        return found[1]

    def _read(self, block: Code, names: frozenset[tuple[str, str]]) -> tuple[Use, ...]:
        tree = block.facts.tree
        if tree is None:
            return ()
        source = block.source
        candidates = self._candidates.get(source)
        if candidates is None:
            candidates = self._candidates[source] = tuple(  # each pattern holds its word
                api for api, word, pattern in self._patterns
                if word in source and pattern.search(source))
        return tuple(_uses_in_tree(tree, candidates, dict(names)))

    def fix_tiers(self, source: str, names: frozenset[tuple[str, str]]
                  ) -> dict[tuple[StaleApi, int, str], Tier]:
        """The tier at which ``coursekit fix drift`` fixes each use in a block of text
        ``source`` (:func:`~coursekit.fixes.code.fix_tiers`), once per run."""
        key = (source, names)
        found = self._tiers.get(key)
        if found is None:
            def find(facts: CodeFacts) -> tuple[Use, ...]:
                return self.uses(Code(0, "python", "py", facts.source, known_facts=facts), names)
            found = self._tiers[key] = fix_tiers(source, find)
        return found

    def check_lesson(self, code: Sequence[Code], path: str) -> Iterator[Diagnostic]:
        """Every use of a stale API in the code blocks of one lesson."""
        suspects = [b for b in code if b.role is CodeRole.PYTHON and self.suspect(b.source)]
        if not suspects:
            return
        names = aliases(code)
        for block in suspects:
            uses = self.uses(block, names)
            tiers = self.fix_tiers(block.source, names) if uses else {}
            for use in uses:
                tier = tiers.get((use.api, use.line, use.text))
                fix = None if tier is None else tier.value
                yield STALE_API.at(
                    path, block.line + use.line,
                    f"`{use.text}`: {use.api.label} {use.api.reason}",
                    hint=f"use {use.api.use}" + _FIXED_BY.get(fix or "", ""),
                    fingerprint=f"{use.api.label}:{use.text}", fix=fix,
                )


def check_lesson(
    code: Sequence[Code], path: str, apis: tuple[StaleApi, ...]
) -> Iterator[Diagnostic]:
    """Every use of ``apis`` in the code blocks of one lesson (a scan of its own)."""
    return StaleApiScan(apis).check_lesson(code, path)
