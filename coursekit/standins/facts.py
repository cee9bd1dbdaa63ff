"""Facts of the real checkpoints and datasets that the catalog records, checked and merged.

A model's facts are ``config`` (the real checkpoint's configuration values where they
differ from its class defaults) and ``vocabulary`` (the real tokenizer's length where it
differs from the model's vocabulary size). A family carries those its checkpoints share;
a model entry carries its own, merged over its family's (the model's win): the 7B and
larger Qwen2.5 checkpoints have a longer embedding table than the 0.5B one, some Marian
pairs a larger vocabulary than others.

A dataset schema's ``real`` row counts map split names to counts, the same for every
configuration, or configuration names to such tables where the sizes differ per
configuration (WikiText-2 and WikiText-103). A configuration that a per-configuration
table does not name has no known real size: it is built with its block of distinct rows
even at real size, rather than with a length the real dataset does not have.

Each check returns what is wrong (``None`` when nothing is); the catalog raises it with
the entry's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

FACTS = ("config", "vocabulary")


def facts_problem(entry: Mapping[str, Any]) -> str | None:
    """What is wrong with an entry's ``config`` and ``vocabulary``."""
    config = entry.get("config", {})
    if not isinstance(config, Mapping) or not all(isinstance(k, str) for k in config):
        return f"`config` must be a table of configuration values, got {config!r}"
    vocabulary = entry.get("vocabulary", 1)
    if not isinstance(vocabulary, int) or isinstance(vocabulary, bool) or vocabulary < 1:
        return f"bad `vocabulary` {vocabulary!r} (the real tokenizer's length)"
    return None


def merged_facts(family: Mapping[str, Any], model: Mapping[str, Any]) -> dict[str, Any]:
    """A model's facts: its own over its family's (only the keys either has)."""
    out: dict[str, Any] = {}
    config = {**family.get("config", {}), **model.get("config", {})}
    if config:
        out["config"] = config
    vocabulary = model.get("vocabulary", family.get("vocabulary"))
    if vocabulary is not None:
        out["vocabulary"] = vocabulary
    return out


def _counts(value: Any) -> bool:
    return isinstance(value, Mapping) and all(
        isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in value.values())


def per_config(real: Mapping[str, Any]) -> bool:
    """Whether ``real`` maps configuration names to split counts."""
    return bool(real) and all(isinstance(v, Mapping) for v in real.values())


def real_problem(real: Any, splits: Mapping[str, Any], configs: list[str]) -> str | None:
    """What is wrong with a schema's ``real`` row counts, given its ``splits`` and
    ``configs``."""
    if isinstance(real, Mapping) and per_config(real):
        tables, unknown = list(real.values()), sorted(set(real) - set(configs))
        if unknown:
            return (f"`real` names configuration(s) {', '.join(unknown)} that `configs` "
                    "lacks")
    else:
        tables = [real]
    if not all(_counts(t) for t in tables):
        return ("`real` maps split names to row counts, or configuration names to such "
                "tables")
    unknown = sorted({s for t in tables for s in t} - set(splits))
    if unknown:
        return f"`real` names split(s) {', '.join(unknown)} that `splits` lacks"
    return None
