"""What every ``coursekit fix`` command says when it is interrupted: the files it
already rewrote, before the run ends."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import click

from coursekit.cli.failures import Terminated


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
