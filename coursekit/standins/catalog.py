"""The catalog of stand-ins: hub id -> the family, schema or metric it is built from.

coursekit ships ``catalog.json``: model *families* (architecture, tokenizer kind, head,
weights, and the real checkpoints' ``config`` values and tokenizer ``vocabulary`` where
they differ from the configuration class's defaults), named label sets, dataset
*schemas*, and the hub ids mapped to them; a model entry may carry ``config`` and
``vocabulary`` facts of its own, over its family's (see ``facts.py``). A course adds ids
(or families, schemas, label sets) in ``[tool.coursekit.standins]``, in two lines for an
id of a known family::

    [tool.coursekit.standins.models]
    "my-org/my-bert" = "bert-cased"

or with a head and labels::

    [tool.coursekit.standins.models."my-org/my-classifier"]
    family = "distilbert-uncased"
    head = "sequence-classification"
    labels = ["negative", "positive"]

Facts are recorded only where the real checkpoint is known: of the Marian pairs, only
opus-mt-en-fr, -fr-en (59,514 entries) and -zh-en, -en-zh (65,001) carry their own
vocabulary; the other pairs keep the family's (MarianConfig's 58,101), which is not
every real pair's.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from .facts import FACTS, facts_problem, merged_facts, real_problem

KINDS = ("models", "datasets", "metrics")
TABLES = ("families", "labels", "schemas")
ARCHITECTURES = ("bert", "distilbert", "electra", "roberta", "xlm-roberta", "camembert",
                 "albert", "xlnet", "gpt2", "gpt_neo", "t5", "mt5", "bart", "llama", "qwen2",
                 "qwen3", "whisper", "wav2vec2", "hubert", "vit", "vits", "deberta-v2", "marian",
                 "speecht5", "speecht5_hifigan", "bark", "musicgen", "clap")
TOKENIZERS = ("wordpiece-uncased", "wordpiece-cased", "bpe", "unigram", "chars", "vits-chars",
              "spm-unigram", "spm-chars", "none")
HEADS = ("base", "masked-lm", "causal-lm", "seq2seq-lm", "sequence-classification",
         "token-classification", "question-answering", "speech-seq2seq", "ctc",
         "audio-classification", "image-classification", "text-to-waveform",
         "text-to-spectrogram", "speech-to-speech", "vocoder")
COMPANIONS = {"text-to-spectrogram": ("microsoft/speecht5_hifigan",)}
"""Head -> models loaded along with it without being named: the text-to-speech pipeline
turns a spectrogram into a waveform with this vocoder unless the lesson passes one."""
VARIANTS = {"clap": ("fused",)}
"""Architecture -> the variants a family may name (CLAP's fused audio encoder)."""
WEIGHTS = ("random", "minilm")
METRICS = ("glue", "accuracy", "f1", "precision", "recall", "seqeval", "sacrebleu", "bleu",
           "rouge", "squad", "squad_v2", "wer", "cer", "perplexity", "exact_match", "mse")
GLUE_CONFIGS = ("mrpc", "mnli")
ROWS = ("block", "real")
"""How many rows a dataset stand-in's splits hold: ``block``, the distinct rows of the
schema's ``splits``; ``real``, the real dataset's counts (``real``, per configuration
where they differ), made by repeating that block (see ``builder/repeat.py``). A schema
may make ``real`` its default: the speech datasets whose rows are grouped by speaker, a
grouping whose sizes are only like the real ones at the real length."""


class CatalogError(ValueError):
    """A catalog entry is malformed; the message names the entry and the key."""


@dataclass(frozen=True, slots=True)
class Catalog:
    entries: Mapping[str, Mapping[str, Mapping[str, Any]]]
    """kind (``models``, ``datasets``, ``metrics``) -> hub id -> resolved specification."""

    def get(self, kind: str, hub_id: str) -> Mapping[str, Any] | None:
        return self.entries.get(kind, {}).get(hub_id)

    def __iter__(self) -> Iterator[tuple[str, str]]:
        for kind in KINDS:
            for hub_id in sorted(self.entries.get(kind, {})):
                yield kind, hub_id

    def subset(self, wanted: Iterable[tuple[str, str]]) -> Catalog:
        """Only the entries named (those the lessons in scope use), and the models they
        load by default (see :data:`COMPANIONS`)."""
        keep: dict[str, dict[str, Mapping[str, Any]]] = {kind: {} for kind in KINDS}
        for kind, hub_id in wanted:
            spec = self.get(kind, hub_id)
            if spec is not None:
                keep[kind][hub_id] = spec
        for spec in list(keep["models"].values()):
            for companion in COMPANIONS.get(str(spec.get("head")), ()):
                found = self.get("models", companion)
                if found is not None:
                    keep["models"][companion] = found
        return Catalog(keep)

    def at_real_size(self, dataset_ids: Iterable[str]) -> Catalog:
        """The same entries, with the datasets named built at their real row counts."""
        datasets = dict(self.entries.get("datasets", {}))
        for hub_id in dataset_ids:
            if hub_id in datasets:
                datasets[hub_id] = {**datasets[hub_id], "rows": "real"}
        return Catalog({**self.entries, "datasets": datasets})

    def canonical(self) -> str:
        """Stable JSON of every entry: what a build hash covers."""
        return json.dumps(self.entries, sort_keys=True, separators=(",", ":"), default=dict)

    def as_job(self) -> dict[str, dict[str, dict[str, Any]]]:
        return {kind: {i: dict(s) for i, s in self.entries.get(kind, {}).items()}
                for kind in KINDS}


def _seed(hub_id: str) -> int:
    return int(hashlib.sha256(hub_id.encode("utf-8")).hexdigest()[:8], 16)


def _choice(where: str, what: str, key: str, value: Any, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise CatalogError(f"{where}: {what}: bad `{key}` {value!r} (expected one of "
                           f"{', '.join(allowed)})")
    return str(value)


def _table(where: str, what: str, spec: Any, keys: set[str], required: set[str]) -> dict[str, Any]:
    if not isinstance(spec, Mapping):
        raise CatalogError(f"{where}: {what} must be a table, got {spec!r}")
    unknown = sorted(set(spec) - keys)
    if unknown:
        raise CatalogError(f"{where}: {what} has unknown key(s) {', '.join(unknown)}")
    for key in sorted(required - set(spec)):
        raise CatalogError(f"{where}: {what} lacks `{key}`")
    return dict(spec)


def _family(where: str, name: str, spec: Any) -> dict[str, Any]:
    what = f"families `{name}`"
    family = _table(where, what, spec,
                    {"architecture", "tokenizer", "head", "weights", "labels", "variant",
                     *FACTS},
                    {"architecture", "tokenizer"})
    _facts(where, what, family)
    _choice(where, what, "architecture", family["architecture"], ARCHITECTURES)
    if "variant" in family:
        _choice(where, what, "variant", family["variant"],
                VARIANTS.get(family["architecture"], ()))
    _choice(where, what, "tokenizer", family["tokenizer"], TOKENIZERS)
    family.setdefault("head", "base")
    _choice(where, what, "head", family["head"], HEADS)
    family.setdefault("weights", "random")
    _choice(where, what, "weights", family["weights"], WEIGHTS)
    if family["weights"] == "minilm" and (family["architecture"], family["tokenizer"]) != (
            "bert", "wordpiece-uncased"):
        raise CatalogError(f"{where}: {what}: weights minilm is an uncased bert")
    return family


def _facts(where: str, what: str, entry: Mapping[str, Any]) -> None:
    problem = facts_problem(entry)
    if problem:
        raise CatalogError(f"{where}: {what}: {problem}")


def _labels(where: str, what: str, value: Any, named: Mapping[str, list[str]]) -> list[str]:
    if isinstance(value, str):
        if value not in named:
            raise CatalogError(f"{where}: {what}: unknown label set `{value}` (known: "
                               f"{', '.join(sorted(named))})")
        return list(named[value])
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise CatalogError(f"{where}: {what}: `labels` must be a label set name or a list of "
                           f"names, got {value!r}")
    return list(value)


def _model(where: str, hub_id: str, spec: Any, tables: Mapping[str, Any]) -> dict[str, Any]:
    what = f"models `{hub_id}`"
    entry = {"family": spec} if isinstance(spec, str) else _table(
        where, what, spec, {"family", "head", "labels", "seed", *FACTS}, {"family"})
    _facts(where, what, entry)
    families = tables["families"]
    if entry["family"] not in families:
        raise CatalogError(f"{where}: {what}: unknown family `{entry['family']}` (known: "
                           f"{', '.join(sorted(families))})")
    resolved = dict(families[entry["family"]])
    resolved["family"] = entry["family"]
    resolved.update(merged_facts(resolved, entry))
    if "head" in entry:
        resolved["head"] = _choice(where, what, "head", entry["head"], HEADS)
    labels = entry.get("labels", resolved.pop("labels", None))
    if labels is not None:
        resolved["labels"] = _labels(where, what, labels, tables["labels"])
    seed = entry.get("seed", _seed(hub_id))
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise CatalogError(f"{where}: {what}: bad `seed` {seed!r}")
    resolved["seed"] = seed
    return resolved


def _rows(where: str, what: str, entry: Mapping[str, Any], default: str = "block") -> str:
    return _choice(where, what, "rows", entry.get("rows", default), ROWS)


def _dataset(where: str, hub_id: str, spec: Any, tables: Mapping[str, Any]) -> dict[str, Any]:
    what = f"datasets `{hub_id}`"
    entry = {"schema": spec} if isinstance(spec, str) else _table(
        where, what, spec, {"schema", "configs", "seed", "rows"}, {"schema"})
    name = entry["schema"]
    rows = _rows(where, what, entry, tables["schemas"].get(name, {}).get("rows", "block"))
    if name == "glue":
        configs = entry.get("configs", list(GLUE_CONFIGS))
        if not isinstance(configs, list) or not all(c in GLUE_CONFIGS for c in configs):
            raise CatalogError(f"{where}: {what}: configs must be among "
                               f"{', '.join(GLUE_CONFIGS)}")
        return {"schema": "glue", "configs": configs, "seed": entry.get("seed", 7), "rows": rows}
    if name not in tables["schemas"]:
        raise CatalogError(f"{where}: {what}: unknown schema `{name}` (known: glue, "
                           f"{', '.join(sorted(tables['schemas']))})")
    schema = tables["schemas"][name]
    configs = entry.get("configs", schema.get("configs", ["default"]))
    if not isinstance(configs, list) or not all(isinstance(c, str) for c in configs):
        raise CatalogError(f"{where}: {what}: `configs` must be a list of names")
    seed = entry.get("seed", _seed(hub_id) % 1000)
    return {"schema": name, "configs": configs, "seed": seed, "rows": rows,
            "features": schema["features"], "splits": schema["splits"],
            "real": schema.get("real", schema["splits"])}


def _schema(where: str, name: str, spec: Any) -> dict[str, Any]:
    what = f"schemas `{name}`"
    schema = _table(where, what, spec, {"features", "splits", "configs", "real", "rows"},
                    {"features", "splits"})
    _rows(where, what, schema)
    if not isinstance(schema["features"], Mapping) or not schema["features"]:
        raise CatalogError(f"{where}: {what}: `features` must be a non-empty table")
    counts = schema["splits"]
    if not isinstance(counts, Mapping) or not all(
            isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in counts.values()):
        raise CatalogError(f"{where}: {what}: `splits` maps split names to row counts")
    problem = real_problem(schema.get("real", {}), counts, schema.get("configs", ["default"]))
    if problem:
        raise CatalogError(f"{where}: {what}: {problem}")
    return schema


def _metric(where: str, metric_id: str, spec: Any) -> dict[str, Any]:
    what = f"metrics `{metric_id}`"
    entry = {"metric": spec} if isinstance(spec, str) else _table(
        where, what, spec, {"metric"}, {"metric"})
    _choice(where, what, "metric", entry["metric"], METRICS)
    return entry


def _merge(raw: dict[str, dict[str, Any]], table: Mapping[str, Any], where: str) -> None:
    for kind, entries in table.items():
        if kind not in KINDS + TABLES:
            raise CatalogError(f"{where}: unknown stand-in kind `{kind}` (expected "
                               f"{', '.join(KINDS + TABLES)})")
        if not isinstance(entries, Mapping):
            raise CatalogError(f"{where}: `{kind}` must be a table")
        for key, spec in entries.items():
            raw.setdefault(kind, {})[str(key)] = (spec, where)


def shipped_table() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("catalog.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def load_catalog(course_table: Mapping[str, Any] | None = None) -> Catalog:
    """The shipped catalog, with a course's ``[tool.coursekit.standins]`` on top."""
    raw: dict[str, dict[str, Any]] = {kind: {} for kind in KINDS + TABLES}
    _merge(raw, shipped_table(), "coursekit/standins/catalog.json")
    if course_table:
        _merge(raw, course_table, "[tool.coursekit.standins]")
    tables: dict[str, Any] = {
        "families": {n: _family(w, n, s) for n, (s, w) in raw["families"].items()},
        "schemas": {n: _schema(w, n, s) for n, (s, w) in raw["schemas"].items()},
        "labels": {},
    }
    for name, (spec, where) in raw["labels"].items():
        tables["labels"][name] = _labels(where, f"labels `{name}`", spec, {})
    entries: dict[str, dict[str, dict[str, Any]]] = {
        "models": {i: _model(w, i, s, tables) for i, (s, w) in raw["models"].items()},
        "datasets": {i: _dataset(w, i, s, tables) for i, (s, w) in raw["datasets"].items()},
        "metrics": {i: _metric(w, i, s) for i, (s, w) in raw["metrics"].items()},
    }
    return Catalog(entries)


def family_names() -> list[str]:
    return sorted(shipped_table()["families"])
