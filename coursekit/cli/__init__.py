"""The ``coursekit`` command: a thin layer over the library.

Each command lives in ``coursekit/cli/commands/<name>.py`` and exports ``command``;
it parses options, calls the library, renders the result and picks the exit code.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import click

from coursekit import __version__
from coursekit.cli import commands
from coursekit.cli.options import EXIT_USAGE


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="coursekit")
def cli() -> None:
    """Check, build and verify a multilingual course: lessons, notebooks, subtitles."""


for _info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
    _module = importlib.import_module(f"{commands.__name__}.{_info.name}")
    _command = getattr(_module, "command", None)
    if isinstance(_command, click.Command):
        cli.add_command(_command)


def main() -> None:
    try:
        cli.main(standalone_mode=True)
    except KeyboardInterrupt:
        sys.exit(EXIT_USAGE)
