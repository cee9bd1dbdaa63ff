"""``coursekit cache merge``: the union of result caches, so that the shards of a CI
matrix (each with its own cache) leave one cache that a re-run reuses entirely.

Entries are keyed by a hash of everything a run depends on, so two caches never
disagree on what an entry means: an entry already present is kept, an entry that
cannot be read is left out (a cache miss, as it would be in the cache itself), and one
of the target that cannot be read is replaced by the source's. How long each notebook
took (``durations.json``) is united too, a source's time over the target's. Entries
are written only inside the target folder: one whose folder there is a link leading
elsewhere (a cache restored from CI is input too) is refused.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from coursekit.atomic import write_text_atomic
from coursekit.execution.cache.durations import load_durations, store_durations
from coursekit.execution.cache.run_json import run_from_json
from coursekit.files import DATA_LIMIT, read_regular

_ENTRIES = ("runs/*/*.json",)


@dataclass(slots=True)
class CacheMerge:
    added: int = 0
    present: int = 0
    """Entries the target had already."""
    unreadable: list[Path] = field(default_factory=list)
    refused: list[Path] = field(default_factory=list)
    """Entries not written: their folder in the target leads out of it."""


def _entry_text(path: Path) -> str | None:
    """The text of the entry at ``path``; ``None`` when it does not read as a run."""
    try:
        text = read_regular(path, DATA_LIMIT).decode("utf-8")
        run_from_json(json.loads(text))
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None
    return text


def merge_caches(sources: Iterable[Path], target: Path) -> CacheMerge:
    """Copy every readable entry of the ``sources`` cache folders into ``target``."""
    outcome = CacheMerge()
    home = target.resolve()
    for source in sources:
        for pattern in _ENTRIES:
            for entry in sorted(source.glob(pattern)):
                destination = target / entry.relative_to(source)
                if destination.exists() and _entry_text(destination) is not None:
                    outcome.present += 1
                    continue
                text = _entry_text(entry)
                if text is None:
                    outcome.unreadable.append(entry)
                    continue
                inside = destination.parent.relative_to(target)
                if destination.parent.resolve() != home / inside:
                    outcome.refused.append(destination)
                    continue
                write_text_atomic(destination, text)
                outcome.added += 1
        # How long each notebook took orders the next run's, longest first: the shards
        # timed theirs, and a cache that forgot them would order by a guess.
        store_durations(target, load_durations(source))
    return outcome
