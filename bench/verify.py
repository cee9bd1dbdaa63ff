"""Measure ``coursekit verify``: translations, warm re-runs, parallel workers, overhead.

By default on a generated course of small notebooks that import nothing heavy;
``--course DIR`` measures a real course instead (``--course .`` is the bundled
one), on the languages given with ``--lang`` (all of the course's by default).

    .venv/bin/python bench/verify.py [--lessons 12] [--cell-seconds 0.3]
    .venv/bin/python bench/verify.py --course . --lang en --framework pt [--no-preimport]

On a real course, each notebook's first cell time is shown too: without pre-imported
kernels (``--no-preimport``) that cell pays for the lesson's imports.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import nbformat

from coursekit.config import Course
from coursekit.execution.results import VerifyReport
from coursekit.execution.verify import verify_course

LANGUAGES = ("en", "fr", "it", "zh-CN")
COMMENTS = {"en": "wait for the data", "fr": "attendre les données",
            "it": "aspettare i dati", "zh-CN": "等待数据"}
WORKERS = 2

Row = tuple[str, float, str, str]


def _cell(code: str, lesson: str, line: int, errors: list[dict[str, Any]]) -> Any:
    node = nbformat.v4.new_code_cell(code)  # type: ignore[no-untyped-call]
    node.metadata["coursekit"] = {"source": f"{lesson}:{line}", "expect_errors": errors,
                                  "skip": None, "timeout": None, "outputs": []}
    return node


def generate(root: Path, lessons: int, cell_seconds: float) -> Course:
    (root / "coursekit.toml").write_text(
        'kernels = { pt = "python3", tf = "python3" }\n', encoding="utf-8")
    for lang in LANGUAGES:
        for n in range(1, lessons + 1):
            lesson = f"content/{lang}/chapter1/{n}.mdx"
            wait = f"import time\ntime.sleep({cell_seconds})  # {COMMENTS[lang]}"
            error: list[dict[str, Any]] = [{
                "name": "ZeroDivisionError", "message": "division by zero",
                "device": None, "origin": "output", "line": 30,
            }]
            cells = [
                _cell(f"{wait}\nvalues = list(range({n * 1000}))", lesson, 10, []),
                _cell(f"{wait}\ntotal = sum(values) / 0", lesson, 20, error),
                _cell(f"{wait}\ntotal = sum(values) / len(values)", lesson, 40, []),
                _cell(f"{wait}\nprint(round(total, 2))", lesson, 50, []),
            ]
            node = nbformat.v4.new_notebook(cells=cells)  # type: ignore[no-untyped-call]
            node.metadata["coursekit"] = {"lesson": lesson, "language": lang, "framework": "pt"}
            node.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                           "language": "python"}
            path = root / "build" / "notebooks" / lang / "chapter1" / f"{n}.ipynb"
            path.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(node, path)  # type: ignore[no-untyped-call]
    return Course.open(root)


def timed(course: Course, **options: Any) -> tuple[float, VerifyReport]:
    started = time.monotonic()
    report = verify_course(course, device="cpu", **options)
    return time.monotonic() - started, report


def overhead_rows(total: float, report: VerifyReport) -> list[Row]:
    """Total time against the cell time per worker, and against the best any schedule
    can do (no less than the longest notebook, which one worker runs alone)."""
    ideal = report.cell_time / WORKERS
    longest = max((nb.cell_time for nb in report.notebooks if not nb.cached), default=0.0)
    bound = max(ideal, longest)
    return [
        ("total vs sum(cell time)/workers", total / ideal, "<= 1.15",
         f"{total:.2f} s vs {ideal:.2f} s, {report.executed_runs} notebook(s) run"),
        ("total vs best schedule", total / bound, "-",
         f"{total:.2f} s vs {bound:.2f} s; longest notebook {longest:.2f} s"),
    ]


def generated_rows(course: Course) -> list[Row]:
    cold = {"use_cache": False}
    # Untimed: learns the kernel's environment once, as any earlier run would have.
    timed(course, languages=["en"], jobs=WORKERS, **cold)
    english, _ = timed(course, languages=["en"], jobs=WORKERS, **cold)
    every, report = timed(course, languages=list(LANGUAGES), jobs=WORKERS, **cold)
    warm, warm_report = timed(course, languages=list(LANGUAGES), jobs=WORKERS)
    one, _ = timed(course, languages=["en"], jobs=1, **cold)
    return [
        ("4 languages vs English alone", every / english, "<= 1.25",
         f"{every:.2f} s vs {english:.2f} s"),
        ("warm re-run, seconds", warm, "<= 2",
         f"{warm_report.executed_runs} notebook(s) executed"),
        (f"{WORKERS} workers vs 1 (speed-up)", one / english, ">= 1.6",
         f"{one:.2f} s vs {english:.2f} s"),
        *overhead_rows(every, report),
    ]


def first_cell_rows(report: VerifyReport) -> list[Row]:
    return [
        (f"first cell {nb.notebook}", nb.first_cell_time, "-",
         f"of {nb.cell_time:.1f} s in cells, {nb.duration:.1f} s in all")
        for nb in report.notebooks if not nb.cached
    ]


def course_rows(course: Course, languages: list[str] | None,
                frameworks: list[str] | None, preimport: bool) -> list[Row]:
    """One cold run and one warm re-run: real lessons take minutes, so no more."""
    selection: dict[str, Any] = {"languages": languages, "frameworks": frameworks,
                                 "preimport": preimport}
    cold, report = timed(course, jobs=WORKERS, use_cache=False, **selection)
    warm, warm_report = timed(course, jobs=WORKERS, **selection)
    return [
        *overhead_rows(cold, report),
        *first_cell_rows(report),
        ("warm re-run, seconds", warm, "<= 2",
         f"{warm_report.executed_runs} notebook(s) executed"),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--course", type=Path, default=None,
                        help="a course checkout to measure (default: a generated course)")
    parser.add_argument("--lang", action="append", dest="langs", default=None,
                        help="with --course: only this language (repeatable)")
    parser.add_argument("--framework", action="append", dest="frameworks", default=None,
                        choices=("pt", "tf"), help="with --course: only this framework")
    parser.add_argument("--no-preimport", dest="preimport", action="store_false",
                        help="with --course: kernels do not import the lessons' packages "
                             "ahead")
    parser.add_argument("--lessons", type=int, default=12,
                        help="generated course: lessons per language")
    parser.add_argument("--cell-seconds", type=float, default=0.3,
                        help="generated course: seconds each cell sleeps")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="coursekit-bench-"))
    try:
        if args.course is not None:
            course = Course.open(args.course)
            shown = ", ".join(args.langs or course.lesson_languages())
            ahead = "pre-imported" if args.preimport else "not pre-imported"
            print(f"course: {course.root} ({shown}), {WORKERS} workers, packages {ahead}")
            rows = course_rows(course, args.langs, args.frameworks, args.preimport)
        else:
            course = generate(workdir, args.lessons, args.cell_seconds)
            print(f"course: generated, {args.lessons} lessons x {len(LANGUAGES)} languages, "
                  f"4 cells of {args.cell_seconds} s each, {WORKERS} workers")
            rows = generated_rows(course)
        for name, value, target, detail in rows:
            print(f"{name:<36} {value:6.2f}  (target {target}; {detail})")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
