"""Benchmark of ``coursekit check``: lessons (syntax and translations) and subtitles,
on the synthetic course of ``bench/build.py``, against its naive build baseline.

    .venv/bin/python bench/check.py                  # 26 languages x 100 lessons
    .venv/bin/python bench/check.py --languages 4 --lessons 20 --profile

Target: the whole check at most 2x the naive baseline.
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

import subtitles
from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.lessons.check import check_lesson_syntax
from coursekit.subtitles.check import check_subtitles
from coursekit.translations.check import check_translations

T = TypeVar("T")
TARGET = 2.0


def timed(func: Callable[[], T]) -> tuple[float, T]:
    start = time.perf_counter()
    value = func()
    return time.perf_counter() - start, value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--languages", type=int, default=26)
    parser.add_argument("--lessons", type=int, default=100, help="lessons per language")
    parser.add_argument("--subtitle-files", type=int, default=40, help="per subtitle language")
    parser.add_argument("--profile", action="store_true", help="profile the translation check")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="coursekit-bench-") as tmp:
        root = synthetic.write_course(Path(tmp) / "course", args.languages, args.lessons)
        subtitles.build(root, args.subtitle_files, 80)
        course = Course.open(root)
        files = sum(len(course.lesson_files(lang)) for lang in course.lesson_languages())
        print(f"course: {args.languages} languages, {files} lesson files, "
              f"{4 * args.subtitle_files} subtitle files")

        naive_s, naive_count = timed(lambda: naive.build(root / "content", Path(tmp) / "naive"))
        syntax_s, syntax = timed(lambda: check_lesson_syntax(Corpus(course)))
        profiler = cProfile.Profile() if args.profile else None
        if profiler is not None:
            profiler.enable()
        trans_s, trans = timed(lambda: check_translations(Corpus(course)))
        if profiler is not None:
            profiler.disable()
        subs_s, subs = timed(lambda: check_subtitles(Corpus(course)))

    syntax_count = len(syntax.diagnostics) if hasattr(syntax, "diagnostics") else len(syntax)
    total = syntax_s + trans_s + subs_s
    print(f"naive build        : {naive_s:8.2f} s  ({naive_count} notebooks)")
    print(f"lesson syntax      : {syntax_s:8.2f} s  ({syntax_count} findings)")
    print(f"translations       : {trans_s:8.2f} s  ({len(trans.diagnostics)} findings, "
          f"{len(trans.checked)} lessons)")
    print(f"subtitles          : {subs_s:8.2f} s  ({len(subs.diagnostics)} findings)")
    print(f"translations/naive : {trans_s / naive_s:8.2f}")
    ratio = total / naive_s
    print(f"check / naive      : {ratio:8.2f}  (target <= {TARGET})")
    if profiler is not None:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
