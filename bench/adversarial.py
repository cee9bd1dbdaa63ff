"""Time coursekit on adversarial inputs: growing sizes, and shapes that were once quadratic.

Sizes: the subtitle loader and the lesson parser on inputs of 1, 5 and 10 MB.

Inputs that once took quadratic time: subtitles with invalid UTF-8 (Latin-1 text) and
subtitles saved as UTF-16, for the subtitle loader; a lesson with an unclosed ``<Tip>``,
an unclosed component and an unclosed comment, for the lesson parser. Each input is
parsed in a fresh process (so one slow case cannot hold up the others past
``--timeout``), timed in that process's CPU time, the best of ``--repeat`` runs (a
loaded machine slows single runs at random); the figure that matters is the ratio
of the largest input's time to the smallest's, which is 10 for linear time (goal <= 12).

Shapes: each once-quadratic path timed at N and 2N, where linear time gives a ratio of
2 (goal <= 2.4): a cue full of unclosed ``<font color=``, ``<i `` or ``{\\`` (the tag
pattern), ``fix subtitles --dry-run`` when every timing line changes (the diff), a
translation whose code blocks all differ from the source's (the block alignment), one
component line with thousands of attributes, and a configuration of unknown keys (the
line of each finding).

Run: ``python bench/adversarial.py [--sizes 1 5 10] [--timeout 300] [--repeat 3]
[--only TEXT] [--shapes-only | --sizes-only] [--scale F]``.
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


def _unclosed_cue(opener: str) -> Callable[[int], Callable[[], object]]:
    def make(size: int) -> Callable[[], object]:
        from coursekit.subtitles import parse_subtitles
        from coursekit.subtitles.check import check_file
        from coursekit.subtitles.settings import defaults_for

        text = (opener + "word ") * (size // (len(opener) + 5))
        data = f"1\n00:00:01,000 --> 00:00:09,000\n{text}\n\n".encode()
        return lambda: check_file(parse_subtitles(data, Path("x.srt"), "en"),
                                  defaults_for("en"), None, "en")
    return make


def _retimed(count: int) -> Callable[[], object]:
    """Every cue's timing written with a short fraction (``,5``), which the fix rewrites."""
    from coursekit.subtitles.fix import fix_bytes
    from coursekit.subtitles.settings import defaults_for

    data = "".join(
        f"{n + 1}\n{_clock(n * 3)},5 --> {_clock(n * 3 + 2)},5\nline {n}\n\n" for n in range(count)
    ).encode()
    return lambda: fix_bytes(data, Path("x.srt"), "en", defaults_for("en")).diff()


def _clock(seconds: int) -> str:
    return f"{seconds // 3600:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def _differing_blocks(count: int) -> Callable[[], object]:
    from coursekit.lessons.parse import parse_lesson
    from coursekit.translations.check import compare_lessons
    from coursekit.translations.digest import digest
    from coursekit.translations.settings import Settings

    def lesson(name: str) -> bytes:
        return ("# T\n\n" + "".join(
            f"```py\n{name}_{i} = compute({i}, {name!r})\nprint({name}_{i} + {i * 7})\n```\n\n"
            "Some text.\n\n" for i in range(count))).encode()

    source = parse_lesson(lesson("alpha"), path="content/en/x.mdx", language="en")
    translation = parse_lesson(lesson("beta"), path="content/fr/x.mdx", language="fr")
    return lambda: compare_lessons(digest(source), digest(translation), Settings())


def _attributes(count: int) -> Callable[[], object]:
    from coursekit.lessons.parse import parse_lesson

    line = "<Component " + " ".join(f"a{i}=v{i}" for i in range(count)) + " />"
    data = f"# T\n\n{line}\n\nText.\n".encode()
    return lambda: parse_lesson(data, path="x.mdx", language="en")


def _unknown_keys(count: int) -> Callable[[], object]:
    import tempfile

    from coursekit.config import Course
    from coursekit.config.check import config_findings

    root = Path(tempfile.mkdtemp(prefix="coursekit-bench-"))
    (root / "coursekit.toml").write_text(
        "".join(f"unknown-{i} = {i}\n" for i in range(count)) + "[subtitles]\n"
        + "".join(f"typo-{i} = {i}\n" for i in range(count)), encoding="utf-8")
    return lambda: config_findings(Course.open(root))


SHAPES: dict[str, tuple[int, Callable[[int], Callable[[], object]]]] = {
    "cue of unclosed <font color= (bytes)": (2 * MB, _unclosed_cue("<font color=")),
    "cue of unclosed <i (bytes)": (2 * MB, _unclosed_cue("<i ")),
    "cue of unclosed {\\ (bytes)": (2 * MB, _unclosed_cue("{\\")),
    "fix --dry-run, every timing (cues)": (20_000, _retimed),
    "code blocks all differing (blocks)": (300, _differing_blocks),
    "attributes on one line (attributes)": (200_000, _attributes),
    "unknown configuration keys (keys)": (10_000, _unknown_keys),
}
"""Name -> (N, the input of size N made ready, as the call to time)."""


def time_shape(name: str, size: int) -> float:
    """CPU seconds of one shape at ``size`` (run in a fresh process by :func:`main`)."""
    call = SHAPES[name][1](size)
    start = time.process_time()
    call()
    return time.process_time() - start


def _measure(name: str, megabytes: float, timeout: float, repeat: int,
             mode: str = "--one") -> float | None:
    best = None
    for _ in range(repeat):
        try:
            run = subprocess.run(
                [sys.executable, __file__, mode, name, str(megabytes)],
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
    parser.add_argument("--shapes-only", action="store_true", help="only the N / 2N shapes")
    parser.add_argument("--sizes-only", action="store_true", help="only the 1-10 MB inputs")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply each shape's N by this (a quick run, or an old version)")
    parser.add_argument("--one", nargs=2, metavar=("NAME", "MB"), help=argparse.SUPPRESS)
    parser.add_argument("--shape", nargs=2, metavar=("NAME", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(f"{time_one(args.one[0], float(args.one[1])):.4f}")
        return
    if args.shape:
        print(f"{time_shape(args.shape[0], int(float(args.shape[1]))):.4f}")
        return
    if not args.shapes_only:
        _sizes(args)
    if not args.sizes_only:
        _shapes(args)


def _sizes(args: argparse.Namespace) -> bool:
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
    return worst <= 12


def _shapes(args: argparse.Namespace) -> bool:
    print(f"\n{'shape':40s}{'N':>10s}{'time at N':>12s}{'at 2N':>10s}   ratio (goal <= 2.4)")
    worst = 0.0
    for name, (full, _) in SHAPES.items():
        if args.only and args.only not in name:
            continue
        size = max(1, int(full * args.scale))
        times = [_measure(name, n, args.timeout, args.repeat, "--shape")
                 for n in (size, 2 * size)]
        first, last = times
        shown = "".join(f"{t:>10.3f}s" if t is not None else f" >{args.timeout:>8.0f}s"
                        for t in times)
        if first is None or last is None:
            worst, ratio_text = float("inf"), "n/a (timed out)"
        else:
            ratio = last / max(first, 1e-9)
            worst = max(worst, ratio)
            ratio_text = f"{ratio:.2f}"
        print(f"{name:40s}{size:>10,d}{shown}   {ratio_text}", flush=True)
    print(f"worst ratio: {worst:.2f} ({'ok' if worst <= 2.4 else 'above the goal of 2.4'})")
    return worst <= 2.4


if __name__ == "__main__":
    main()
