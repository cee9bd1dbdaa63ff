"""A command group that also takes paths where its subcommand's name would be, as
``ruff check PATH...`` does: ``coursekit check chapters/en/chapter1`` beside
``coursekit check lessons``."""

from __future__ import annotations

import os
from difflib import get_close_matches

import click

PATHS = "coursekit.paths"
"""The key of ``ctx.meta`` that holds the paths given instead of a subcommand."""


class PathsOrCommands(click.Group):
    """A group whose first argument is a subcommand's name, or else the first of the
    paths (files and folders) it works on itself; the group's options may then come
    before or after them. A subcommand's name wins over a file of that name (written
    ``./lessons``, or after ``--``, to be a path). A path that does not exist is a usage
    error naming it (with the subcommand meant, for a misspelt one), never "No such
    command"."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta[PATHS] = ()
        try:
            _, rest, _ = self.make_parser(ctx).parse_args(args=list(args))
        except click.UsageError:
            rest = []  # the parse below reports it, in its context
        if not rest or (self.get_command(ctx, rest[0]) is not None
                        and not self._after_marker(ctx, args, rest)):
            return super().parse_args(ctx, args)
        ctx.allow_interspersed_args = True  # `check PATH --format json`
        paths = tuple(click.Command.parse_args(self, ctx, args))
        ctx.args = []
        missing = [path for path in paths if not os.path.lexists(path)]
        if missing:
            raise click.UsageError(self._no_such(ctx, missing), ctx=ctx)
        ctx.meta[PATHS] = paths
        return ctx.args

    def _after_marker(self, ctx: click.Context, args: list[str], rest: list[str]) -> bool:
        """Whether ``rest``, what the group's options left, came after a ``--`` that
        ended them (``check -- lessons``: every argument after it is a path, as in ruff
        and git), not after a ``--`` that was an option's value (``--output --``): the
        options before that ``--`` then parse on their own, leaving nothing."""
        cut = len(args) - len(rest) - 1
        if cut < 0 or args[cut] != "--" or args[cut + 1:] != rest:
            return False
        try:
            _, before, _ = self.make_parser(ctx).parse_args(args=args[:cut])
        except click.UsageError:
            return False  # the `--` completed an option: it was its value
        return not before

    def _no_such(self, ctx: click.Context, missing: list[str]) -> str:
        names = self.list_commands(ctx)
        said = []
        for path in missing:
            meant = get_close_matches(path, names, n=1)
            said.append(repr(path) + (f" (did you mean the subcommand `{meant[0]}`?)"
                                      if meant else ""))
        return (f"no such file or folder: {', '.join(said)}; name files or folders that "
                f"exist, or a subcommand: {', '.join(names)}")

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        return [*click.Command.collect_usage_pieces(self, ctx),
                f"[PATH]... | {self.subcommand_metavar}"]
