"""The plain timing pattern's figure: the whole ``check subtitles`` of the real-shaped
subtitle set of ``bench/realshape.py`` with the pattern for ``HH:MM:SS,mmm -->
HH:MM:SS,mmm`` lines and with the lenient pattern alone, alternating in one process
(each round: a bare pysrt parse of the same files, then both), so that a paired ratio
compares two runs timed seconds apart on a machine whose speed drifts.

    .venv/bin/python bench/plain_timing.py [--repeat 15]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pysrt
from realshape import write_subtitles  # type: ignore[import-not-found, unused-ignore]

from coursekit.checks import Area, check_course
from coursekit.config import Course
from coursekit.subtitles import recovery_scan, timestamps

Reader = Callable[[str], timestamps.Timing | None]


def _check(root: Path, reader: Reader) -> tuple[float, int]:
    recovery_scan.parse_srt_timing = reader  # what the scan calls for each timing line
    course = Course.open(root)
    started = time.process_time()
    found = len(check_course(course, [Area.SUBTITLES]).diagnostics)
    return time.process_time() - started, found


def _bare_pysrt(root: Path) -> float:
    started = time.process_time()
    for path in sorted((root / "subtitles").rglob("*.srt")):
        pysrt.SubRipFile.from_string(path.read_bytes().decode("utf-8-sig", errors="replace"))
    return time.process_time() - started


def _line(name: str, values: list[float]) -> str:
    values = sorted(values)
    return f"  {name:<34} {statistics.median(values):.3f} ({values[0]:.3f}-{values[-1]:.3f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    plain, lenient = timestamps.parse_srt_timing, timestamps._lenient_timing
    with tempfile.TemporaryDirectory(prefix="coursekit-plain-timing-") as tmp:
        root = Path(tmp)
        files = write_subtitles(root)
        (root / "pyproject.toml").write_text('[tool.coursekit]\nsource-language = "en"\n',
                                             encoding="utf-8")
        _check(root, plain), _check(root, lenient)  # every module imported, caches filled
        paired, with_plain, without = [], [], []
        for _ in range(args.repeat):
            bare = _bare_pysrt(root)
            (fast, found), (slow, same) = _check(root, plain), _check(root, lenient)
            if found != same:
                raise SystemExit(f"the two readings differ: {found} findings against {same}")
            paired.append(fast / slow)
            with_plain.append(fast / bare)
            without.append(slow / bare)
        recovery_scan.parse_srt_timing = plain
    print(f"{files} subtitle files, {args.repeat} rounds: medians (lowest-highest)")
    print(_line("with / without the plain pattern", paired))
    print(_line("with it / bare pysrt parse", with_plain))
    print(_line("without it / bare pysrt parse", without))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
