"""What the text report costs next to the check that found its findings.

One damaged subtitle file of about 2 MB (long lines read too fast, stray whitespace and
Markdown in most cues, every tenth cue overlapping the next, cue indices out of
sequence) gives tens of thousands of findings. Timed in CPU time, the best of
``--repeat`` rounds: ``check_course`` on the course (the baseline), then the text report
of its findings, folded as by default and with ``--show-all``. The ratio report / check
should stay at most 1.

Run: ``python bench/report_cost.py [--megabytes 2] [--repeat 3]``.
"""

from __future__ import annotations

import argparse
import io
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from coursekit.checks import Area, check_course
from coursekit.config import Course
from coursekit.report.aggregate import aggregate
from coursekit.report.text import render_text


def _damaged(size: int) -> str:
    out: list[str] = []
    total, n = 0, 1
    while total < size:
        start = n * 2000
        end = start + (2500 if n % 10 == 0 else 1200)  # every tenth cue overlaps the next
        stamp = f"{_time(start)} --> {_time(end)}"
        text = f" A `line` far too long to read in the time it is shown, cue number {n} "
        index = n + 1 if n % 7 == 0 else n
        cue = f"{index}\n{stamp}\n{text}\n\n"
        out.append(cue)
        total += len(cue)
        n += 1
    return "".join(out)


def _time(ms: int) -> str:
    return f"{ms // 3_600_000:02d}:{ms // 60_000 % 60:02d}:{ms // 1000 % 60:02d},{ms % 1000:03d}"


def _best(func: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        func()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=2.0)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "subtitles" / "en").mkdir(parents=True)
        (root / "subtitles" / "en" / "01_damaged.srt").write_text(
            _damaged(int(args.megabytes * 1_000_000)), encoding="utf-8")
        course = Course.open(root)
        found = check_course(course, [Area.SUBTITLES]).diagnostics
        check = _best(lambda: check_course(course, [Area.SUBTITLES]), args.repeat)

        def report(show_all: bool) -> None:
            render_text(found if show_all else aggregate(found), io.StringIO(), "check")

        folded = _best(lambda: report(False), args.repeat)
        every = _best(lambda: report(True), args.repeat)
    shown = len(aggregate(found))
    print(f"{len(found)} findings ({shown} shown by default) on {args.megabytes:g} MB")
    print(f"check                 {check:7.3f} s")
    print(f"text report           {folded:7.3f} s  {folded / check:5.2f}x the check")
    print(f"text report, show-all {every:7.3f} s  {every / check:5.2f}x the check")


if __name__ == "__main__":
    main()
