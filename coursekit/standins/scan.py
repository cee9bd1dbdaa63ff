"""Find the hub ids that lesson code loads, in the syntax tree of each code block.

A reference is a string argument of ``*.from_pretrained``, ``load_dataset`` or
``evaluate.load``/``load_metric``, directly or through a variable assigned a
string literal anywhere in the lesson (``checkpoint = "bert-base-uncased"`` in one
cell, ``from_pretrained(checkpoint)`` in the next), plus any string assigned to a
checkpoint-like name. Paths that the lesson itself saves to, local paths and the
packaged dataset builders (``csv``, ``json``...) are not hub ids.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from coursekit.lessons.python import code_facts

MODEL, DATASET, METRIC = "models", "datasets", "metrics"
HUB_ID = re.compile(r"^[A-Za-z0-9][\w.-]*(/[\w.-]+)?$")
PACKAGED_BUILDERS = frozenset({
    "csv", "json", "parquet", "text", "arrow", "pandas", "imagefolder", "audiofolder",
    "videofolder", "webdataset", "xml", "sql", "generator", "spark", "cache", "pdffolder",
})
CHECKPOINT_NAME = re.compile(r"(checkpoint|ckpt|model_name|model_id|model_checkpoint)$")
SAVERS = ("save_pretrained", "save_to_disk", "save_model", "push_to_hub", "to_csv", "to_json")


@dataclass(frozen=True, slots=True)
class Snippet:
    """A piece of lesson code and where it starts in its file."""

    source: str
    path: str
    line: int
    """File line of the snippet's first line."""


@dataclass(frozen=True, slots=True, order=True)
class HubReference:
    kind: str
    """``models``, ``datasets`` or ``metrics``."""
    hub_id: str
    path: str
    line: int


def _callee(node: ast.Call) -> tuple[str | None, str]:
    """(object name, attribute or function name) of a call."""
    func = node.func
    if isinstance(func, ast.Attribute):
        owner = func.value.id if isinstance(func.value, ast.Name) else None
        return owner, func.attr
    if isinstance(func, ast.Name):
        return None, func.id
    return None, ""


def _kind(node: ast.Call) -> tuple[str, str] | None:
    """(kind, keyword of the id argument) when the call loads from the hub."""
    owner, name = _callee(node)
    if name == "from_pretrained":
        return MODEL, "pretrained_model_name_or_path"
    if name == "load_dataset":
        return DATASET, "path"
    if (owner == "evaluate" and name == "load") or name == "load_metric":
        return METRIC, "path"
    return None


def _first_argument(node: ast.Call, keyword: str) -> ast.expr | None:
    if node.args:
        return node.args[0]
    for kw in node.keywords:
        if kw.arg == keyword:
            return kw.value
    return None


def _string(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def is_hub_id(text: str) -> bool:
    return bool(HUB_ID.match(text)) and not text.startswith(".") and text not in PACKAGED_BUILDERS


def references(snippets: Sequence[Snippet]) -> list[HubReference]:
    """Hub references in the snippets of one lesson (variables are shared between them)."""
    trees = [(s, tree) for s in snippets if (tree := code_facts(s.source).tree) is not None]
    strings: dict[str, list[tuple[str, Snippet, int]]] = {}
    saved: set[str] = set()
    found: set[HubReference] = set()
    for snippet, tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and (value := _string(node.value)) is not None:
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        strings.setdefault(target.id, []).append((value, snippet, node.lineno))
            elif isinstance(node, ast.Call) and _callee(node)[1] in SAVERS:
                saved.update(v for a in node.args if (v := _string(a)) is not None)
    for snippet, tree in trees:
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or (kind := _kind(node)) is None:
                continue
            argument = _first_argument(node, kind[1])
            line = snippet.line + node.lineno - 1
            if (value := _string(argument)) is not None:
                found.add(HubReference(kind[0], value, snippet.path, line))
            elif isinstance(argument, ast.Name):
                found.update(HubReference(kind[0], value, snippet.path, line)
                             for value, _, _ in strings.get(argument.id, []))
    for name, values in strings.items():
        if CHECKPOINT_NAME.search(name):
            found.update(HubReference(MODEL, value, snippet.path, snippet.line + lineno - 1)
                         for value, snippet, lineno in values)
    return sorted(r for r in found if is_hub_id(r.hub_id) and r.hub_id not in saved)


def unique_ids(found: Iterable[HubReference]) -> dict[tuple[str, str], list[HubReference]]:
    """References grouped by (kind, hub id)."""
    grouped: dict[tuple[str, str], list[HubReference]] = {}
    for ref in found:
        grouped.setdefault((ref.kind, ref.hub_id), []).append(ref)
    return dict(sorted(grouped.items()))
