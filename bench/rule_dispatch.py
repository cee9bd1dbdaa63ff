"""The rule dispatcher's figure: the whole cold ``build`` and ``check`` of the
agents-shaped course of ``bench/realshape.py`` with the block rules tried by a line's
first character and with every rule tried in turn, alternating in one process (each
round: the naive notebook generator, then both sides), so that a paired ratio compares
runs timed seconds apart on a machine whose speed drifts.

    .venv/bin/python bench/rule_dispatch.py [--repeat 8] [--corpus agents-course]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import naive  # type: ignore[import-not-found, unused-ignore]
from realshape import CORPORA, write_lesson_course  # type: ignore[import-not-found, unused-ignore]

from coursekit.checks import check_course
from coursekit.config import Course
from coursekit.lessons import markdown, parse
from coursekit.notebooks.build import build_course


def _timed(run: Callable[[], object]) -> float:
    started = time.process_time()
    run()
    return time.process_time() - started


def _use(dispatched: bool) -> None:
    """The parser every lesson is read with (built before the clock starts, as the
    command's is built once)."""
    parser = markdown.build_lesson_markdown(dispatched=dispatched)
    parse.lesson_markdown = lambda: parser  # type: ignore[assignment, unused-ignore]


def _side(root: Path, out: Path, what: str, dispatched: bool) -> float:
    _use(dispatched)
    shutil.rmtree(out, ignore_errors=True)
    course = Course.open(root)
    if what == "build":
        return _timed(lambda: build_course(course, out=out))
    return _timed(lambda: check_course(course))


def _line(name: str, values: list[float]) -> str:
    values = sorted(values)
    return f"  {name:<36} {statistics.median(values):.3f} ({values[0]:.3f}-{values[-1]:.3f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=8)
    parser.add_argument("--corpus", default="agents-course")
    parser.add_argument("--what", choices=("build", "check"), action="append")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="coursekit-dispatch-") as tmp:
        root = Path(tmp) / "course"
        print(f"{args.corpus}: {write_lesson_course(CORPORA / args.corpus, root)} lessons")
        for what in args.what or ["build", "check"]:
            base: list[float] = []
            plain: list[float] = []
            fast: list[float] = []
            for _ in range(args.repeat):
                out = Path(tmp) / "naive"
                shutil.rmtree(out, ignore_errors=True)
                base.append(_timed(lambda out=out: naive.build(root / "content", out)))
                plain.append(_side(root, Path(tmp) / "out", what, dispatched=False))
                fast.append(_side(root, Path(tmp) / "out", what, dispatched=True))
            print(f"{what}: CPU seconds, median (range) of {args.repeat} rounds")
            print(_line("naive notebook generator", base))
            print(_line("every rule in turn", plain))
            print(_line("rules by first character", fast))
            print(_line("ratio in turn / by first character",
                        [p / f for p, f in zip(plain, fast, strict=True)]))
            print(_line("by first character / naive", [f / b for f, b in zip(fast, base,
                                                                              strict=True)]))
            print(_line("in turn / naive", [p / b for p, b in zip(plain, base, strict=True)]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
