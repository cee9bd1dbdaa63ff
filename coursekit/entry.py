"""The ``coursekit`` console script and ``python -m coursekit``.

Ctrl-C while the command line's modules are still being imported (click, rich, the
library: a second or more on a cold disk) ends the run as it does later, with one line
and exit 130, never a traceback. This module imports nothing of its own, so that it
is in place from the first instant.
"""

from __future__ import annotations

import signal
import sys

_INTERRUPTED = 128 + signal.SIGINT
"""As :data:`coursekit.cli.failures.EXIT_INTERRUPTED`, which cannot be imported yet."""


def main() -> int:
    """Import the command line, then run it; its exit code."""
    try:
        from coursekit.cli import main as run

        return run()
    except KeyboardInterrupt:  # before the command line's own handling is in place
        try:
            sys.stderr.write("coursekit: interrupted\n")
            sys.stderr.flush()
        except (OSError, ValueError):  # no standard error to say it on
            pass
        return _INTERRUPTED
