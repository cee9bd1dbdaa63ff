"""Pausing Python's cyclic garbage collector for a batch of work.

Checking or building a course makes hundreds of thousands of small objects (parser
tokens, lesson blocks, cues) and keeps many of them until the end, but makes almost no
reference cycles: the collector's passes over them find nothing to free and cost about a
tenth of the run. Reference counting still frees everything else at once, so memory is
the same with the collector paused.

What the batch made and still holds when the block ends is walked by the collector's
first pass after it (every object made inside is in its youngest generation): a batch
drops what it read (a course's lessons, their syntax trees) before its block ends, and
keeps only its results.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector inside the block; as it was after (nested
    pauses leave it paused until the outermost ends)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
