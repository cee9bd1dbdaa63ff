"""Path options of the files and folders a command writes."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import click

from coursekit.files import dangling_link, kind_of


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
        if not self.folder:
            _a_file_name(self, value, param, ctx)
        else:
            _not_empty(self, value, param, ctx)
        if self.folder and isinstance(value, str | os.PathLike):
            blocked = _no_folder_there(Path(os.fsdecode(value)))
            if blocked is not None:
                self.fail(blocked, param, ctx)
        path = super().convert(value, param, ctx)
        reason = dangling_link(Path(os.fsdecode(path)), folder=self.folder)
        if reason is not None:
            self.fail(f"{click.format_filename(path)} is {reason}", param, ctx)
        return path


class FilePath(click.Path):
    """A file a command reads or writes (``--baseline``), named as a file: see
    :func:`_a_file_name`."""

    def __init__(self) -> None:
        super().__init__(dir_okay=False, path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        _a_file_name(self, value, param, ctx)
        return super().convert(value, param, ctx)


class FolderPath(click.Path):
    """A folder a command reads (``--root``); an empty path is a usage error, not the
    current folder (which ``.`` names)."""

    def __init__(self) -> None:
        super().__init__(file_okay=False, path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        _not_empty(self, value, param, ctx)
        return super().convert(value, param, ctx)


def _not_empty(kind: click.Path, value: Any, param: click.Parameter | None,
               ctx: click.Context | None) -> None:
    """Fail where ``value`` is an empty path: a variable left unset (``--out "$DIR"``)
    would otherwise name the current folder and write there."""
    if isinstance(value, str | os.PathLike) and not os.fsdecode(value):
        kind.fail("the path is empty: give a folder name (`.` for the current one)",
                  param, ctx)


def _a_file_name(kind: click.Path, value: Any, param: click.Parameter | None,
                 ctx: click.Context | None) -> None:
    """Fail unless ``value`` ends with a file name: ``reports/`` or ``x.json/.`` names a
    folder (shell redirection refuses it; a write would make a file ``reports``), and an
    empty path names none."""
    if not isinstance(value, str | os.PathLike):
        return
    named = os.fsdecode(value)
    if not named:
        kind.fail("the path is empty: give a file name", param, ctx)
    if os.path.basename(named) in ("", ".", ".."):
        kind.fail(f"{click.format_filename(named)} names a folder, not a file: give a file "
                  "name", param, ctx)


def _no_folder_there(path: Path) -> str | None:
    """Why no folder can be at ``path`` (it, or a folder above it, is something else: a
    file, a device such as ``/dev/null``); ``None`` when one is or can be made there.
    Only the nearest thing that exists is asked: the write itself reports the rest."""
    for each in (path, *path.parents):
        try:
            mode = os.stat(each).st_mode
        except (FileNotFoundError, NotADirectoryError):
            continue  # not there (or under something else: a folder above says what)
        except OSError:
            return None  # unreadable: the write that follows names it
        if stat.S_ISDIR(mode):
            return None
        what = "a regular file" if stat.S_ISREG(mode) else kind_of(mode)
        if each == path:
            return f"{click.format_filename(path)} is {what}, not a folder"
        return (f"{click.format_filename(path)} cannot be made: "
                f"{click.format_filename(each)} is {what}, not a folder")
    return None
