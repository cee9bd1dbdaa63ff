"""The ``coursekit`` command: a thin layer over the library.

Each command lives in ``coursekit/cli/commands/<name>.py`` and exports ``command``;
it parses options, calls the library, renders the result and picks the exit code.
Command modules are imported only when their command runs, so ``coursekit check``
never pays for the notebook executor's imports.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import click

from coursekit import __version__
from coursekit.cli import commands
from coursekit.cli.options import EXIT_USAGE


class LazyCommands(click.Group):
    """A group whose subcommands are the modules of ``coursekit.cli.commands``."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(info.name for info in pkgutil.iter_modules(commands.__path__))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.list_commands(ctx):
            return None
        module = importlib.import_module(f"{commands.__name__}.{cmd_name}")
        command = getattr(module, "command", None)
        return command if isinstance(command, click.Command) else None


@click.group(cls=LazyCommands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="coursekit")
def cli() -> None:
    """Check, build and verify a multilingual course: lessons, notebooks, subtitles."""


def main() -> None:
    try:
        cli.main(standalone_mode=True)
    except KeyboardInterrupt:
        sys.exit(EXIT_USAGE)
