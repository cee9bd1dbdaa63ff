"""The ``coursekit`` command: a thin layer over the library.

Each command lives in ``coursekit/cli/commands/<name>.py`` and exports ``command``;
it parses options, calls the library, renders the result and picks the exit code.
Command modules are imported only when their command runs, so ``coursekit check``
never pays for the notebook executor's imports. A command returns its exit code;
:func:`main` returns it too, so the CLI can be called from Python
(``main(["check", "--format", "json"])``) as well as from the console script.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Sequence

import click

from coursekit import __version__
from coursekit.cli import commands, failures
from coursekit.cli.options import EXIT_CLEAN, EXIT_USAGE


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


@cli.result_callback()
@click.pass_context
def _exit_with(ctx: click.Context, result: object) -> None:
    """A command's return value is the process's exit code (click ignores it otherwise)."""
    if isinstance(result, int) and result != EXIT_CLEAN:
        ctx.exit(result)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: the process's) and return its exit code;
    see :mod:`coursekit.cli.failures` for how an interrupted or failing run ends."""
    args = list(argv) if argv is not None else None
    failures.prepare_stdout()
    try:
        with failures.terminated_as_exception():
            code = _run(args)
            failures.flush_stdout()
            return code
    except (KeyboardInterrupt, failures.Terminated) as exc:
        interrupted = isinstance(exc, KeyboardInterrupt)
        click.echo(f"coursekit: {'interrupted' if interrupted else 'terminated'}", err=True)
        return failures.EXIT_INTERRUPTED if interrupted else failures.EXIT_TERMINATED
    except (BrokenPipeError, failures.ReaderGone):
        failures.quiet_stdout()
        return failures.EXIT_BROKEN_PIPE
    except failures.OutputFailed as exc:
        failures.quiet_stdout()
        click.echo(f"coursekit: {failures.describe(exc)}", err=True)
        return EXIT_USAGE
    except UnicodeEncodeError as exc:  # a command without its own guard
        message = failures.unshowable(exc)
        if message is None:
            raise
        click.echo(f"coursekit: {message}", err=True)
        return EXIT_USAGE


def _run(args: list[str] | None) -> int:
    try:
        result = cli.main(args=args, prog_name="coursekit", standalone_mode=False)
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except click.Abort as exc:
        if isinstance(exc.__context__, KeyboardInterrupt):  # click turns Ctrl-C into Abort
            raise exc.__context__ from None
        click.echo("Aborted!", err=True)
        return EXIT_USAGE
    return result if isinstance(result, int) else EXIT_CLEAN
