"""Measure a full-training lesson on CPU stand-ins: one epoch of the training loop of
the bundled course's chapter 3 (GLUE MRPC, batches of 8, AdamW, a linear schedule), in
the PyTorch lesson kernel with the bundled course's stand-ins.

The baseline, in the same run and process: the same steps with the real architecture
at its real size (the configuration class's defaults, random weights, no download), on
the same batches. It shows what a stand-in saves, and what a lesson cell would cost
without one.

    .venv/bin/python bench/training.py [--threads N] [--baseline-steps 2]

``--threads``: PyTorch's threads per operation; by default what the stand-ins'
environment sets (one, ``coursekit.standins.env.THREADS``).

Target: the epoch (the lesson's training cell) in at most 30 s on 2 cores.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

from coursekit.config import Course
from coursekit.kernels import FRAMEWORKS
from coursekit.standins import prepare
from coursekit.standins.build import builder_root

SCRIPT = '''
import json, sys, time
sys.path.insert(0, {root!r})
import torch
from datasets import load_dataset
from torch.utils.data import DataLoader
from transformers import (AutoConfig, AutoModelForSequenceClassification, AutoTokenizer,
                          DataCollatorWithPadding, get_scheduler)
if {threads}:
    torch.set_num_threads({threads})
out = {{}}
raw = load_dataset("glue", "mrpc")


def batches(checkpoint):
    tokenizer = AutoTokenizer.from_pretrained(checkpoint)
    data = raw.map(lambda x: tokenizer(x["sentence1"], x["sentence2"], truncation=True),
                   batched=True)
    data = data.remove_columns(["sentence1", "sentence2", "idx"]).rename_column("label", "labels")
    data.set_format("torch")
    torch.manual_seed(0)
    return DataLoader(data["train"], shuffle=True, batch_size=8,
                      collate_fn=DataCollatorWithPadding(tokenizer=tokenizer))


def epoch(model, loader, steps=None):
    optimizer = torch.optim.AdamW(model.parameters(), lr=5e-5)
    total = steps or len(loader)
    scheduler = get_scheduler("linear", optimizer=optimizer, num_warmup_steps=0,
                              num_training_steps=total)
    model.train()
    start = time.perf_counter()
    for n, batch in enumerate(loader):
        if n == total:
            break
        model(**batch).loss.backward()
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad()
    return time.perf_counter() - start, total


for checkpoint in ("bert-base-uncased", "bert-base-cased"):
    loader = batches(checkpoint)
    model = AutoModelForSequenceClassification.from_pretrained(checkpoint, num_labels=2)
    seconds, steps = epoch(model, loader)
    real = AutoModelForSequenceClassification.from_config(
        type(AutoConfig.from_pretrained(checkpoint))(num_labels=2,
            vocab_size=model.config.vocab_size))
    base_seconds, base_steps = epoch(real, loader, {baseline_steps})
    out[checkpoint] = {{"steps": steps, "epoch_s": seconds, "step_s": seconds / steps,
                       "real_size_step_s": base_seconds / base_steps,
                       "parameters": sum(p.numel() for p in model.parameters())}}
print(json.dumps(out))
'''


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--baseline-steps", type=int, default=2)
    args = parser.parse_args()
    standins = prepare(Course.open("."), "pt")
    script = SCRIPT.format(root=str(builder_root()), threads=args.threads,
                           baseline_steps=args.baseline_steps)
    from coursekit.kernels import kernel_python

    python = kernel_python("coursekit-pt", "pt")
    if python is None:
        print("the pt lesson kernel is not installed", file=sys.stderr)
        return 2
    env = {**os.environ, **FRAMEWORKS["pt"].env, **standins.env}
    done = subprocess.run([str(python), "-c", script], capture_output=True, text=True,
                          env=env, check=False)
    if done.returncode != 0:
        print(done.stderr[-3000:], file=sys.stderr)
        return 1
    results = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"{'checkpoint':<20} {'steps':>5} {'epoch s':>8} {'s/step':>7} "
          f"{'real-size s/step':>16} {'ratio':>6}")
    for checkpoint, row in results.items():
        ratio = row["step_s"] / row["real_size_step_s"]
        print(f"{checkpoint:<20} {row['steps']:>5} {row['epoch_s']:>8.2f} "
              f"{row['step_s']:>7.3f} {row['real_size_step_s']:>16.3f} {ratio:>6.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
