"""What judging translations by git history costs: ``coursekit check`` in a git checkout
of a real course against the same files without their history, in one run.

The course is the audio course's git bundle of ``../shared/corpora`` (skipped with a
message when absent), cloned at bench time into a temporary folder; the baseline is a
copy of the same files without ``.git``, where ``check`` judges from structure alone.
Each figure is the CPU time of a whole ``coursekit check --no-cache`` in a process of its
own, git's processes included; with ``--repeat N`` each round times both, baseline
first, and the ratio is the median of the rounds' ratios. ``--code DIR`` measures
another checkout's coursekit; ``--before DIR`` times that checkout too, in the same
rounds, for a before/after pair measured alike.

    .venv/bin/python bench/history.py --repeat 5
    .venv/bin/python bench/history.py --before /tmp/old-checkout --repeat 9

Target: ``check`` with history <= 1.2x without.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
BUNDLE = next((p for p in (HERE.parent.parent / "shared" / "corpora" / "audio-course.git.bundle",
                           HERE.parent.parent.parent / "shared" / "corpora"
                           / "audio-course.git.bundle") if p.is_file()),
              HERE.parent.parent / "shared" / "corpora" / "audio-course.git.bundle")
TARGET = 1.2


def _cpu(root: Path, code: Path) -> float:
    """CPU seconds of one ``check`` of ``root`` with ``code``'s coursekit."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [sys.executable, "-m", "coursekit", "check", "--no-cache", "--root", str(root)],
        # From the course: ``-m`` would put the working folder's coursekit first.
        cwd=root, env={**os.environ, "PYTHONPATH": str(code)}, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, check=False,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, default=BUNDLE)
    parser.add_argument("--code", type=Path, default=HERE.parent,
                        help="checkout whose coursekit is measured")
    parser.add_argument("--before", type=Path, help="another checkout, timed alike")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if not args.bundle.is_file():
        print(f"skipped: no course bundle at {args.bundle}")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        with_history = Path(tmp) / "course"
        subprocess.run(["git", "clone", "-q", str(args.bundle), str(with_history)],
                       check=True, capture_output=True)
        without = Path(tmp) / "no-history"
        shutil.copytree(with_history, without, ignore=shutil.ignore_patterns(".git"))
        codes = {"after": args.code} if args.before is None else {
            "before": args.before, "after": args.code}
        ratios: dict[str, list[float]] = {name: [] for name in codes}
        for code in codes.values():
            _cpu(without, code)  # bytecode compiled and files cached before the clock
        for _ in range(args.repeat):
            for name, code in codes.items():
                base = _cpu(without, code)
                timed = _cpu(with_history, code)
                ratios[name].append(timed / base)
                print(f"  {name}: without history {base:.2f} s, with {timed:.2f} s: "
                      f"{timed / base:.2f}x")
    for name, found in ratios.items():
        ratio = statistics.median(found)
        print(f"{name}: check with history / without: {ratio:.2f}x "
              f"({min(found):.2f}-{max(found):.2f}x over {len(found)} rounds; "
              f"target <= {TARGET}x)")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
