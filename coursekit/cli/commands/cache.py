"""``coursekit cache``: the result cache of ``verify``."""

from __future__ import annotations

from pathlib import Path

import click

from coursekit.cli.options import EXIT_CLEAN, EXIT_FINDINGS, guarded, open_course, root_option
from coursekit.cli.paths import OutputPath


def _cache_folder(path: Path) -> Path:
    """``path`` itself when it is a result cache, else the cache it holds."""
    from coursekit.execution.cache.store import CACHE_DIR

    for candidate in (path, path / CACHE_DIR, path / "build" / CACHE_DIR):
        if (candidate / "runs").is_dir() or (candidate / "environments").is_dir():
            return candidate
    raise click.UsageError(f"{path} is not a coursekit result cache (no runs/ folder)")


@click.group("cache")
def command() -> None:
    """The stored results of coursekit verify."""


@command.command("merge")
@click.argument("sources", nargs=-1, required=True,
                type=click.Path(exists=True, file_okay=False, path_type=Path))
@root_option
@click.option("--into", type=OutputPath(folder=True),
              help="Cache folder to merge into (default: the course's, build/.verify-cache).")
@guarded
def merge(sources: tuple[Path, ...], root: Path, into: Path | None) -> int:
    """Add every result of the SOURCES caches (each a .verify-cache folder, or a folder
    holding one) to the course's cache, so that verify reuses them all."""
    from coursekit.execution.cache.merge import merge_caches
    from coursekit.execution.cache.store import CACHE_DIR

    target = into if into is not None else open_course(root).build_dir / CACHE_DIR
    folders = [_cache_folder(source) for source in sources]
    outcome = merge_caches((f for f in folders if f.resolve() != target.resolve()), target)
    for path in outcome.unreadable:
        click.echo(f"{path}: unreadable cache entry, left out", err=True)
    for path in outcome.refused:
        click.echo(f"{path}: not written: a linked folder on its path leads out of {target}",
                   err=True)
    click.echo(f"cache merge: {outcome.added} result(s) added to {target}, "
               f"{outcome.present} already there", err=True)
    return EXIT_FINDINGS if outcome.unreadable or outcome.refused else EXIT_CLEAN
