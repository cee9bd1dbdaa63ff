"""The catalog of stand-ins: hub id -> how to build its offline replacement.

coursekit ships ``catalog.json``; a course adds or overrides entries in
``[tool.coursekit.standins]`` with the same shape::

    [tool.coursekit.standins.models."my-org/my-bert"]
    architecture = "bert"
    size = "tiny"
    tokenizer = "cased"
    seed = 5
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

KINDS = ("models", "datasets", "metrics")
SCHEMA: dict[str, dict[str, tuple[object, ...] | type]] = {
    "models": {"architecture": ("bert", "distilbert"), "size": ("tiny", "minilm"),
               "tokenizer": ("cased", "uncased"), "seed": int},
    "datasets": {"generator": ("glue",), "configs": list, "seed": int},
    "metrics": {"metric": ("glue", "accuracy", "f1", "precision", "recall")},
}
GLUE_CONFIGS = ("mrpc", "mnli")


class CatalogError(ValueError):
    """A catalog entry is malformed; the message names the entry and the key."""


@dataclass(frozen=True, slots=True)
class Catalog:
    entries: Mapping[str, Mapping[str, Mapping[str, Any]]]
    """kind (``models``, ``datasets``, ``metrics``) -> hub id -> specification."""

    def get(self, kind: str, hub_id: str) -> Mapping[str, Any] | None:
        return self.entries.get(kind, {}).get(hub_id)

    def __iter__(self) -> Iterator[tuple[str, str]]:
        for kind in KINDS:
            for hub_id in sorted(self.entries.get(kind, {})):
                yield kind, hub_id

    def canonical(self) -> str:
        """Stable JSON of every entry: what a build hash covers."""
        return json.dumps(self.entries, sort_keys=True, separators=(",", ":"), default=dict)

    def as_job(self) -> dict[str, dict[str, dict[str, Any]]]:
        return {kind: {i: dict(s) for i, s in self.entries.get(kind, {}).items()}
                for kind in KINDS}


def _check(kind: str, hub_id: str, spec: Any, where: str) -> dict[str, Any]:
    if not isinstance(spec, Mapping):
        raise CatalogError(f"{where}: {kind} `{hub_id}` must be a table, got {spec!r}")
    schema = SCHEMA[kind]
    unknown = sorted(set(spec) - set(schema))
    if unknown:
        raise CatalogError(f"{where}: {kind} `{hub_id}` has unknown key(s) {', '.join(unknown)}")
    for key, allowed in schema.items():
        if key not in spec:
            raise CatalogError(f"{where}: {kind} `{hub_id}` lacks `{key}`")
        value = spec[key]
        if isinstance(allowed, tuple):
            ok = value in allowed
        else:
            ok = isinstance(value, allowed) and not isinstance(value, bool)
        if not ok:
            raise CatalogError(f"{where}: {kind} `{hub_id}`: bad `{key}` {value!r}")
    if kind == "models" and spec["size"] == "minilm" and (
        spec["architecture"] != "bert" or spec["tokenizer"] != "uncased"
    ):
        raise CatalogError(f"{where}: models `{hub_id}`: size minilm is an uncased bert")
    if kind == "datasets" and not all(c in GLUE_CONFIGS for c in spec["configs"]):
        raise CatalogError(f"{where}: datasets `{hub_id}`: configs must be among mrpc, mnli")
    return dict(spec)


def _merge(base: dict[str, dict[str, dict[str, Any]]], table: Mapping[str, Any],
           where: str) -> None:
    for kind, entries in table.items():
        if kind not in KINDS:
            raise CatalogError(f"{where}: unknown stand-in kind `{kind}` (expected "
                               f"{', '.join(KINDS)})")
        if not isinstance(entries, Mapping):
            raise CatalogError(f"{where}: `{kind}` must be a table")
        for hub_id, spec in entries.items():
            base.setdefault(kind, {})[str(hub_id)] = _check(kind, str(hub_id), spec, where)


def shipped_table() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("catalog.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def load_catalog(course_table: Mapping[str, Any] | None = None) -> Catalog:
    """The shipped catalog, with a course's ``[tool.coursekit.standins]`` on top."""
    entries: dict[str, dict[str, dict[str, Any]]] = {kind: {} for kind in KINDS}
    _merge(entries, shipped_table(), "coursekit/standins/catalog.json")
    if course_table:
        _merge(entries, course_table, "[tool.coursekit.standins]")
    return Catalog(entries)
