"""Listing course folders: every folder that cannot be listed is kept, with its reason.

``Path.rglob`` and ``Path.iterdir`` skip a folder they may not read without a word
(rglob) or stop the run (iterdir), so a lesson folder the user lost access to looked
empty: its lessons went unchecked and ``build`` deleted their notebooks as orphans.
Here each folder is listed once with :func:`scan`, and one that fails is an
:class:`Unlisted` entry of the :class:`Listing`, which commands report and keep the
outputs of. The walk keeps its own stack, so a course 1,200 folders deep is listed like
any other (recursive walks stop near 1,000 levels); a path too long for the system is
one more folder that cannot be listed.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from coursekit.files import dangling_link


@dataclass(frozen=True, slots=True)
class Unlisted:
    """A folder whose entries could not be read."""

    path: Path
    reason: str
    """Why, in words (``Permission denied``)."""
    errno: int | None = None

    @classmethod
    def of(cls, path: Path, exc: OSError) -> Unlisted:
        return cls(path, exc.strerror or str(exc) or type(exc).__name__, exc.errno)


@dataclass(slots=True)
class Listing:
    """The files found below a folder, and the folders below it that could not be listed."""

    files: list[Path] = field(default_factory=list)
    unlisted: list[Unlisted] = field(default_factory=list)

    def hides(self, path: Path) -> bool:
        """Whether ``path`` may lie in a folder that could not be listed."""
        return any(path.is_relative_to(folder.path) for folder in self.unlisted)


def scan(folder: Path) -> list[os.DirEntry[str]]:
    """The entries of ``folder``; :class:`OSError` when it cannot be listed.

    The one place course folders are listed, so that a test can make any of them fail."""
    with os.scandir(folder) as entries:
        return list(entries)


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False


def walk_files(base: Path, wanted: Callable[[os.DirEntry[str]], bool],
               enter: Callable[[Path], bool] = lambda _: True) -> Listing:
    """Every entry below ``base`` that is not a folder and that ``wanted`` accepts, in
    the folders below it that ``enter`` accepts (an excluded one is never listed).

    Linked folders are not entered (a link to a folder is listed as an entry, so that
    ``wanted`` may refuse it); ``base`` itself may be a link."""
    listing = Listing()
    stack = [base]
    while stack:
        folder = stack.pop()
        try:
            entries = scan(folder)
        except OSError as exc:
            listing.unlisted.append(Unlisted.of(folder, exc))
            continue
        for entry in entries:
            path = folder / entry.name
            if _is_dir(entry):
                if enter(path):
                    stack.append(path)
            elif wanted(entry):
                listing.files.append(path)
    return listing


def broken_folder_link(path: Path) -> Unlisted | None:
    """Why ``path``, a symbolic link named as a folder, leads to none (to nothing, into a
    loop, or to a file); ``None`` when it is no link or leads to a folder."""
    try:
        if not os.path.islink(path) or path.is_dir():
            return None
    except OSError:  # past a loop of links: what is at the end is said below
        pass
    why = dangling_link(path, folder=True) or f"a symbolic link to `{os.readlink(path)}`, " \
        "which is not a folder"
    return Unlisted(path, why, errno.ENOTDIR)


def list_folder(base: Path) -> tuple[list[Path], Unlisted | None]:
    """The entries of ``base`` (not below it), or why it cannot be listed."""
    try:
        return [base / entry.name for entry in scan(base)], None
    except OSError as exc:
        return [], Unlisted.of(base, exc)
