"""Tables printed for where they are read: a terminal is as wide as it says; a log
file, a pipe or a report file has no width, so a table there is as wide as its rows
(unless ``COLUMNS`` gives a width, as for any program)."""

from __future__ import annotations

import os

from rich.console import Console, RenderableType
from rich.measure import Measurement


def room(console: Console) -> int | None:
    """The width to lay lines out in: the terminal's, or ``COLUMNS``; None where the
    output is read as a file, a line as long as it is."""
    if console.is_terminal or "COLUMNS" in os.environ:
        return console.width
    return None


def print_whole(console: Console, renderable: RenderableType) -> None:
    """``renderable`` printed in the console's :func:`room`, or where it has none, as
    wide as it is (a console prints no wider than it is: it is widened for it)."""
    if room(console) is not None:
        console.print(renderable)
        return
    kept = console.width
    console.width = max(kept, Measurement.get(
        console, console.options.update_width(1 << 16), renderable).maximum)
    try:
        console.print(renderable)
    finally:
        console.width = kept
