"""Fuzzing every option and file that names a path: ``..``, absolute paths, case
variants, long names. Oracle: the command gives findings or a usage error and an exit
code, never an internal error, and no file outside the course's own outputs changes:
the sandbox's other files stay byte-identical."""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from coursekit.cli import cli

from .support import SRT_SEEDS, budget, check, example

_SANDBOX = Path(tempfile.mkdtemp(prefix="coursekit-paths-"))
atexit.register(shutil.rmtree, _SANDBOX, True)  # module-wide, for Hypothesis; gone at exit
_COURSE = _SANDBOX / "course"
_LESSON = "# A lesson\n\n```py\nprint('hi')\n```\n"

PATHS = st.one_of(
    st.sampled_from([
        "..", "../..", "../outside", "../../outside/x.srt", "/", "/etc", "/etc/hostname",
        "subtitles/EN/01_a.srt", "subtitles/en/../../../outside/x.srt", "SUBTITLES/en",
        "content/EN/chapter1/1.mdx", "subtitles/en/01_a.srt", "content/en/chapter1/1.mdx",
        "zh-cn", "ZH-cn", "zh_CN", "EN", "en", "fr", "en/..", "./en", "en/", "",
        "a" * 300, "x/" + "b" * 300, "~", "-", "--root",
    ]),
    st.text(alphabet="./ab\\-_ENzhcCN", max_size=12),
)
"""Path values at their edges: leaving the course, absolute, other case, too long (a NUL
cannot be passed on a command line)."""


def _outside() -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in sorted(_SANDBOX.rglob("*"))
            if p.is_file() and not p.is_relative_to(_COURSE)}


def _reset() -> dict[Path, bytes]:
    shutil.rmtree(_SANDBOX, ignore_errors=True)
    for name, data in (("subtitles/en/01_a.srt", SRT_SEEDS[0]),
                       ("subtitles/zh-CN/01_a.srt", SRT_SEEDS[0]),
                       ("subtitles/zh-cn/01_a.srt", SRT_SEEDS[0]),
                       ("content/en/chapter1/1.mdx", _LESSON.encode()),
                       ("coursekit.toml", b"")):
        (_COURSE / name).parent.mkdir(parents=True, exist_ok=True)
        (_COURSE / name).write_bytes(data)
    for name in ("outside/x.srt", "outside/en/01_a.srt", "elsewhere/keep.txt", "cwd/keep.txt"):
        (_SANDBOX / name).parent.mkdir(parents=True, exist_ok=True)
        (_SANDBOX / name).write_bytes(SRT_SEEDS[0])
    return _outside()


COMMANDS = st.sampled_from([
    ("check", "subtitles", "{p}"), ("check", "lessons", "{p}"), ("check", "--lang", "{p}"),
    ("fix", "subtitles", "--lang", "{p}"), ("fix", "subtitles", "--monolingual", "{p}"),
    ("fix", "subtitles", "--dry-run", "--lang", "{p}"), ("build", "--lang", "{p}"),
    ("coverage", "--lang", "{p}"), ("check", "--baseline", "{p}"),
])


@contextlib.contextmanager
def _in_sandbox() -> Iterator[None]:
    """Relative paths are read from a folder of the sandbox, which the oracle watches."""
    old = Path.cwd()
    os.chdir(_SANDBOX / "cwd")
    try:
        yield
    finally:
        os.chdir(old)


@budget(ci=60, soak=3_000)
@given(COMMANDS, PATHS)
def test_a_path_in_any_option_touches_nothing_outside(command: tuple[str, ...], path: str) -> None:
    with example("paths", (command, path)):
        before = _reset()
        args = [part.replace("{p}", path) for part in command]
        with _in_sandbox():
            result = CliRunner().invoke(cli, [*args, "--root", str(_COURSE)])
        out = result.output
        check(result.exception is None or isinstance(result.exception, SystemExit),
              f"raised {result.exception!r}")
        check("internal error" not in out and "Traceback" not in out, f"internal: {out[-300:]}")
        check(result.exit_code in (0, 1, 2), f"exit code {result.exit_code}")
        check(_outside() == before, "a file outside the course was written or deleted")
