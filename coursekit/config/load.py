"""Finding a course's configuration file and reading its values."""

from __future__ import annotations

from pathlib import Path

from coursekit.config.model import Config
from coursekit.config.reading import read_file
from coursekit.config.values import config_from

FILE_NAMES = ("coursekit.toml", "pyproject.toml")
"""Where the configuration is looked for at the course root, in this order."""


def load_config(root: Path) -> Config:
    """Read the course configuration under ``root`` (defaults when there is none).

    Never raises: what cannot be used is left at its default and listed in
    ``Config.problems``."""
    for name in FILE_NAMES:
        candidate = root / name
        if candidate.is_file():
            file = read_file(candidate)
            if file.table or file.problems or name == "coursekit.toml":
                return config_from(file)
    return Config()
