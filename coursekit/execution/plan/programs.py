"""Programs a lesson needs that pip does not install, told by what their absence raises.

A missing program is an environment need like a missing package (the verdict
``needs-packages``, naming the program and how to install it), never a failure of the
lesson: git-lfs (huggingface_hub's ``Repository`` refuses to clone without it), FFmpeg
(its shared libraries for torchcodec, its ``ffmpeg`` command for transformers' audio
pipelines) and a C compiler (Triton and ``torch.compile`` build kernels with one). So is
a program a lesson's shell command runs that the shell does not find (exit status 127,
``command not found``): :func:`missing_command`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePosixPath


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


_HUGGINGFACE_CLI = Program(
    "huggingface-cli", re.compile(r"\bhuggingface-cli: (?:command )?not found"),
    "huggingface_hub's command line before 1.0, which replaced it with `hf`",
    "write the `hf` command for it (`hf auth login`, `hf download`), which huggingface_hub "
    "1.0 and later install, or pin `huggingface_hub<1.0` for the lesson")
_NOT_FOUND = re.compile(r"(?:^|[\s:])(?P<program>[^\s:]+): (?:command )?not found\s*$"
                        r"|command not found: (?P<zsh>\S+)\s*$", re.MULTILINE)
"""What bash, dash and zsh say of a command they find nowhere on ``PATH``."""
NOT_FOUND_STATUS = 127
"""The status a shell exits with when it finds no such command."""


def missing_command(status: int, printed: str) -> Program | None:
    """The program a shell command that exited with ``status``, having ``printed`` its
    last lines, lacked: one its error names (as :func:`missing_program`), or the command
    the shell did not find."""
    program = missing_program("", printed)
    found = _NOT_FOUND.search(printed) if status == NOT_FOUND_STATUS else None
    if program is not None or found is None:
        return program
    name = PurePosixPath(found["program"] or found["zsh"]).name
    known = (*PROGRAMS, _HUGGINGFACE_CLI)
    return next((p for p in known if p.name.lower() == name.lower()), None) or Program(
        name, re.compile(re.escape(name)),
        "a program the cell's shell command runs, which the shell finds nowhere on `PATH`",
        f"install what provides `{name}` on the machine that verifies (a Python package's "
        "command: add the package to [tool.coursekit.kernels] `packages`), or mark the "
        f"cell `{{/* coursekit: skip reason=\"needs {name}\" */}}`")


def missing_program(ename: str, evalue: str) -> Program | None:
    """The program whose absence the error says, if it says one."""
    text = f"{ename}: {evalue}"
    return next((p for p in PROGRAMS if p.signature.search(text)), None)
