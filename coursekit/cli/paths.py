"""Path options of the files and folders a command writes."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click

from coursekit.files import dangling_link


class OutputPath(click.Path):
    """A file (or, with ``folder``, a folder) the command writes: a symbolic link there
    that leads nowhere a write could go is a usage error, before any work is done. A
    file given as ``-`` is standard output (``None``), as for other command-line tools."""

    def __init__(self, *, folder: bool = False) -> None:
        super().__init__(file_okay=not folder, dir_okay=folder, path_type=Path)
        self.folder = folder

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if value == "-" and not self.folder:
            return None
        path = super().convert(value, param, ctx)
        reason = dangling_link(Path(os.fsdecode(path)), folder=self.folder)
        if reason is not None:
            self.fail(f"{click.format_filename(path)} is {reason}", param, ctx)
        return path
