"""Coverage-guided fuzzing entry points, one per parser, for atheris (libFuzzer).

atheris is an optional extra (``pip install -e '.[fuzz]'``), not needed by the test
suite. Each target feeds raw bytes to one parser and checks the oracle the Hypothesis
properties check; a crash or a broken oracle is a finding for libFuzzer. Run one as::

    python -m tests.fuzz.atheris_targets srt [libFuzzer options] [corpus folder]

with a target among ``srt``, ``fix``, ``lesson``, ``toctree``, ``metadata`` and
``config``; the bundled course's files make a good starting corpus.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from coursekit.config import Course
from coursekit.lessons.parse import parse_lesson
from coursekit.lessons.toctree import read_toctree
from coursekit.subtitles import parse_subtitles
from coursekit.subtitles.fix import fix_bytes
from coursekit.subtitles.metadata import read_metadata
from coursekit.subtitles.settings import settings_for

from .test_lesson_fuzz import check_every_fence_is_kept
from .test_subtitle_fuzz import check_every_line_is_kept

_P = Path("x.srt")
_SETTINGS, _ = settings_for({}, "en")
_ROOT = Path(tempfile.mkdtemp(prefix="coursekit-atheris-"))


def srt(data: bytes) -> None:
    check_every_line_is_kept(data, parse_subtitles(data, _P, "en"))


def fix(data: bytes) -> None:
    first = fix_bytes(data, _P, "en", _SETTINGS)
    if first.refused is None:
        second = fix_bytes(first.after, _P, "en", _SETTINGS)
        assert second.after == first.after, "a second fix changed the file"


def lesson(data: bytes) -> None:
    check_every_fence_is_kept(data, parse_lesson(data, path="x.mdx", language="en"))


def toctree(data: bytes) -> None:
    read_toctree(data, path="_toctree.yml", language="en")


def metadata(data: bytes) -> None:
    folder = _ROOT / "subtitles" / "en"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "metadata.csv").write_bytes(data)
    read_metadata(Course.open(_ROOT), "en")


def config(data: bytes) -> None:
    (_ROOT / "coursekit.toml").write_bytes(data)
    Course.open(_ROOT)


TARGETS: dict[str, Callable[[bytes], None]] = {
    "srt": srt, "fix": fix, "lesson": lesson, "toctree": toctree, "metadata": metadata,
    "config": config,
}


def main(argv: list[str]) -> None:
    import atheris  # type: ignore[import-untyped, unused-ignore]  # an optional extra

    if len(argv) < 2 or argv[1] not in TARGETS:
        raise SystemExit(f"usage: {argv[0]} {{{','.join(TARGETS)}}} [libFuzzer options]")
    target = TARGETS[argv[1]]
    atheris.Setup([argv[0], *argv[2:]], target)
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)
