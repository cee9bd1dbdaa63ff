"""Dataset stand-ins at their real row counts: what a lesson reads by number is there.

A lesson that reads row 123,456 of MNLI or splits a thousand rows off a validation
split fails on the small block of distinct rows (the planted case) and runs on the same
stand-in built at real size, whose disk still holds about one block. Real sizes are a
configuration's own where they differ: WikiText-103's training split is 49 times
WikiText-2's."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.standins import StandinEnv, prepare
from coursekit.standins.builder.datasets_cache import real_rows
from coursekit.standins.builder.repeat import shard_lengths
from coursekit.standins.catalog import load_catalog

from ..kernel_skip import kernel_or_skip

Runner = Callable[[str, StandinEnv, str], dict[str, object]]

READS = '''
import json
from datasets import load_dataset
out = {}
mnli = load_dataset("glue", "mnli")
out["sizes"] = {k: v.num_rows for k, v in mnli.items()}
try:
    row = mnli["train"][123456]
    out["row"] = [row["premise"] == mnli["train"][123456 % 256]["premise"], row["label"]]
except IndexError as exc:
    out["row"] = f"IndexError: {exc}"
try:
    parts = mnli["validation_matched"].train_test_split(test_size=1000, seed=0)
    out["split"] = {k: v.num_rows for k, v in parts.items()}
except ValueError as exc:
    out["split"] = f"ValueError: {exc}"
mrpc = load_dataset("glue", "mrpc", split="train")
try:
    out["mrpc"] = [mrpc.num_rows, len(mrpc.select(range(3000)).unique("sentence1"))]
except IndexError as exc:
    out["mrpc"] = f"IndexError: {exc}"
print(json.dumps(out))
'''
WIKITEXT = '''
import json
from datasets import load_dataset
out = {}
large = load_dataset("wikitext", "wikitext-103-raw-v1", split="train")
out["large"] = [large.num_rows, large[1_000_000]["text"] == large[1_000_000 % 64]["text"]]
small = load_dataset("wikitext", "wikitext-2-raw-v1")
out["small"] = {k: v.num_rows for k, v in small.items()}
try:
    out["past"] = small["train"][36718]["text"]
except IndexError as exc:
    out["past"] = f"IndexError: {exc}"
print(json.dumps(out))
'''


def _standins(tmp: Path, rows: str) -> StandinEnv:
    kernel_or_skip("pt")
    tmp.mkdir()
    (tmp / "pyproject.toml").write_text(
        f'[tool.coursekit.standins.datasets.glue]\nschema = "glue"\nrows = "{rows}"\n',
        encoding="utf-8")
    return prepare(Course.open(tmp), "pt", ids={("datasets", "glue")})


def _disk(env: StandinEnv) -> tuple[int, int, int]:
    """Arrow files, distinct files among them (hard links counted once), their bytes."""
    files = list((env.hf_home / "datasets").rglob("glue-*.arrow"))
    distinct = {p.stat().st_ino: p.stat().st_size for p in files}
    return len(files), len(distinct), sum(distinct.values())


def test_a_large_split_is_few_distinct_files() -> None:
    assert shard_lengths(392702, 256) == [8192] * 47 + [7678]
    assert shard_lengths(3668, 64) == [3668]
    assert shard_lengths(100, 64) == [100]
    assert shard_lengths(10000, 3000) == [6000, 4000]
    # A block of long texts: shards of about a megabyte.
    assert shard_lengths(87599, 64, 200_000) == [320] * 273 + [239]


@pytest.mark.torch
@pytest.mark.slow
def test_real_rows_are_there_where_the_block_lacks_them(
        tmp_path: Path, run_in_kernel: Runner) -> None:
    block = _standins(tmp_path / "block", "block")
    planted = run_in_kernel("pt", block, READS)
    assert str(planted["row"]).startswith("IndexError")
    assert str(planted["split"]).startswith("ValueError")
    assert str(planted["mrpc"]).startswith("IndexError")

    real = _standins(tmp_path / "real", "real")
    clean = run_in_kernel("pt", real, READS)
    assert clean["sizes"] == {"train": 392702, "validation_matched": 9815,
                              "validation_mismatched": 9832, "test_matched": 9796,
                              "test_mismatched": 9847}
    assert clean["row"] == [True, _label(block, run_in_kernel)]
    assert clean["split"] == {"train": 8815, "test": 1000}
    assert clean["mrpc"] == [3668, 64]
    # At most two distinct files a split (a shard, hard-linked, and the rest), not
    # 437,793 rows: the 8 splits of MRPC and MNLI take a tenth of what all their rows would.
    files, distinct, size = _disk(real)
    assert (files, distinct) == (59, 13)
    assert size < _disk(block)[2] / 480 * 437793 / 8


def test_real_counts_are_the_configurations_own() -> None:
    wikitext = {**dict(load_catalog().get("datasets", "wikitext") or {}), "rows": "real"}
    assert real_rows(wikitext, "wikitext-103-v1")["train"] == 1801350
    assert real_rows(wikitext, "wikitext-2-v1") == {"train": 36718, "validation": 3760,
                                                    "test": 4358}
    assert real_rows({**wikitext, "rows": "block"}, "wikitext-103-v1") == {}
    # VoxPopuli's count is known for Dutch only: the other languages keep their block.
    vox = dict(load_catalog().get("datasets", "facebook/voxpopuli") or {})
    assert (real_rows(vox, "nl"), real_rows(vox, "en")) == ({"train": 20968}, {})
    imdb = {**dict(load_catalog().get("datasets", "imdb") or {}), "rows": "real"}
    assert real_rows(imdb, "plain_text")["unsupervised"] == 50000


@pytest.mark.torch
@pytest.mark.slow
def test_each_configuration_has_its_own_real_length(
        tmp_path: Path, run_in_kernel: Runner) -> None:
    kernel_or_skip("pt")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.coursekit.standins.datasets.wikitext]\nschema = "wikitext"\nrows = "real"\n'
        'configs = ["wikitext-2-raw-v1", "wikitext-103-raw-v1"]\n', encoding="utf-8")
    env = prepare(Course.open(tmp_path), "pt", ids={("datasets", "wikitext")})
    found = run_in_kernel("pt", env, WIKITEXT)
    assert found["large"] == [1801350, True]
    assert found["small"] == {"train": 36718, "validation": 3760, "test": 4358}
    assert str(found["past"]).startswith("IndexError")
    files = list((env.hf_home / "datasets").rglob("*.arrow"))
    assert len({p.stat().st_ino for p in files}) == 8  # a shard and the rest a split
    assert sum({p.stat().st_ino: p.stat().st_size for p in files}.values()) < 10_000_000


def _label(env: StandinEnv, run_in_kernel: Runner) -> object:
    """The label of the block's row 123,456 % 256: what row 123,456 repeats."""
    script = ('import json\nfrom datasets import load_dataset\n'
              'print(json.dumps({"label": load_dataset("glue", "mnli", split="train")'
              '[123456 % 256]["label"]}))')
    return run_in_kernel("pt", env, script)["label"]
