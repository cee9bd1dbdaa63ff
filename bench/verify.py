"""Measure ``coursekit verify``: translations, warm re-runs, parallel workers, overhead.

Runs on the bundled course (``content/``) when the repository has one, else on a
generated course of small notebooks that import nothing heavy (said in the output).

    .venv/bin/python bench/verify.py [--lessons 8] [--cell-seconds 0.3]
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
REPO = Path(__file__).resolve().parent.parent


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


def timed(course: Course, **options: object) -> tuple[float, VerifyReport]:
    started = time.monotonic()
    report = verify_course(course, device="cpu", **options)  # type: ignore[arg-type]
    return time.monotonic() - started, report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lessons", type=int, default=8)
    parser.add_argument("--cell-seconds", type=float, default=0.3)
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="coursekit-bench-"))
    try:
        bundled = Course.open(REPO)
        if any(bundled.lesson_files(lang) for lang in bundled.lesson_languages()):
            course = bundled
            print(f"course: bundled ({course.content_dir})")
        else:
            course = generate(workdir, args.lessons, args.cell_seconds)
            print(f"course: generated, {args.lessons} lessons x {len(LANGUAGES)} languages, "
                  f"4 cells of {args.cell_seconds} s each (no bundled content/ yet)")
        cold = {"use_cache": False}
        # Untimed: learns the kernel's environment once, as any earlier run would have.
        timed(course, languages=["en"], jobs=2, paths=(), shard=None, **cold)
        english, _ = timed(course, languages=["en"], jobs=2, **cold)
        every, report = timed(course, languages=list(LANGUAGES), jobs=2, **cold)
        warm, warm_report = timed(course, languages=list(LANGUAGES), jobs=2)
        one, _ = timed(course, languages=["en"], jobs=1, **cold)
        ideal = report.cell_time / 2
        rows = [
            ("4 languages vs English alone", every / english, "<= 1.25",
             f"{every:.2f} s vs {english:.2f} s"),
            ("warm re-run, seconds", warm, "<= 2",
             f"{warm_report.executed_runs} notebook(s) executed"),
            ("2 workers vs 1 (speed-up)", one / english, ">= 1.6",
             f"{one:.2f} s vs {english:.2f} s"),
            ("total vs sum(cell time)/workers", every / ideal, "<= 1.15",
             f"{every:.2f} s vs {ideal:.2f} s"),
        ]
        for name, value, target, detail in rows:
            print(f"{name:<34} {value:6.2f}  (target {target}; {detail})")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
