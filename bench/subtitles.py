"""Time ``check_subtitles`` against bare pysrt parsing of the same files.

Both sides are timed in CPU time of this process (``time.process_time``), which other
work on a shared machine distorts least, and in wall-clock time; each figure is the
best of ``--repeat`` runs, the two sides taking turns so that a busy spell hits both.

A synthetic course: 4 languages x 150 files x 80 cues; ``en`` is the source,
``fr`` keeps its timings, ``zh-CN`` is bilingual, ``it`` is re-segmented (two
source cues per cue). Run: ``python bench/subtitles.py [--files N]``.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pysrt

from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.subtitles import check_subtitles

WORDS = ["model", "data", "train", "token", "batch", "loss", "layer", "vector", "learning",
         "rate", "epoch", "value"]
ZH = "模型数据训练分词批次损失层向量学习率轮次数值"


def _ts(ms: int) -> str:
    return f"{ms // 3_600_000:02d}:{ms // 60_000 % 60:02d}:{ms // 1000 % 60:02d},{ms % 1000:03d}"


def _cue(n: int, start: int, end: int, lines: list[str]) -> str:
    return f"{n}\n{_ts(start)} --> {_ts(end)}\n" + "".join(f"{x}\n" for x in lines) + "\n"


def build(root: Path, files: int, cues: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for lang in ("en", "fr", "zh-CN", "it"):
        (root / "subtitles" / lang).mkdir(parents=True)
    for f in range(files):
        spans, t = [], 0
        for _ in range(cues):
            t += rng.randint(0, 400)
            end = t + rng.randint(1500, 4000)
            spans.append((t, end, " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 7)))))
            t = end
        name = f"{f:03d}_video.srt"
        en = "".join(_cue(i + 1, a, b, [s]) for i, (a, b, s) in enumerate(spans))
        fr = "".join(_cue(i + 1, a, b, [f"le {s} est"]) for i, (a, b, s) in enumerate(spans))
        zh = "".join(_cue(i + 1, a, b, ["".join(rng.sample(ZH, 6)), s])
                     for i, (a, b, s) in enumerate(spans))
        it = "".join(
            _cue(k + 1, spans[i][0], spans[min(i + 1, cues - 1)][1],
                 [f"il {spans[i][2]}", f"e {spans[min(i + 1, cues - 1)][2]}"])
            for k, i in enumerate(range(0, cues, 2))
        )
        for lang, text in (("en", en), ("fr", fr), ("zh-CN", zh), ("it", it)):
            (root / "subtitles" / lang / name).write_text(text, encoding="utf-8")


def bare_pysrt(root: Path) -> int:
    return sum(len(pysrt.open(str(p), encoding="utf-8"))
               for p in sorted((root / "subtitles").glob("*/*.srt")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--files", type=int, default=150)
    parser.add_argument("--cues", type=int, default=80)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        build(root, args.files, args.cues)
        course = Course.open(root)
        bare, checked = _Timing(), _Timing()
        findings = cues = 0
        for _ in range(args.repeat):
            with bare.measure():
                cues = bare_pysrt(root)
            with checked.measure():
                findings = len(check_subtitles(Corpus(course)).diagnostics)
    print(f"files: {4 * args.files}, cues read by pysrt: {cues}, findings: {findings}")
    print(f"bare pysrt parse: {bare}; check_subtitles (all rules, alignment): {checked}")
    print(f"ratio: {checked.cpu / bare.cpu:.2f}x CPU, {checked.wall / bare.wall:.2f}x wall "
          "(target <= 2.5x)")


class _Timing:
    """The best CPU and wall-clock times of repeated runs."""

    def __init__(self) -> None:
        self.cpu = self.wall = float("inf")

    @contextmanager
    def measure(self) -> Iterator[None]:
        cpu, wall = time.process_time(), time.perf_counter()
        yield
        self.cpu = min(self.cpu, time.process_time() - cpu)
        self.wall = min(self.wall, time.perf_counter() - wall)

    def __str__(self) -> str:
        return f"{self.cpu:.2f} s CPU, {self.wall:.2f} s wall"

if __name__ == "__main__":
    main()
