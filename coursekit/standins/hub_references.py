"""Find the hub ids that lesson code loads, in the syntax tree of each code block.

A reference is a string argument of ``*.from_pretrained``, ``pipeline(model=...)``,
``load_dataset`` or ``evaluate.load``/``load_metric`` (under whatever name the lesson
imports them: ``from evaluate import load``), directly or through a variable
assigned a string literal anywhere in the lesson (``checkpoint = "bert-base-uncased"``
in one cell, ``from_pretrained(checkpoint)`` in the next), plus any string assigned to
a checkpoint-like name; ``pipeline("task")`` without a model refers to the task's
default model. Paths that the lesson itself saves to, local paths and the packaged
dataset builders (``csv``, ``json``...) are not hub ids. Ids the lesson pushes to
(``push_to_hub``, ``hub_model_id=``) and placeholders (``your-username/...``) are
kept apart: they name no model to stand in for. The calls that load, other libraries'
constructors and smolagents' Hub tools among them, are listed in
:mod:`~coursekit.standins.loaders`. An id written with its revision
(``org/name@2.1``) is the id loaded at that revision, as is one given ``revision=``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import product

from coursekit.lessons.python import code_facts
from coursekit.standins.defaults import default_model
from coursekit.standins.loaders import (
    DATASET,
    MODEL,
    PIPELINE,
    TOOL,
    Loader,
    callee,
    loader_of,
    split_revision,
)

HUB_ID = re.compile(r"^[A-Za-z0-9][\w.-]*(/[\w.-]+)?$")
PACKAGED_BUILDERS = frozenset({
    "csv", "json", "parquet", "text", "arrow", "pandas", "imagefolder", "audiofolder",
    "videofolder", "webdataset", "xml", "sql", "generator", "spark", "cache", "pdffolder",
})
CHECKPOINT_NAME = re.compile(r"(checkpoint|ckpt|model_name|model_id|model_checkpoint)$")
SAVERS = ("save_pretrained", "save_to_disk", "save_model", "to_csv", "to_json")
PUSHERS = ("push_to_hub", "create_repo", "upload_file", "upload_folder")
PUSH_KEYWORDS = ("hub_model_id",)
"""Keywords naming a push target in any call; ``repo_id`` only counts in a pusher (an
inference client's ``repo_id`` names a remote model, not one the lesson pushes)."""
PLACEHOLDER = re.compile(r"(?i)(your|user[-_]?name|my[-_]awesome|<|>|\{|xxx|\.\.\.)")
LOAD, PUSH, PLACEHOLDER_ROLE = "load", "push-target", "placeholder"


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
    """``models``, ``datasets``, ``metrics`` or ``tools``."""
    hub_id: str
    path: str
    line: int
    role: str = LOAD
    """``load`` (needs a stand-in), ``push-target`` or ``placeholder``."""
    via: str = ""
    """How the id was reached when the lesson does not spell it (``pipeline("ner")``)."""
    config: str = ""
    """The configuration a dataset is loaded in (``load_dataset("glue", "mnli")``), where
    the lesson names one."""
    revision: str = ""
    """The revision the id is loaded at (``revision="v2"``, ``org/name@v2``), where the
    lesson names one."""


def _string(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def is_hub_id(text: str) -> bool:
    return bool(HUB_ID.match(text)) and not text.startswith(".") and text not in PACKAGED_BUILDERS


def is_placeholder(text: str) -> bool:
    return bool(PLACEHOLDER.search(text))


def _keyword(node: ast.Call, name: str) -> ast.expr | None:
    return next((kw.value for kw in node.keywords if kw.arg == name), None)


def _pipeline_model(node: ast.Call) -> tuple[ast.expr | None, str | None]:
    """(model argument, task) of a ``pipeline(...)`` call."""
    model = _keyword(node, "model")
    if model is None and len(node.args) > 1:
        model = node.args[1]
    task = _string(_keyword(node, "task") or (node.args[0] if node.args else None))
    return model, task


_Trees = list[tuple[Snippet, ast.Module]]
_Strings = dict[str, list[tuple[str, Snippet, int]]]
"""Each name assigned a string literal: the strings, with where each was assigned."""


def _values(node: ast.expr | None, strings: _Strings) -> list[str]:
    """The strings an argument may hold: a literal, or a name assigned literals."""
    if (value := _string(node)) is not None:
        return [value]
    if isinstance(node, ast.Name):
        return [v for v, _, _ in strings.get(node.id, [])]
    return []


def _assignments(trees: _Trees) -> tuple[_Strings, set[str]]:
    """The strings assigned to names, and the paths the lesson saves to."""
    strings: _Strings = {}
    saved: set[str] = set()
    for snippet, tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and (value := _string(node.value)) is not None:
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        strings.setdefault(target.id, []).append((value, snippet, node.lineno))
            elif isinstance(node, ast.Call) and callee(node)[1] in SAVERS:
                saved.update(v for a in node.args if (v := _string(a)) is not None)
    return strings, saved


def _push_targets(trees: _Trees, strings: _Strings) -> dict[str, tuple[Snippet, int]]:
    """The ids the lesson pushes to, each with where it is first pushed to."""
    pushed: dict[str, tuple[Snippet, int]] = {}
    for snippet, tree in trees:
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            targets = [kw.value for kw in node.keywords if kw.arg in PUSH_KEYWORDS]
            if callee(node)[1] in PUSHERS:
                targets += node.args[:1]
                targets += [kw.value for kw in node.keywords if kw.arg in ("repo_id", "repo_name")]
            for target in targets:
                for value in _values(target, strings):
                    pushed.setdefault(value, (snippet, snippet.line + node.lineno - 1))
    return pushed


def _aliases(trees: _Trees) -> dict[str, str]:
    """Each name the lesson's imports bind -> the qualified name it stands for."""
    return {local: qualified for snippet, _ in trees
            for local, qualified in code_facts(snippet.source).import_bindings}


def _loads(
    trees: _Trees, strings: _Strings, defaults: Mapping[str, str] | None,
) -> set[HubReference]:
    """The ids that hub-loading calls read, and the default models of bare pipelines."""
    found: set[HubReference] = set()
    aliases = _aliases(trees)
    for snippet, tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and (loader := loader_of(node, aliases)) is not None:
                line = snippet.line + node.lineno - 1
                found.update(_call_references(node, loader, strings, defaults or {},
                                              snippet.path, line))
    return found


def _call_references(
    node: ast.Call, loader: Loader, strings: _Strings, defaults: Mapping[str, str],
    path: str, line: int,
) -> Iterator[HubReference]:
    """The references of one loading call, in each configuration and revision it names."""
    if loader is PIPELINE:
        argument, task = _pipeline_model(node)
        if argument is None:
            model = default_model(task, defaults) if task else None
            if model:
                yield HubReference(MODEL, model, path, line, via=f'pipeline("{task}")')
            return
        arguments = [argument]
    else:
        arguments = loader.arguments(node)
    configs = _values(_config_argument(node), strings) if loader.kind == DATASET else []
    revisions = _values(_keyword(node, "revision"), strings)
    for value, config, revision in product(
            [v for a in arguments for v in _values(a, strings)], configs or [""],
            revisions or [""]):
        yield HubReference(loader.kind, value, path, line, config=config, revision=revision)


def _config_argument(node: ast.Call) -> ast.expr | None:
    """The configuration argument of a ``load_dataset`` call (its second, or ``name``)."""
    return node.args[1] if len(node.args) > 1 else _keyword(node, "name")


def _with_roles(
    found: set[HubReference], pushed: Mapping[str, object], saved: set[str],
) -> list[HubReference]:
    """The references in order, loads of what the lesson pushes or saves left out, and
    placeholders marked."""
    out: list[HubReference] = []
    for ref in sorted(_split_revisions(found)):
        if ref.kind == TOOL and "/" not in ref.hub_id:
            continue  # a built-in tool's task name (transformers' agents), not a Space
        if ref.role == LOAD and ref.hub_id in pushed:
            continue
        if not is_hub_id(ref.hub_id) and ref.role == LOAD:
            if is_placeholder(ref.hub_id) and "/" in ref.hub_id:
                out.append(replace(ref, role=PLACEHOLDER_ROLE))
            continue
        if ref.role == LOAD and ref.hub_id in saved:
            continue
        if ref.role == LOAD and is_placeholder(ref.hub_id):
            ref = replace(ref, role=PLACEHOLDER_ROLE)
        out.append(ref)
    return out


def _split_revisions(found: Iterable[HubReference]) -> set[HubReference]:
    """The references with an id written with its revision (``org/name@2.1``) parted."""
    out: set[HubReference] = set()
    for ref in found:
        parted = split_revision(ref.hub_id)
        out.add(replace(ref, hub_id=parted[0], revision=ref.revision or parted[1])
                if parted else ref)
    return out


def references(
    snippets: Sequence[Snippet], defaults: Mapping[str, str] | None = None,
) -> list[HubReference]:
    """Hub references in the snippets of one lesson (variables are shared between them).

    ``defaults`` maps a pipeline task to its default model id (see
    :mod:`coursekit.standins.defaults`)."""
    trees = [(s, tree) for s in snippets if (tree := code_facts(s.source).tree) is not None]
    strings, saved = _assignments(trees)
    pushed = _push_targets(trees, strings)
    found = _loads(trees, strings, defaults)
    for name, assigned in strings.items():
        if CHECKPOINT_NAME.search(name):
            found.update(HubReference(MODEL, value, snippet.path, snippet.line + lineno - 1)
                         for value, snippet, lineno in assigned)
    for value, (snippet, line) in pushed.items():
        found.add(HubReference(MODEL, value, snippet.path, line, role=PUSH))
    return _with_roles(found, pushed, saved)


def unique_ids(found: Iterable[HubReference]) -> dict[tuple[str, str], list[HubReference]]:
    """Loaded references grouped by (kind, hub id)."""
    grouped: dict[tuple[str, str], list[HubReference]] = {}
    for ref in found:
        if ref.role != LOAD:
            continue
        grouped.setdefault((ref.kind, ref.hub_id), []).append(ref)
    return dict(sorted(grouped.items()))
