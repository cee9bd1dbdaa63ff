"""Finding the course a command works on when ``--root`` is not given.

As ruff, mypy and pytest find their project from a subfolder, the course root is the
nearest folder upwards that holds the course's configuration (a ``coursekit.toml``, or a
``pyproject.toml`` with a ``[tool.coursekit]`` table), else the nearest one that holds a
lesson folder (``content/``, ``chapters/``, ``units/``) or ``subtitles/`` with a language
folder in it that holds lessons, subtitles or a toctree (a lesson's own folder of
images named ``content``, even with an ``img`` folder in it, marks no course). The search
stops at the top of the git checkout it starts in (a folder holding ``.git``), or at
the top of the file system: a course is never taken from outside the repository.
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

from coursekit.config.course import CONTENT_DIRS
from coursekit.config.model import Config
from coursekit.config.values import LANGUAGE_TAG

_MARKER_DIRS = (*CONTENT_DIRS, Config().subtitles_dir)
_TABLE = re.compile(r"^[ \t]*(\[[ \t]*tool[ \t]*\.[ \t]*coursekit\b|tool[ \t]*\.[ \t]*coursekit\b)",
                    re.MULTILINE)
"""The coursekit table of a ``pyproject.toml`` TOML cannot read: its header, or a dotted
key (it is still the course's configuration, whose problem the command then reports)."""


def find_root(start: Path) -> Path | None:
    """The course root for a command started in ``start`` (a folder, or a file named on
    the command line), or ``None`` when no folder up to the top of its repository looks
    like one: the caller then keeps the current folder, whose check says it holds no
    course (``CFG002``)."""
    folders = _upwards(start)
    for folder in folders:
        if _configured(folder):
            return folder
    for folder in folders:
        if any(_holds_language(folder / name) for name in _MARKER_DIRS):
            return folder
    return None


def _upwards(start: Path) -> list[Path]:
    """``start`` (a file: its folder) and the folders above it, up to the first that
    holds ``.git`` (the top of a checkout, a worktree or a submodule) or the top of the
    file system."""
    try:
        here = start.resolve()
        if not here.is_dir():
            here = here.parent
    except (OSError, RuntimeError):
        return []
    found: list[Path] = []
    for folder in (here, *here.parents):
        found.append(folder)
        try:
            if (folder / ".git").exists():
                break
        except OSError:
            break
    return found


def _configured(folder: Path) -> bool:
    """Whether ``folder`` holds the course's configuration, as
    :func:`coursekit.config.load.load_config` would read it."""
    try:
        if (folder / "coursekit.toml").exists():
            return True
        pyproject = folder / "pyproject.toml"
        if not pyproject.is_file():
            return False
        raw = pyproject.read_bytes()
    except OSError:
        return False
    text = raw.decode("utf-8", errors="replace")  # only searched, never kept
    try:
        tool = tomllib.loads(text).get("tool")
    except (ValueError, RecursionError):  # not TOML, or a number too long to convert
        return _TABLE.search(text) is not None
    return isinstance(tool, dict) and "coursekit" in tool


_COURSE_FILES = (".mdx", ".md", ".srt", ".sbv", ".yml", ".csv")
"""What a language folder holds, in it or one folder down: lessons, subtitles, a toctree,
a subtitle ``metadata.csv`` (an image folder whose name reads as a tag, ``img``, holds
none)."""


def _holds_language(path: Path) -> bool:
    """Whether ``path`` is a folder with a folder named as a language tag in it that
    holds course files."""
    try:
        with os.scandir(path) as entries:
            return any(LANGUAGE_TAG.fullmatch(entry.name) and entry.is_dir()
                       and _holds_course_files(entry.path) for entry in entries)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError:  # a folder that cannot be listed: the command names it (CFG007)
        return True


def _holds_course_files(folder: str, depth: int = 1) -> bool:
    """Whether ``folder``, or a folder in it down to ``depth`` more, holds a course file."""
    try:
        with os.scandir(folder) as entries:
            inner = []
            for entry in entries:
                if entry.is_file() and entry.name.lower().endswith(_COURSE_FILES):
                    return True
                if depth and entry.is_dir():
                    inner.append(entry.path)
    except OSError:
        return True  # the command names what it cannot list
    return any(_holds_course_files(each, depth - 1) for each in inner)
