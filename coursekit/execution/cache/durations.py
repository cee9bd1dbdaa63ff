"""How long each notebook took when it last ran, kept beside the stored runs.

Keyed by the notebook's path, not by its run's cache key: an edited lesson, whose
run is not stored, is still expected to take about as long as before. Read to order
the next run (:mod:`~coursekit.execution.run.schedule`); an unreadable file is an
empty one, and one that cannot be written only leaves the next order a guess.
"""

from __future__ import annotations

import contextlib
import json
import math
from collections.abc import Mapping
from pathlib import Path

from coursekit.atomic import write_text_atomic
from coursekit.files import DATA_LIMIT, read_regular

DURATIONS_FILE = "durations.json"


def load_durations(cache_dir: Path) -> dict[str, float]:
    """Seconds per notebook path; entries that are not a finite positive number are left out."""
    try:
        data = json.loads(read_regular(cache_dir / DURATIONS_FILE, DATA_LIMIT).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): float(v) for k, v in data.items()
            if isinstance(v, int | float) and not isinstance(v, bool)
            and math.isfinite(v) and v > 0}


def store_durations(cache_dir: Path, ran: Mapping[str, float]) -> None:
    """Add the seconds of the notebooks that ran now to those stored."""
    if not ran:
        return
    merged = {**load_durations(cache_dir), **{k: round(v, 3) for k, v in ran.items()}}
    with contextlib.suppress(OSError):
        write_text_atomic(cache_dir / DURATIONS_FILE,
                          json.dumps(dict(sorted(merged.items())), indent=0) + "\n")
