"""Dataset stand-ins, written to ``datasets``' own cache by ``datasets`` itself.

A folder laid out like the hub repository (README.md with ``configs`` and
``dataset_info``, one parquet file per split) is loaded once with
``load_dataset``; offline, ``load_dataset("<name>", config)`` then finds the
cached copy. A namespaced id (``nyu-mll/glue``) is cached under
``<namespace>___<name>``, which a local folder cannot produce, so its load goes to
a scratch cache whose folder is then moved there. A dataset built at real size
(``rows = "real"``) then has its cached splits grown to the real row counts
(``repeat.py``), or, for speech, is written whole with rows that refer to the block's
audio files.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any

from . import glue, repeat, schema

FIXED_MTIME = 946684800
"""2000-01-01: datasets hashes the source files' times into its cache folder name."""


def _readme(name: str, configs: dict[str, list[str]], glue_features: bool) -> str:
    lines = ["---", "configs:"]
    for config, splits in configs.items():
        lines += [f"- config_name: {config}", "  data_files:"]
        for split in splits:
            lines += [f"  - split: {split}", f"    path: {config}/{split}-*"]
    if glue_features:
        lines.append("dataset_info:")
        for config in configs:
            first, second = glue.COLUMNS[config]
            lines += [f"- config_name: {config}", "  features:"]
            lines += [f"  - name: {first}", "    dtype: string", f"  - name: {second}",
                      "    dtype: string", "  - name: label", "    dtype:",
                      "      class_label:", "        names:"]
            lines += [f"          '{i}': {label}" for i, label in enumerate(glue.LABELS[config])]
            lines += ["  - name: idx", "    dtype: int32"]
    lines += ["---", "", f"# {name}", "",
              "Stand-in made by coursekit from its schema: small, deterministic, offline.", ""]
    return "\n".join(lines)


def _fixed(path: Path) -> None:
    os.utime(path, (FIXED_MTIME, FIXED_MTIME))


def _write_glue(folder: Path, configs: list[str], seed: int) -> dict[str, list[str]]:
    import pyarrow as pa  # type: ignore[import-not-found, import-untyped, unused-ignore]
    import pyarrow.parquet as pq  # type: ignore[import-not-found, import-untyped, unused-ignore]

    written: dict[str, list[str]] = {}
    for config in configs:
        (folder / config).mkdir(parents=True)
        for split in glue.SPLITS[config]:
            columns = glue.rows(config, split, seed)
            first, second = glue.COLUMNS[config]
            table = pa.table({
                first: pa.array(columns[first], pa.string()),
                second: pa.array(columns[second], pa.string()),
                "label": pa.array(columns["label"], pa.int64()),
                "idx": pa.array(columns["idx"], pa.int32()),
            })
            target = folder / config / f"{split.name}-00000-of-00001.parquet"
            pq.write_table(table, target)
            _fixed(target)
            written.setdefault(config, []).append(split.name)
    return written


def _has_audio(features: dict[str, Any]) -> bool:
    return any(isinstance(f, dict) and "audio" in f for f in features.values())


def _write_schema(folder: Path, spec: dict[str, Any]) -> dict[str, list[str]]:
    """One parquet file a split, carrying the declared features in its metadata.

    A speech dataset built at real size is written whole where its audio decodes: rows
    refer by path to the audio files of the block (kept in the cache), so its other
    columns (speakers, transcripts) are as varied as the real ones. Other datasets are
    written as the block, repeated once cached (see ``repeat.py``)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    features = schema.features(spec["features"])
    written: dict[str, list[str]] = {}
    by_path = _has_audio(spec["features"]) and schema.audio_decodes()
    for config in spec["configs"]:
        (folder / config).mkdir(parents=True)
        real = real_rows(spec, config)
        language = config if re.fullmatch("[a-z]{2}", config) else ""
        for split, count in spec["splits"].items():
            seed = f"{spec['seed']}:{config}:{split}"
            total = real.get(split, count) if by_path else int(count)
            audio = ((spec["audio_files"] / config / split, int(count))
                     if total > int(count) else None)
            columns = schema.rows(spec["features"], total, seed, language=language,
                                  audio=audio)
            table = pa.Table.from_pydict(columns, schema=features.arrow_schema)
            target = folder / config / f"{split}-00000-of-00001.parquet"
            pq.write_table(table, target)
            _fixed(target)
            written.setdefault(config, []).append(split)
    return written


def _write_source(folder: Path, name: str, spec: dict[str, Any]) -> list[str]:
    if folder.exists():
        shutil.rmtree(folder)
    if spec["schema"] == "glue":
        written = _write_glue(folder, list(spec["configs"]), int(spec["seed"]))
    else:
        written = _write_schema(folder, spec)
    readme = folder / "README.md"
    readme.write_text(_readme(name, written, spec["schema"] == "glue"), encoding="utf-8")
    _fixed(readme)
    return list(written)


def real_rows(spec: dict[str, Any], config: str) -> dict[str, int]:
    """Split -> the real dataset's row count of ``config``, for a dataset built at real
    size. A schema's ``real`` counts are the same for every configuration, or given per
    configuration; one that they do not name has no known size, and keeps its block."""
    if spec.get("rows") != "real":
        return {}
    if spec["schema"] == "glue":
        return {s.name: s.real for s in glue.SPLITS[config]}
    real = spec.get("real", {})
    if real and all(isinstance(v, dict) for v in real.values()):
        real = real.get(config, {})
    return {str(k): int(v) for k, v in real.items()}


def build_dataset(dataset_id: str, spec: dict[str, Any], *, hf_home: Path, work: Path) -> None:
    import datasets  # type: ignore[import-not-found, import-untyped, unused-ignore]

    namespace, _, name = dataset_id.rpartition("/")
    source = work / "dataset-sources" / dataset_id.replace("/", "--") / name
    spec = {**spec, "audio_files": hf_home / "coursekit-audio" / dataset_id.replace("/", "--")}
    configs = _write_source(source, name, spec)
    cache = hf_home / "datasets"
    scratch = work / "datasets-cache" / dataset_id.replace("/", "--")
    for config in configs:
        real = real_rows(spec, config)
        loaded = datasets.load_dataset(str(source), config,
                                       cache_dir=str(scratch if namespace else cache))
        for split, table in loaded.items():
            if split in real:
                repeat.expand_split(Path(table.cache_files[0]["filename"]), split, real[split])
    if namespace:
        target = cache / f"{namespace}___{name}"
        if target.exists():
            shutil.rmtree(target)
        shutil.move(str(scratch / name), str(target))
