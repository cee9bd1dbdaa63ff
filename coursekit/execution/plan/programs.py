"""Programs a lesson needs that pip does not install, told by what their absence raises.

A missing program is an environment need like a missing package (the verdict
``needs-packages``, naming the program and how to install it), never a failure of the
lesson: git-lfs (huggingface_hub's ``Repository`` refuses to clone without it), FFmpeg
(its shared libraries for torchcodec, its ``ffmpeg`` command for transformers' audio
pipelines) and a C compiler (Triton and ``torch.compile`` build kernels with one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Program:
    name: str
    """As the verdict names it: ``git-lfs``, ``FFmpeg``."""
    signature: re.Pattern[str]
    """What an error of a cell says when the program is missing."""
    why: str
    """Who needs it, as a sentence part."""
    install: str
    """How the machine that verifies gets it."""


_FFMPEG_INSTALL = ("install FFmpeg (4 to 8, with its shared libraries) on the machine that "
                   "verifies, e.g. `apt-get install ffmpeg`; `coursekit kernels list` says "
                   "which one torchcodec finds")

PROGRAMS = (
    Program("FFmpeg", re.compile(r"Could not load libtorchcodec"),
            "torchcodec, which decodes the audio, loads its shared libraries; a system "
            "package, not a Python one", _FFMPEG_INSTALL),
    Program("FFmpeg", re.compile(r"ffmpeg was not found|No such file or directory: "
                                 r"'ffmpeg'|\bffmpeg: not found"),
            "the library decodes audio files with the `ffmpeg` command; a system program, "
            "not a Python package", _FFMPEG_INSTALL),
    Program("git-lfs", re.compile(r"(?i)git-lfs installed|No such file or directory: "
                                  r"'git-lfs'|'lfs' is not a git command"),
            "cloning or pushing a Hub repository with git needs it; a system program, not "
            "a Python package",
            "install git-lfs on the machine that verifies (`apt-get install git-lfs`, then "
            "`git lfs install`); Colab has it"),
    Program("C compiler", re.compile(r"Failed to find C compiler|No such file or directory:"
                                       r" '(?:gcc|cc|g\+\+|clang)'|command '(?:gcc|cc|"
                                       r"x86_64-linux-gnu-gcc)' failed"),
            "the library compiles code at run time (Triton, `torch.compile`); a system "
            "program, not a Python package",
            "install a C compiler on the machine that verifies (`apt-get install gcc`), or "
            "set `CC` to one"),
)


def missing_program(ename: str, evalue: str) -> Program | None:
    """The program whose absence the error says, if it says one."""
    text = f"{ename}: {evalue}"
    return next((p for p in PROGRAMS if p.signature.search(text)), None)
