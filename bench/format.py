"""Benchmark of ``fix lessons`` against the public courses' own formatting script.

On a copy of the larger real course (``../shared/corpora/agents-course``), three ways
to format every lesson's Python at line length 90, each writing what it changes:

- the reference: the courses' script as :mod:`tests.formatting.reference` writes it
  again (each ```py / ```python fence found by its lines, ``!`` lines protected,
  black called once per fence);
- coursekit in black mode (lessons parsed, each distinct code text formatted once);
- coursekit in ruff mode (the same, with every text formatted in one ruff run).

    .venv/bin/python bench/format.py [--repeat 3] [--corpus PATH]

Targets: black mode no slower than the reference (ratio ≤ 1); ruff mode at least
5× faster (ratio ≤ 0.2). The ratios are of CPU time (ruff's included), which the load
of a shared machine changes far less than wall-clock time; both are printed.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from coursekit.config import Course  # noqa: E402
from coursekit.corpus import Corpus  # noqa: E402
from coursekit.formatting.fix import plan_fixes  # noqa: E402
from coursekit.formatting.lessons import CodeFormatter  # noqa: E402
from coursekit.formatting.settings import FormatSettings, Formatter  # noqa: E402
from tests.formatting.reference import reference_fences  # noqa: E402

LINE_LENGTH = 90


def reference(root: Path) -> int:
    """The courses' script over ``root``: fences rewritten in place; the fences changed."""
    course = Course.open(root)
    changed = 0
    for language in course.lesson_languages():
        for file in course.lesson_files(language):
            text = file.read_text(encoding="utf-8")
            lines = text.split("\n")
            fences = [f for f in reference_fences(text, LINE_LENGTH) if f.changed]
            for fence in reversed(fences):
                indent = lines[fence.line - 1][: len(lines[fence.line - 1])
                                                - len(lines[fence.line - 1].lstrip())]
                count = fence.code.count("\n") + 1
                lines[fence.line:fence.line + count] = [
                    indent + line if line else line for line in fence.formatted.split("\n")]
            if fences:
                file.write_text("\n".join(lines), encoding="utf-8")
            changed += len(fences)
    return changed


def coursekit(formatter: Formatter) -> Callable[[Path], int]:
    def run(root: Path) -> int:
        corpus = Corpus(Course.open(root))
        corpus._formatter = CodeFormatter(FormatSettings(formatter, LINE_LENGTH))
        plan = plan_fixes(corpus)
        plan.write()
        return plan.fences
    return run


def _cpu() -> float:
    """CPU seconds of this process and of the processes it waited for (ruff)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def timed(run: Callable[[Path], int], corpus: Path, repeat: int
          ) -> tuple[float, float, int]:
    """The median CPU and wall-clock seconds of ``repeat`` runs, each on a fresh copy,
    and the fences the last one changed."""
    cpu, wall = [], []
    changed = 0
    for _ in range(repeat):
        with tempfile.TemporaryDirectory(prefix="coursekit-bench-") as folder:
            copy = Path(folder) / corpus.name
            shutil.copytree(corpus, copy)
            start, start_cpu = time.perf_counter(), _cpu()
            changed = run(copy)
            wall.append(time.perf_counter() - start)
            cpu.append(_cpu() - start_cpu)
    return statistics.median(cpu), statistics.median(wall), changed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--corpus", type=Path,
                        default=REPO.parent / "shared" / "corpora" / "agents-course")
    args = parser.parse_args()
    if not args.corpus.is_dir():
        print(f"{args.corpus} is absent: nothing to measure")
        return 0
    # Each side runs once before it is measured: imports and black's own caches.
    for run in (reference, coursekit(Formatter.BLACK), coursekit(Formatter.RUFF)):
        timed(run, args.corpus, 1)
    base, base_wall, base_changed = timed(reference, args.corpus, args.repeat)
    print(f"reference (black per fence): {base:.2f} s CPU ({base_wall:.2f} s wall), "
          f"{base_changed} fences changed")
    verdicts = []
    for formatter, target in ((Formatter.BLACK, 1.0), (Formatter.RUFF, 0.2)):
        seconds, wall, changed = timed(coursekit(formatter), args.corpus, args.repeat)
        ratio = seconds / base
        verdicts.append(ratio <= target)
        print(f"coursekit {formatter}: {seconds:.2f} s CPU ({wall:.2f} s wall), {changed} "
              f"fences changed; CPU ratio {ratio:.3f} (target <= {target}), wall ratio "
              f"{wall / base_wall:.3f}")
    return 0 if all(verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
