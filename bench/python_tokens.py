"""Whether a second tokenizer pays: ``coursekit check`` with the code's own
``significant_tokens`` against a checkout whose ``lessons/python_tokens.py`` is another
(``--other``), alternating in each round on the real-shaped course of ``realshape.py``.

    .venv/bin/python bench/python_tokens.py --other /tmp/other-checkout --repeat 3

Prints each round's CPU times and the median ratio other/this: a faster path earns its
place at 1.3x or more on the whole command.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

import realshape


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--other", type=Path, required=True, help="the other checkout")
    parser.add_argument("--corpus", choices=sorted(realshape.CORPUS_FOLDERS),
                        default="agents-course")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    corpus = realshape.CORPORA / args.corpus
    if not corpus.is_dir():
        print(f"skipped: {corpus} is absent")
        return 0
    with tempfile.TemporaryDirectory(prefix="coursekit-tokens-") as tmp:
        root = Path(tmp) / "course"
        print(f"{args.corpus}: {realshape.write_lesson_course(corpus, root)} lessons")
        ratios = []
        for number in range(args.repeat):
            this = realshape._run("check", root, Path(tmp) / "this", None)["cpu"]
            other = realshape._run("check", root, Path(tmp) / "other", args.other.resolve())["cpu"]
            ratios.append(other / this)
            print(f"  round {number}: this {this:.2f} s, other {other:.2f} s, "
                  f"other/this {other / this:.3f}")
        print(f"median other/this: {statistics.median(ratios):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
