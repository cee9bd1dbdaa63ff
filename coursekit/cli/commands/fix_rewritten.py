"""What every ``coursekit fix`` command says of the files it did not finish: those it
already rewrote when it is interrupted, before the run ends, and the lesson folders it
could not list."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from coursekit.cli.failures import Terminated
from coursekit.files import other_links

if TYPE_CHECKING:
    from coursekit.corpus import Corpus


@contextlib.contextmanager
def says_what_was_rewritten(name: str, verb: str = "fixed") -> Iterator[list[str]]:
    """A list for the paths of the files rewritten so far, each added as soon as its
    file is renamed into place; if the run is interrupted (Ctrl-C, SIGTERM) they are
    listed (``<verb> <path>``) before it ends."""
    rewritten: list[str] = []
    try:
        yield rewritten
    except (KeyboardInterrupt, Terminated):
        for path in rewritten:
            click.echo(f"{verb} {path}")
        click.echo(f"{name}: interrupted after rewriting {len(rewritten)} file(s)", err=True)
        raise


def say_shared_links(files: Iterable[tuple[Path, str]]) -> None:
    """Name on standard error each file about to be rewritten (``(file, shown)``) that has
    other hard links: the rewrite is atomic (a temporary file renamed over it), so the
    file becomes one of its own and the other names keep the old content, as they do
    after ``sed -i``; a maintainer who linked them on purpose must know."""
    for file, shown in files:
        if links := other_links(file):
            click.echo(f"{shown}: has {links} other hard link(s); it is rewritten as a file "
                       "of its own, and the other names keep the old content", err=True)


def said_unlisted(corpus: Corpus, done: str) -> bool:
    """Name on standard error each lesson folder the run could not list (a language
    folder without read permission): its lessons are not ``done``, which the command's
    exit code must say, as it does for a lesson it could not read. Whether there was one."""
    course = corpus.course
    folders = dict.fromkeys([*course.unlisted_roots(subtitles=False), *corpus.unlisted()])
    for folder in folders:
        click.echo(f"{course.relative(folder.path)}: cannot list the folder: {folder.reason}; "
                   f"its lessons are not {done}", err=True)
    return bool(folders)
