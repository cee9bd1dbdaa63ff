"""Benchmark of ``coursekit build``: cold build against a naive script, and no-op rebuild.

    .venv/bin/python bench/build.py                  # 26 languages x 100 lessons
    .venv/bin/python bench/build.py --languages 2 --lessons 20 --profile

Targets: cold build at most 1.5x the naive baseline; a no-op rebuild at most 0.1x
the cold build.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent))

import naive
import synthetic

from coursekit.config import Course
from coursekit.notebooks.build import build_course
from coursekit.notebooks.lesson_files import LessonSource, lesson_sources

T = TypeVar("T")
COLD_TARGET = 1.5
NOOP_TARGET = 0.1


def timed(func: Callable[[], T]) -> tuple[float, T]:
    start = time.perf_counter()
    value = func()
    return time.perf_counter() - start, value


def parse_cost(course: Course, language: str) -> float:
    """Seconds per lesson spent in the lesson parser alone."""
    sources = [s for s in lesson_sources(course, language) if isinstance(s, LessonSource)]
    seconds, _ = timed(lambda: [s.parse() for s in sources])
    return seconds / max(1, len(sources))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--languages", type=int, default=26)
    parser.add_argument("--lessons", type=int, default=100, help="lessons per language")
    parser.add_argument("--profile", action="store_true", help="profile the cold build")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="coursekit-bench-") as tmp:
        root = synthetic.write_course(Path(tmp) / "course", args.languages, args.lessons)
        course = Course.open(root)
        files = sum(len(course.lesson_files(lang)) for lang in course.lesson_languages())
        print(f"course: {args.languages} languages, {files} lesson files")

        naive_s, naive_count = timed(lambda: naive.build(root / "content", Path(tmp) / "naive"))
        profiler = cProfile.Profile() if args.profile else None
        if profiler is not None:
            profiler.enable()
        cold_s, cold = timed(lambda: build_course(course, out=Path(tmp) / "build"))
        if profiler is not None:
            profiler.disable()
        noop_s, noop = timed(lambda: build_course(course, out=Path(tmp) / "build"))
        per_lesson = parse_cost(course, course.lesson_languages()[0])

    print(f"naive script : {naive_s:8.2f} s  ({naive_count} notebooks)")
    print(f"cold build   : {cold_s:8.2f} s  ({len(cold.written)} files written, "
          f"{len(cold.notebooks)} notebooks)")
    print(f"no-op build  : {noop_s:8.2f} s  ({len(noop.written)} files written)")
    print(f"parser alone : {per_lesson * 1000:8.1f} ms per lesson "
          f"({per_lesson * files:.2f} s for the course)")
    cold_ratio, noop_ratio = cold_s / naive_s, noop_s / cold_s
    print(f"cold / naive : {cold_ratio:8.2f}  (target <= {COLD_TARGET})")
    print(f"no-op / cold : {noop_ratio:8.3f}  (target <= {NOOP_TARGET})")
    if profiler is not None:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
    return 0 if cold_ratio <= COLD_TARGET and noop_ratio <= NOOP_TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
