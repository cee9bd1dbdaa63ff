"""Measure dataset stand-ins at block size (the default) against real size.

For each way, builds the stand-ins of GLUE, SQuAD, IMDb and VoxPopuli (with the BERT
stand-in a training lesson uses) from scratch in the PyTorch kernel, and reports the
build time, the bytes on disk (hard links counted once) and what the training lesson of
the bundled course (chapter 3, a plain PyTorch loop for one epoch over MRPC's training
split, batches of 8) costs: tokenizing the splits and one epoch. At real size the epoch
is timed over its first steps and extrapolated to the whole split.

    .venv/bin/python bench/datasets.py [--steps 12] [--threads 1]
"""

from __future__ import annotations

import argparse
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

IDS = {("datasets", "glue"), ("datasets", "squad"), ("datasets", "imdb"),
       ("datasets", "qmeeus/voxpopuli"), ("models", "bert-base-uncased")}
COURSE = """
[tool.coursekit.standins.datasets]
glue = {{ schema = "glue", rows = "{rows}" }}
squad = {{ schema = "squad", rows = "{rows}" }}
imdb = {{ schema = "imdb", rows = "{rows}" }}
"qmeeus/voxpopuli" = {{ schema = "voxpopuli_text", rows = "{rows}" }}
"""
TRAINING = """
import json, time, torch
from datasets import load_dataset
from torch.utils.data import DataLoader
from transformers import (AutoModelForSequenceClassification, AutoTokenizer,
                          DataCollatorWithPadding)
torch.manual_seed(0)
out = {}
start = time.perf_counter()
raw = load_dataset("glue", "mrpc")
tokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")
tokenized = raw.map(lambda e: tokenizer(e["sentence1"], e["sentence2"], truncation=True),
                    batched=True)
tokenized = tokenized.remove_columns(["sentence1", "sentence2", "idx"])
tokenized = tokenized.rename_column("label", "labels")
tokenized.set_format("torch")
out["prepare_s"] = time.perf_counter() - start
model = AutoModelForSequenceClassification.from_pretrained("bert-base-uncased", num_labels=2)
optimizer = torch.optim.AdamW(model.parameters(), lr=5e-5)
loader = DataLoader(tokenized["train"], shuffle=True, batch_size=8,
                    collate_fn=DataCollatorWithPadding(tokenizer))
out["rows"], out["steps"] = len(tokenized["train"]), len(loader)
model.train()
start, timed = time.perf_counter(), 0
for batch in loader:
    model(**batch).loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    timed += 1
    if timed == STEPS:
        break
out["timed_steps"] = timed
out["epoch_s"] = (time.perf_counter() - start) / timed * len(loader)
print(json.dumps(out))
"""


def disk_bytes(env: StandinEnv) -> int:
    sizes = {}
    for path in env.hf_home.rglob("*"):
        if path.is_file() and "hub" not in path.relative_to(env.hf_home).parts[:1]:
            sizes[path.stat().st_ino] = path.stat().st_size
    return sum(sizes.values())


def measure(rows: str, steps: int, python: Path, threads: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "pyproject.toml").write_text(COURSE.format(rows=rows), encoding="utf-8")
        start = time.perf_counter()
        env = prepare(Course.open(Path(tmp)), "pt", ids=IDS, force=True)
        built = time.perf_counter() - start
    limit = {"OMP_NUM_THREADS": str(threads)} if threads else {}
    done = subprocess.run(
        [str(python), "-c", TRAINING.replace("STEPS", str(steps))], capture_output=True,
        text=True, check=True, env={**os.environ, **FRAMEWORKS["pt"].env, **env.env, **limit})
    training: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return {"build_s": built, "datasets_mb": disk_bytes(env) / 1e6, **training}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--steps", type=int, default=12,
                        help="training steps timed at real size (all of them at block size)")
    parser.add_argument("--threads", type=int, default=0,
                        help="torch's threads in the kernel (default: as verify runs it)")
    args = parser.parse_args()
    python = kernel_python("coursekit-pt", "pt")
    if python is None:
        print("the pt lesson kernel is not installed", file=sys.stderr)
        return 2
    rows = {way: measure(way, args.steps if way == "real" else 10**9, Path(python),
                         args.threads) for way in ("block", "real")}
    print(f"{'':24}{'block':>12}{'real':>12}{'ratio':>8}")
    for key in ("build_s", "datasets_mb", "rows", "steps", "prepare_s", "epoch_s"):
        block, real = rows["block"][key], rows["real"][key]
        ratio = f"{real / block:.1f}x" if block else "-"
        print(f"{key:24}{block:>12.1f}{real:>12.1f}{ratio:>8}")
    print(f"(real-size epoch extrapolated from {rows['real']['timed_steps']:.0f} steps)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
