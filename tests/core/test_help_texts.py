"""Every command's ``--help`` reads as plain text: no reStructuredText markup that the
library's docstrings use (double backquotes, roles) leaks into what users read."""

from __future__ import annotations

import re
from collections.abc import Iterator

import click
import pytest
from click.testing import CliRunner

from coursekit.cli import cli

_MARKUP = re.compile(r"``|:(?:func|class|mod|meth|attr|data):`")


def _commands(group: click.Command, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    yield path
    if isinstance(group, click.Group):
        context = click.Context(group)
        for name in group.list_commands(context):
            command = group.get_command(context, name)
            if command is not None:  # a helper module of the commands, as click skips it
                yield from _commands(command, (*path, name))


def _markup_in_help(command: click.Command, args: list[str]) -> list[str]:
    result = CliRunner().invoke(command, [*args, "--help"])
    assert result.exit_code == 0, result.output
    return [line for line in result.output.splitlines() if _MARKUP.search(line)]


@pytest.mark.parametrize("path", list(_commands(cli)), ids=lambda p: " ".join(p) or "coursekit")
def test_help_has_no_docstring_markup(path: tuple[str, ...]) -> None:
    assert _markup_in_help(cli, list(path)) == []


def test_markup_in_a_help_text_is_found() -> None:
    @click.group()
    def planted() -> None:
        """The results of ``coursekit verify``, see :func:`run`."""

    @planted.command("sub")
    def sub() -> None:
        """Plain words."""

    assert _markup_in_help(planted, []) == [
        "  The results of ``coursekit verify``, see :func:`run`."]
    assert _markup_in_help(planted, ["sub"]) == []
