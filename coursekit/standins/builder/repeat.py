"""Splits at their real row counts, made of one block of distinct rows repeated.

``datasets`` caches a split as Arrow files, one per shard, named in
``dataset_info.json`` by their row counts (``shard_lengths``), and memory-maps them
when the split is loaded. A split of ``n`` rows is written here as one shard file
holding the block repeated up to :data:`SHARD_ROWS` rows, hard-linked as many times as
whole shards fit in ``n``, plus one shorter file for the rest. The disk holds two
files whatever ``n`` is, and a lesson that reads row 123,456 or splits off a thousand
rows sees the real dataset's length. Row ``i`` holds the block's row ``i % block``,
``idx``-like columns included.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

SHARD_ROWS = 8192
SHARD_BYTES = 1 << 20
"""At most so many rows, or about so many bytes, in one shard file: few files to open
for a large split of short rows, small files for one of long texts or audio."""


def _read(path: Path) -> Any:
    import pyarrow as pa  # type: ignore[import-not-found, import-untyped, unused-ignore]

    with pa.memory_map(str(path)) as source:
        return pa.ipc.open_stream(source).read_all()


def _write(table: Any, path: Path) -> None:
    import pyarrow as pa

    with pa.OSFile(str(path), "wb") as sink, pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table)


def _repeated(block: Any, rows: int) -> Any:
    import pyarrow as pa

    copies = -(-rows // block.num_rows)
    return pa.concat_tables([block] * copies).slice(0, rows).combine_chunks()


def shard_lengths(total: int, block: int, block_bytes: int = 0) -> list[int]:
    """Row counts of the shards of a ``total``-row split made from a ``block``-row block
    of ``block_bytes`` bytes."""
    copies = min(SHARD_ROWS // block, SHARD_BYTES // max(block_bytes, 1))
    per_shard = block * max(copies, 1)
    whole, rest = divmod(total, per_shard)
    return [per_shard] * whole + ([rest] if rest else [])


def expand_split(arrow_file: Path, split: str, total: int) -> None:
    """Grow the cached split in ``arrow_file`` (one file, the block) to ``total`` rows."""
    folder = arrow_file.parent
    block = _read(arrow_file)
    if total <= block.num_rows:
        return
    lengths = shard_lengths(total, block.num_rows, block.nbytes)
    prefix = arrow_file.name.removesuffix(".arrow")
    names = [f"{prefix}-{i:05d}-of-{len(lengths):05d}.arrow" for i in range(len(lengths))]
    if len(lengths) == 1:
        names = [arrow_file.name]
    full = _repeated(block, lengths[0])
    first = folder / f".{prefix}.shard"
    _write(full, first)
    rest = folder / f".{prefix}.rest"
    if lengths[-1] != lengths[0]:
        _write(full.slice(0, lengths[-1]), rest)
    arrow_file.unlink()
    for name, length in zip(names, lengths, strict=True):
        os.link(first if length == lengths[0] else rest, folder / name)
    first.unlink()
    rest.unlink(missing_ok=True)
    _record(folder / "dataset_info.json", split, lengths, block.num_rows)


def _record(info_file: Path, split: str, lengths: list[int], block_rows: int) -> None:
    info = json.loads(info_file.read_text(encoding="utf-8"))
    entry = info["splits"][split]
    total = sum(lengths)
    entry["num_bytes"] = int(entry["num_bytes"] * total / block_rows)
    entry["num_examples"] = total
    if len(lengths) > 1:
        entry["shard_lengths"] = lengths
    info["dataset_size"] = sum(s["num_bytes"] for s in info["splits"].values())
    info["size_in_bytes"] = info["dataset_size"] + int(info.get("download_size") or 0)
    info_file.write_text(json.dumps(info, indent=4, sort_keys=True), encoding="utf-8")
