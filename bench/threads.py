"""Measure stand-ins run side by side, as verify's workers run kernels: each of N
processes (one per worker) generates 512 MusicGen steps through the text-to-audio
pipeline, as the audio course's music lesson does, in the PyTorch lesson kernel.

The baseline, in the same run: the same processes with PyTorch's default threads (one
per core); the measured figure: one thread each, as the stand-ins' environment sets
(``OMP_NUM_THREADS=1``, ``coursekit.standins.env.THREADS``).

    .venv/bin/python bench/threads.py [--workers 2] [--tokens 512]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

from coursekit.config import Course
from coursekit.kernels import FRAMEWORKS, kernel_python
from coursekit.standins import prepare

MODEL = "facebook/musicgen-small"
SCRIPT = '''
from transformers import pipeline
pipe = pipeline("text-to-audio", model={model!r})
pipe("90s rock song with electric guitar and heavy drums",
     forward_params={{"max_new_tokens": {tokens}}})
'''


def _side_by_side(python: str, env: dict[str, str], workers: int, script: str) -> float:
    start = time.perf_counter()
    procs = [subprocess.Popen([python, "-c", script], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True) for _ in range(workers)]
    for proc in procs:
        _, err = proc.communicate()
        if proc.returncode != 0:
            raise RuntimeError(err[-2000:])
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--tokens", type=int, default=512)
    args = parser.parse_args()
    python = kernel_python("coursekit-pt", "pt")
    if python is None:
        print("the pt lesson kernel is not installed", file=sys.stderr)
        return 2
    standins = prepare(Course.open("."), "pt", ids=[("models", MODEL)])
    env = {**os.environ, **FRAMEWORKS["pt"].env, **standins.env}
    default = {k: v for k, v in env.items() if k != "OMP_NUM_THREADS"}
    script = SCRIPT.format(model=MODEL, tokens=args.tokens)
    baseline = _side_by_side(str(python), default, args.workers, script)
    measured = _side_by_side(str(python), env, args.workers, script)
    print(f"{args.workers} kernels side by side, {args.tokens} MusicGen steps each "
          f"(wall s, load and generate)")
    print(f"  default threads (baseline)  {baseline:8.1f}")
    print(f"  one thread (stand-in env)   {measured:8.1f}   ratio {measured / baseline:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
