"""Warm ``coursekit verify``: an unchanged course reported from the cache, on the lesson
kernels, this checkout against an older revision.

The course is shaped like a real one: ``--lessons`` English notebooks (by default 70:
25 PyTorch/TensorFlow pairs of split lessons and 20 lessons of both), each importing
the libraries real lessons import and loading a BERT checkpoint and GLUE, so that the
stand-ins are prepared and pre-imports chosen as for a real course. Running 70
notebooks cold would take many minutes, so each side's cache is seeded: one
verification whose kernel runs are replaced by clean runs of every cell (the rest of
verify, keys and judging included, is the side's own). Then ``coursekit verify`` is
timed as a user runs it (a fresh process), in two cases:

- ``unchanged``: nothing changed since the seeding run;
- ``re-registered``: the kernelspecs written again with the same content (what
  ``coursekit kernels install`` does when the kernel is already current), before each run.

The kernelspecs are copies of the installed ``coursekit-pt``/``coursekit-tf`` in a
``JUPYTER_PATH`` of the benchmark's own; the kernels themselves are only read. The
baseline (``--baseline REV``) is a detached worktree of REV, run on this environment.

With ``--course DIR`` (and ``--lang``, repeatable) the course is a copy of a real one
instead, and each side's cache is filled by a cold ``coursekit verify`` of its own (the
kernels run for real, minutes a side): the audio course in four languages is 70
notebooks, and its stand-ins are read from lessons in nine.

    .venv/bin/python bench/verify_warm.py [--lessons 70] [--repeat 3] [--baseline 170baf6]
    .venv/bin/python bench/verify_warm.py --course ../shared/corpora/audio-course \
        --lang en --lang fr --lang ru --lang zh-CN --baseline 7d1c57e
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
KERNELS = {"pt": "coursekit-pt", "tf": "coursekit-tf"}

PT_CODE = """\
import torch
from datasets import load_dataset
from transformers import AutoTokenizer

raw = load_dataset("glue", "mrpc")
tokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")
batch = tokenizer(raw["train"][0]["sentence1"], return_tensors="pt")
print(batch["input_ids"].shape[0])
"""
TF_CODE = PT_CODE.replace("import torch", "import tensorflow as tf").replace('"pt"', '"tf"')

SEED = """\
import sys
from coursekit.config import Course
from coursekit.execution import verify
from coursekit.execution.results import CellRun, NotebookRun, RunStatus


class Seeding(verify.Batch):
    async def execute(self, group, limit):
        run = NotebookRun(cells=[CellRun(RunStatus.OK, duration=0.1,
                                         outputs=[{"output_type": "stream", "name": "stdout",
                                                   "text": "1\\n"}])
                                 for _ in group[0].plan.cells])
        self.cache.store(group[0].key, run)
        for job in group:
            try:  # a version that times each notebook's stages passes their timing
                from coursekit.judgement.timing import NotebookTiming
            except ImportError:
                await self.finished(job, run, False, 0.0)
            else:
                await self.finished(job, run, False, 0.0, NotebookTiming())


verify.Batch = Seeding
report = verify.verify_course(Course.open(sys.argv[1]), device="cpu")
print(len(report.notebooks), "notebooks seeded")
"""


def lesson(title: str, code: str) -> str:
    return f"# {title}\n\nSome prose.\n\n```py\n{code}```\n\n```python out\n1\n```\n"


def generate(root: Path, lessons: int) -> None:
    root.mkdir(parents=True)
    (root / "pyproject.toml").write_text(
        '[tool.coursekit]\nsource-language = "en"\nlanguages = ["en"]\n'
        'frameworks = ["pt", "tf"]\nkernels = { pt = "coursekit-pt", tf = "coursekit-tf" }\n',
        encoding="utf-8")
    pairs = lessons * 5 // 14
    for n in range(lessons - pairs):
        chapter = root / "content" / "en" / f"chapter{n // 6 + 1}"
        chapter.mkdir(parents=True, exist_ok=True)
        variant = PT_CODE.replace('"mrpc"', f'"mrpc"  # lesson {n}')
        (chapter / f"{n % 6 + 1}.mdx").write_text(lesson(f"Lesson {n}", variant), "utf-8")
        if n < pairs:
            tf = TF_CODE.replace('"mrpc"', f'"mrpc"  # lesson {n}')
            (chapter / f"{n % 6 + 1}_tf.mdx").write_text(lesson(f"Lesson {n}", tf), "utf-8")


def specs(folder: Path) -> None:
    """Copies of the installed kernelspecs, which this benchmark may write again."""
    from jupyter_client.kernelspec import KernelSpecManager

    manager = KernelSpecManager()
    for name in KERNELS.values():
        shutil.copytree(manager.get_kernel_spec(name).resource_dir,
                        folder / "kernels" / name, dirs_exist_ok=True)


def reregister(folder: Path) -> None:
    for name in KERNELS.values():
        spec = folder / "kernels" / name / "kernel.json"
        spec.write_bytes(spec.read_bytes())


def side_env(source: Path, jupyter: Path) -> dict[str, str]:
    """The side's code first on the path (each side runs in its own folder, which
    ``python -m`` and ``-c`` put first too)."""
    return {**os.environ, "PYTHONPATH": str(source), "JUPYTER_PATH": str(jupyter)}


def _verify(source: Path, course: Path, jupyter: Path,
            languages: list[str]) -> subprocess.CompletedProcess[str]:
    options = [part for language in languages for part in ("--lang", language)]
    return subprocess.run([sys.executable, "-m", "coursekit", "verify", "--root", str(course),
                           "--device", "cpu", *options], env=side_env(source, jupyter),
                          cwd=source, capture_output=True, text=True, check=False)


def timed(source: Path, course: Path, jupyter: Path, languages: list[str]) -> float:
    started = time.perf_counter()
    done = _verify(source, course, jupyter, languages)
    wall = time.perf_counter() - started
    if done.returncode not in (0, 1) or " 0 run," not in done.stdout + done.stderr:
        sys.exit(f"{source}: the warm run was not warm:\n{(done.stdout + done.stderr)[-2000:]}")
    return wall


def measure(name: str, source: Path, work: Path, lessons: int, repeat: int,
            real: Path | None = None, languages: list[str] | None = None) -> None:
    course, jupyter = work / f"course-{name}", work / f"jupyter-{name}"
    languages = languages or []
    specs(jupyter)
    if real is not None:  # a copy of a real course, its cache filled by a cold run
        shutil.copytree(real, course)
        seeded = _verify(source, course, jupyter, languages)
        failed = seeded.returncode not in (0, 1)
    else:
        generate(course, lessons)
        seeded = subprocess.run([sys.executable, "-c", SEED, str(course)],
                                env=side_env(source, jupyter), cwd=source, capture_output=True,
                                text=True, check=False)
        failed = seeded.returncode != 0
    if failed:
        sys.exit(f"{name}: seeding failed:\n{seeded.stderr[-2000:]}")
    unchanged = [timed(source, course, jupyter, languages) for _ in range(repeat)]
    again = []
    for _ in range(repeat):
        reregister(jupyter)
        again.append(timed(source, course, jupyter, languages))
    for case, times in (("unchanged", unchanged), ("re-registered", again)):
        print(f"{name:>9}  {case:<14} median {statistics.median(times):6.2f} s   "
              f"({', '.join(f'{t:.2f}' for t in times)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lessons", type=int, default=70)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", default="170baf6",
                        help="revision to compare with ('' to measure this checkout only)")
    parser.add_argument("--course", type=Path, help="a real course, copied, instead")
    parser.add_argument("--lang", action="append", default=[], help="its languages to verify")
    args = parser.parse_args()
    real = args.course.resolve() if args.course else None
    with tempfile.TemporaryDirectory(prefix="coursekit-warm-") as temp:
        work = Path(temp)
        what = f"{real.name} {' '.join(args.lang)}" if real else f"{args.lessons} notebooks"
        print(f"{what}, load {os.getloadavg()[0]:.1f}")
        if args.baseline:
            base = work / "baseline"
            subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", str(base),
                            args.baseline], check=True, capture_output=True)
            try:
                measure("baseline", base, work, args.lessons, args.repeat, real, args.lang)
            finally:
                subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force",
                                str(base)], check=False, capture_output=True)
        measure("current", REPO, work, args.lessons, args.repeat, real, args.lang)


if __name__ == "__main__":
    main()
