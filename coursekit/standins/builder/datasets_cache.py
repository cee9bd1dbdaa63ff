"""Dataset stand-ins, written to ``datasets``' own cache by ``datasets`` itself.

A folder laid out like the hub repository (README.md with ``configs`` and
``dataset_info``, one parquet file per split) is loaded once with
``load_dataset``; offline, ``load_dataset("<name>", config)`` then finds the
cached copy. A namespaced id (``nyu-mll/glue``) is cached under
``<namespace>___<name>``, which a local folder cannot produce, so its load goes to
a scratch cache whose folder is then moved there.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from . import glue

FIXED_MTIME = 946684800
"""2000-01-01: datasets hashes the source files' times into its cache folder name."""


def _readme(name: str, configs: list[str]) -> str:
    lines = ["---", "configs:"]
    for config in configs:
        lines += [f"- config_name: {config}", "  data_files:"]
        for split in glue.SPLITS[config]:
            lines += [f"  - split: {split.name}", f"    path: {config}/{split.name}-*"]
    lines.append("dataset_info:")
    for config in configs:
        first, second = glue.COLUMNS[config]
        lines += [f"- config_name: {config}", "  features:"]
        lines += [f"  - name: {first}", "    dtype: string", f"  - name: {second}",
                  "    dtype: string", "  - name: label", "    dtype:", "      class_label:",
                  "        names:"]
        lines += [f"          '{i}': {label}" for i, label in enumerate(glue.LABELS[config])]
        lines += ["  - name: idx", "    dtype: int32"]
    lines += ["---", "", f"# {name}", "",
              "Stand-in made by coursekit from templates: small, deterministic, offline.", ""]
    return "\n".join(lines)


def _write_source(folder: Path, name: str, configs: list[str], seed: int) -> None:
    import pyarrow as pa  # type: ignore[import-not-found, import-untyped, unused-ignore]
    import pyarrow.parquet as pq  # type: ignore[import-not-found, import-untyped, unused-ignore]

    if folder.exists():
        shutil.rmtree(folder)
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
            os.utime(target, (FIXED_MTIME, FIXED_MTIME))
    readme = folder / "README.md"
    readme.write_text(_readme(name, configs), encoding="utf-8")
    os.utime(readme, (FIXED_MTIME, FIXED_MTIME))


def build_dataset(dataset_id: str, spec: dict[str, Any], *, hf_home: Path, work: Path) -> None:
    import datasets  # type: ignore[import-not-found, import-untyped, unused-ignore]

    namespace, _, name = dataset_id.rpartition("/")
    configs = list(spec["configs"])
    source = hf_home / "coursekit-sources" / "datasets" / dataset_id.replace("/", "--") / name
    _write_source(source, name, configs, int(spec["seed"]))
    cache = hf_home / "datasets"
    scratch = work / "datasets-cache" / dataset_id.replace("/", "--")
    for config in configs:
        datasets.load_dataset(str(source), config, cache_dir=str(scratch if namespace else cache))
    if namespace:
        target = cache / f"{namespace}___{name}"
        if target.exists():
            shutil.rmtree(target)
        shutil.move(str(scratch / name), str(target))
