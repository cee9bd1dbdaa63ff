"""Whether this machine has FFmpeg's shared libraries, which decode audio in the kernels.

``datasets`` decodes an ``Audio`` column with torchcodec, and torchcodec loads the
system's FFmpeg libraries (major versions 4 to 8) when it is imported. The
libraries are looked up as the dynamic loader would find them, without importing
torchcodec or a framework; the ``ffmpeg`` program (which transformers' audio
helpers run on files and microphone streams) is looked up on ``PATH``.
"""

from __future__ import annotations

import ctypes
import shutil
from collections.abc import Callable
from dataclasses import dataclass

SONAMES: dict[int, dict[str, str]] = {
    4: {"avutil": "56", "avcodec": "58", "avformat": "58", "avdevice": "58", "avfilter": "7",
        "swscale": "5", "swresample": "3"},
    5: {"avutil": "57", "avcodec": "59", "avformat": "59", "avdevice": "59", "avfilter": "8",
        "swscale": "6", "swresample": "4"},
    6: {"avutil": "58", "avcodec": "60", "avformat": "60", "avdevice": "60", "avfilter": "9",
        "swscale": "7", "swresample": "4"},
    7: {"avutil": "59", "avcodec": "61", "avformat": "61", "avdevice": "61", "avfilter": "10",
        "swscale": "8", "swresample": "5"},
    8: {"avutil": "60", "avcodec": "62", "avformat": "62", "avdevice": "62", "avfilter": "11",
        "swscale": "9", "swresample": "6"},
}
"""FFmpeg major version -> library -> soname major: the versions torchcodec can load,
newest last (torchcodec tries the newest first)."""

INSTALL_HINT = ("install FFmpeg's shared libraries (FFmpeg 4 to 8), e.g. "
                "`apt-get install ffmpeg` on Debian or Ubuntu")

Loader = Callable[[str], bool]


def _loads(soname: str) -> bool:
    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def sonames(major: int) -> list[str]:
    return [f"lib{lib}.so.{version}" for lib, version in SONAMES[major].items()]


@dataclass(frozen=True, slots=True)
class FFmpegStatus:
    """What the dynamic loader and ``PATH`` offer of FFmpeg."""

    major: int | None
    """The newest FFmpeg major version whose libraries all load (``None``: none does)."""
    missing: tuple[str, ...] = ()
    """For a partial install, the libraries of its version that do not load."""
    program: str | None = None
    """The ``ffmpeg`` program on ``PATH``."""

    @property
    def libraries(self) -> bool:
        return self.major is not None

    def describe(self) -> str:
        """One line for a person: what was found, or what to install."""
        if self.major is not None:
            found = f"FFmpeg {self.major} libraries found"
            return found + ("" if self.program else "; no `ffmpeg` program on PATH")
        if self.missing:
            return (f"FFmpeg's shared libraries are incomplete (missing "
                    f"{', '.join(self.missing)}): {INSTALL_HINT}")
        return f"FFmpeg's shared libraries are missing: {INSTALL_HINT}"


def ffmpeg_status(load: Loader = _loads,
                  which: Callable[[str], str | None] = shutil.which) -> FFmpegStatus:
    """The newest loadable FFmpeg; ``load`` and ``which`` are the lookups (replaceable)."""
    partial: tuple[str, ...] = ()
    for major in sorted(SONAMES, reverse=True):
        names = sonames(major)
        found = [name for name in names if load(name)]
        if len(found) == len(names):
            return FFmpegStatus(major, program=which("ffmpeg"))
        if found and not partial:
            partial = tuple(name for name in names if name not in found)
    return FFmpegStatus(None, partial, which("ffmpeg"))
