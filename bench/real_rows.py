"""Measure WikiText's stand-in at block size (the default) against its real sizes, which
differ per configuration: WikiText-2's 36,718 training rows, WikiText-103's 1,801,350.

Builds the four configurations (what the shipped entry holds) from scratch in the
PyTorch kernel each way, and reports the build time, the Arrow files and distinct files
(hard links counted once) with their bytes, and what loading the training splits and
reading their last row costs.

    .venv/bin/python bench/real_rows.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from coursekit.config import Course
from coursekit.kernels import FRAMEWORKS, kernel_python
from coursekit.standins import StandinEnv, prepare

CONFIGS = ("wikitext-2-raw-v1", "wikitext-2-v1", "wikitext-103-raw-v1", "wikitext-103-v1")
COURSE = """
[tool.coursekit.standins.datasets.wikitext]
schema = "wikitext"
configs = {configs}
rows = "{rows}"
"""
READ = """
import json, time
from datasets import load_dataset
out = {}
for config in CONFIGS:
    start = time.perf_counter()
    train = load_dataset("wikitext", config, split="train")
    last = train[len(train) - 1]["text"]
    out[config] = [len(train), time.perf_counter() - start]
print(json.dumps(out))
"""


def disk(env: StandinEnv) -> tuple[int, int, int, int]:
    """Arrow files, distinct files among them, their bytes, and the rows of all splits."""
    files = list((env.hf_home / "datasets").rglob("*.arrow"))
    distinct = {p.stat().st_ino: p.stat().st_size for p in files}
    rows = sum(split["num_examples"]
               for info in (env.hf_home / "datasets").rglob("dataset_info.json")
               for split in json.loads(info.read_text("utf-8"))["splits"].values())
    return len(files), len(distinct), sum(distinct.values()), rows


def measure(rows: str, python: Path) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "pyproject.toml").write_text(
            COURSE.format(configs=json.dumps(list(CONFIGS)), rows=rows), encoding="utf-8")
        start = time.perf_counter()
        env = prepare(Course.open(Path(tmp)), "pt", ids={("datasets", "wikitext")},
                      force=True)
        built = time.perf_counter() - start
    done = subprocess.run(
        [str(python), "-c", READ.replace("CONFIGS", repr(CONFIGS))], capture_output=True,
        text=True, check=True, env={**os.environ, **FRAMEWORKS["pt"].env, **env.env})
    read = json.loads(done.stdout.strip().splitlines()[-1])
    files, distinct, size, rows = disk(env)
    out = {"build_s": built, "arrow_files": files, "distinct_files": distinct,
           "arrow_mb": size / 1e6, "rows": rows}
    for config, (length, seconds) in read.items():
        out[f"{config} rows"], out[f"{config} load_s"] = length, seconds
    return out


def main() -> int:
    python = kernel_python("coursekit-pt", "pt")
    if python is None:
        print("the pt lesson kernel is not installed", file=sys.stderr)
        return 2
    ways = {way: measure(way, Path(python)) for way in ("block", "real")}
    print(f"{'':32}{'block':>12}{'real':>14}{'ratio':>10}")
    for key in ways["block"]:
        block, real = ways["block"][key], ways["real"][key]
        ratio = f"{real / block:.1f}x" if block else "-"
        print(f"{key:32}{block:>12.2f}{real:>14.2f}{ratio:>10}")
    whole = ways["block"]["arrow_mb"] / ways["block"]["rows"] * ways["real"]["rows"]
    print(f"(every real row written out: about {whole:.0f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
