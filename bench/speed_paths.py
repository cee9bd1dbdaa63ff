"""Each speed path against the plain implementation it stands for, on the whole command.

A speed path is code that does a library's job, or an earlier implementation's, faster.
It stays only where the whole command on a real-shaped course (``bench/realshape.py``'s)
is at least 1.3x faster with it; each figure is written in the path's docstring. For
every path, the command runs in a process of its own, once with the path and once with
the plain implementation put in its place, the two timed close together in each round
(CPU seconds); the figure is the median over rounds of plain / with-path.

    .venv/bin/python bench/speed_paths.py --repeat 3
    .venv/bin/python bench/speed_paths.py --only lesson-parser --repeat 5

A path that did not pay was replaced by its plain implementation and left this file;
its figure is in the docstring of the module that has the plain one now.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import realshape  # noqa: E402

WORTH_IT = 1.3
"""How much faster the whole command must be for a speed path to stay."""


# --- the plain implementations ----------------------------------------------------------


def _plain_lesson_parser() -> None:
    """markdown-it's own block loop and block state, every rule tried on every line."""
    from coursekit.lessons import markdown

    build = markdown.build_lesson_markdown

    def plain(starts: Any, **_: Any) -> Any:
        return build({}, fast_state=False, normalised=False)

    markdown.build_lesson_markdown = plain


PATHS: dict[str, tuple[str, Callable[[], None]]] = {
    "lesson-parser": ("lessons", _plain_lesson_parser),
}
"""Each speed path: the course it is timed on, and how to put the plain one in its place."""


# --- one measurement, in a process of its own -------------------------------------------


def _measure(command: str, root: Path, out: Path, plain: str | None) -> float:
    from coursekit.checks import Area, check_course
    from coursekit.config import Course
    from coursekit.notebooks.build import build_course

    if plain:
        PATHS[plain][1]()
    course = Course.open(root)
    started = time.process_time()
    if command == "check":
        check_course(course, list(Area))
    else:
        build_course(course, out=out)
    return time.process_time() - started


def _run(command: str, root: Path, out: Path, plain: str | None) -> float:
    shutil.rmtree(out, ignore_errors=True)  # a cold build each time
    args = [sys.executable, __file__, "--measure", command, "--root", str(root),
            "--out", str(out)] + (["--plain", plain] if plain else [])
    done = subprocess.run(args, capture_output=True, text=True, check=False,
                          env={**os.environ, "PYTHONHASHSEED": "0"})
    if done.returncode != 0:
        raise SystemExit(f"{command} failed:\n{done.stderr[-3000:]}")
    return float(done.stdout.strip().splitlines()[-1])


def _course(kind: str, tmp: Path) -> Path:
    root = tmp / kind
    if not root.is_dir():
        if kind == "lessons":
            realshape.write_lesson_course(realshape.CORPORA / "audio-course", root)
        else:
            realshape.write_subtitles(root)
            (root / "pyproject.toml").write_text(
                '[tool.coursekit]\nsource-language = "en"\n', encoding="utf-8")
    return root


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", choices=sorted(PATHS))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    parser.add_argument("--plain", help=argparse.SUPPRESS)
    parser.add_argument("--root", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(_measure(args.measure, args.root, args.out, args.plain)))
        return 0
    with tempfile.TemporaryDirectory(prefix="coursekit-speed-") as tmp:
        for name in args.only or PATHS:
            kind = PATHS[name][0]
            root = _course(kind, Path(tmp))
            commands = ["check", "build"] if kind == "lessons" else ["check"]
            for command in commands:
                _run(command, root, Path(tmp) / "out-fast", None)  # caches warm, as for both
                fast, plain = [], []
                for _ in range(args.repeat):
                    fast.append(_run(command, root, Path(tmp) / "out-fast", None))
                    plain.append(_run(command, root, Path(tmp) / "out-plain", name))
                ratio = statistics.median(p / f for p, f in zip(plain, fast, strict=True))
                verdict = "keep" if ratio >= WORTH_IT else "plain"
                print(f"{name:<16} {command:<6} with path {min(fast):6.2f} s  plain "
                      f"{min(plain):6.2f} s  plain/path {ratio:5.2f}x  -> {verdict}",
                      flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
