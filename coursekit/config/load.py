"""Finding a course's configuration file and reading its values."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from coursekit.config.model import Config
from coursekit.config.reading import ConfigFile, Problems, read_file
from coursekit.config.values import config_from

FILE_NAMES = ("coursekit.toml", "pyproject.toml")
"""Where the configuration is looked for at the course root, in this order."""


def load_config(root: Path, path: Path | None = None) -> Config:
    """Read the course configuration under ``root`` (defaults when there is none), or
    the file at ``path`` instead (``--config``: a ``pyproject.toml`` is read for its
    ``[tool.coursekit]``, any other file as a ``coursekit.toml``).

    Never raises: what cannot be used is left at its default and listed in
    ``Config.problems``."""
    if path is not None:
        if path.is_file():
            config = config_from(read_file(path))
        else:
            problems = Problems()
            problems.add((), f"cannot read {path.name}: "
                             f"{_not_a_file(path) or 'it does not exist'}", 1)
            config = config_from(ConfigFile(path, {}, problems=problems))
        return replace(config, shown=_shown(root, path))
    for name in FILE_NAMES:
        candidate = root / name
        if candidate.is_file():
            file = read_file(candidate)
            if file.table or file.problems or name == "coursekit.toml":
                return config_from(file)
        elif (why := _not_a_file(candidate)) is not None:
            # not read (a FIFO would block), and not passed over: the course's own
            # configuration may be what is missing (a link into a submodule not fetched)
            problems = Problems()
            problems.add((), f"cannot read {name}: {why}", 1)
            return config_from(ConfigFile(candidate, {}, problems=problems))
    return Config()


def _shown(root: Path, path: Path) -> str:
    """A file given with ``--config``, as findings name it: from the course root where
    it lies in the course, else as given."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except (ValueError, OSError, RuntimeError):
        return path.as_posix()


def _not_a_file(path: Path) -> str | None:
    """Why ``path`` is there but no file to read, or None when nothing is there."""
    try:
        if path.is_symlink() and not path.exists():
            return f"it is a link to {os.readlink(path)}, which does not exist"
        if path.is_dir():
            return "it is a folder"
        if path.exists():
            return "it is not a regular file"
    except OSError as exc:
        return exc.strerror or str(exc)
    return None
