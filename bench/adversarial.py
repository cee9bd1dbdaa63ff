"""Time the subtitle loader and the lesson parser on adversarial inputs of 1, 5 and 10 MB.

Inputs that once took quadratic time: subtitles with invalid UTF-8 (Latin-1 text) and
subtitles saved as UTF-16, for the subtitle loader; a lesson with an unclosed ``<Tip>``,
an unclosed component and an unclosed comment, for the lesson parser. Each input is
parsed in a fresh process (so one slow case cannot hold up the others past
``--timeout``), timed in that process's CPU time, the best of ``--repeat`` runs (a
loaded machine slows single runs at random); the figure that matters is the ratio
of the largest input's time to the smallest's, which is 10 for linear time (goal <= 12).

Run: ``python bench/adversarial.py [--sizes 1 5 10] [--timeout 300] [--repeat 3]``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

MB = 1_000_000


def _cues(size: int) -> str:
    out, total, i = [], 0, 1
    while total < size:
        s = i % 3600
        cue = (f"{i}\n{s // 60:02d}:{s % 60:02d}:00,000 --> {s // 60:02d}:{s % 60:02d}:01,500\n"
               f"Caf\u00e9 cr\u00e8me, na\u00efve r\u00e9sum\u00e9 number {i}\n\n")
        out.append(cue)
        total += len(cue)
        i += 1
    return "".join(out)


def _lesson(size: int, opener: str) -> bytes:
    body = ["# A lesson", "", opener, ""]
    total, i = 0, 0
    pieces = ["Some prose about training, with `code` and a [link](https://example.com).",
              "", "```py", "model.fit(x, y)", "```", "", "- a point", "- another", ""]
    while total < size:
        piece = pieces[i % len(pieces)]
        body.append(piece)
        total += len(piece) + 1
        i += 1
    return "\n".join(body).encode()


INPUTS: dict[str, tuple[str, Callable[[int], bytes]]] = {
    "subtitles, invalid UTF-8 (Latin-1)": ("srt", lambda n: _cues(n).encode("latin-1")),
    "subtitles, UTF-16": ("srt", lambda n: _cues(n // 2).encode("utf-16")),
    "lesson, unclosed <Tip>": ("mdx", lambda n: _lesson(n, "<Tip>")),
    "lesson, unclosed component": ("mdx", lambda n: _lesson(n, '<Question choices={[{text: "a",')),
    "lesson, unclosed comment": ("mdx", lambda n: _lesson(n, "<!-- a note")),
}


def time_one(name: str, megabytes: float) -> float:
    """CPU seconds to read one input (run in a fresh process by :func:`main`)."""
    kind, build = INPUTS[name]
    data = build(int(megabytes * MB))
    if kind == "srt":
        from coursekit.subtitles import parse_subtitles

        start = time.process_time()
        parse_subtitles(data, Path("x.srt"), "en")
    else:
        from coursekit.lessons.parse import parse_lesson

        start = time.process_time()
        parse_lesson(data, path="x.mdx", language="en")
    return time.process_time() - start


def _measure(name: str, megabytes: float, timeout: float, repeat: int) -> float | None:
    best = None
    for _ in range(repeat):
        try:
            run = subprocess.run(
                [sys.executable, __file__, "--one", name, str(megabytes)],
                capture_output=True, text=True, timeout=timeout, check=True,
            )
        except subprocess.TimeoutExpired:
            return None
        seconds = float(run.stdout.strip())
        best = seconds if best is None else min(best, seconds)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=float, nargs="+", default=[1, 5, 10])
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", help="time only the inputs whose name contains this")
    parser.add_argument("--one", nargs=2, metavar=("NAME", "MB"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(f"{time_one(args.one[0], float(args.one[1])):.4f}")
        return
    sizes = sorted(args.sizes)
    print(f"{'input':38s}" + "".join(f"{s:>10g} MB" for s in sizes) + "   ratio (goal <= 12)")
    worst = 0.0
    for name in INPUTS:
        if args.only and args.only not in name:
            continue
        times = [_measure(name, size, args.timeout, args.repeat) for size in sizes]
        shown = "".join(f"{t:>11.2f}s" if t is not None else f"  >{args.timeout:>8.0f}s"
                        for t in times)
        first, last = times[0], times[-1]
        if first is None or last is None:
            ratio_text = "n/a (timed out)"
            worst = float("inf")
        else:
            ratio = last / max(first, 1e-9)
            worst = max(worst, ratio)
            ratio_text = f"{ratio:.1f}x for {sizes[-1] / sizes[0]:g}x the size"
        print(f"{name:38s}{shown}   {ratio_text}", flush=True)
    print(f"worst ratio: {worst:.1f} ({'ok' if worst <= 12 else 'above the goal of 12'})")


if __name__ == "__main__":
    main()
