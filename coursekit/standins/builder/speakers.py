"""Speaker ids shared unevenly between rows, as in real speech datasets.

A real speech split has a few speakers with many recordings and many with few. Speakers
here draw rows by a Zipf law (weight ``1 / (rank + 10)``), about :data:`ROWS_PER_SPEAKER`
rows each on average, over the whole split: at the real dataset's length a lesson that
keeps the speakers with 100 to 400 recordings keeps about half the rows of about 40
speakers, as it does on the real data, and drops the others.
"""

from __future__ import annotations

import functools
import itertools
import random

ROWS_PER_SPEAKER = 150


@functools.cache
def _weights(total: int) -> tuple[list[str], list[float]]:
    count = max(1, total // ROWS_PER_SPEAKER)
    ids = [str(1000 + 37 * rank) for rank in range(count)]
    return ids, list(itertools.accumulate(1 / (rank + 10) for rank in range(count)))


def speaker(rng: random.Random, total: int) -> str:
    """The speaker of one row of a ``total``-row split."""
    ids, cumulative = _weights(total)
    return rng.choices(ids, cum_weights=cumulative)[0]
