"""Where a verification's time went: for each notebook, and for the run as a whole.

A notebook's worker spends its wall time waiting for a kernel (``kernel_wait``),
running the lesson's cells (``cells``) and on everything else its run does
(``other``: cells replayed after a restart, run again with renamed APIs or at real
widths, the kernel handed back); the three add up to the notebook's ``duration``.
``kernel_start`` and ``preimport`` are what its kernels cost to get ready, whether the
pool hid it behind the notebook before or the worker waited for it; on a machine with
few cores a hidden start still takes CPU from the notebooks running. A notebook whose
run came from the cache or a twin has no time but its ``record``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, Self


class _Seconds:
    """Stages in seconds, written and read as a JSON object of numbers."""

    __slots__ = ()

    def to_json(self) -> dict[str, float]:
        return {name: round(value, 3) for name, value in asdict(self).items()}  # type: ignore[call-overload]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The stages as :meth:`to_json` writes them; a stage missing is ``0``."""
        return cls(**{f.name: _seconds(data, f.name) for f in fields(cls)})  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class NotebookTiming(_Seconds):
    queue: float = 0.0
    """Seconds the notebook waited for a free worker, from the start of the runs."""
    kernel_wait: float = 0.0
    """Seconds its worker waited for a started kernel (restarts included)."""
    kernel_start: float = 0.0
    """Seconds its kernels took to start, waited for or not."""
    preimport: float = 0.0
    """Seconds its kernels took to import the lessons' packages ahead, waited for or not."""
    first_cell: float = 0.0
    """Seconds its first lesson cell ran: where a kernel without pre-imports imports."""
    cells: float = 0.0
    """Seconds its lesson cells ran, the first included."""
    other: float = 0.0
    """The rest of its worker's time."""
    record: float = 0.0
    """Seconds spent judging the run and saving the executed notebook."""


@dataclass(frozen=True, slots=True)
class RunTiming(_Seconds):
    """The stages of a run that belong to no one notebook."""

    plan: float = 0.0
    """Seconds choosing the notebooks, their devices and expectations (the stand-ins
    and the overlays are stages of their own)."""
    standins: float = 0.0
    """Seconds preparing the stand-ins (building them when they were missing)."""
    packages: float = 0.0
    """Seconds making the kernels' package overlays (installing them when they were
    missing)."""
    environments: float = 0.0
    """Seconds reading the kernels' environments (for the cache keys)."""
    runs: float = 0.0
    """Seconds from the first kernel run to the last notebook recorded."""


def summary_timing(run: RunTiming, notebooks: Iterable[tuple[str, float, NotebookTiming]],
                   ) -> dict[str, Any]:
    """The summary's ``timing``: the run's stages, each notebook stage summed over the
    notebooks, and the longest notebook (``notebooks`` are (path, duration, timing))."""
    totals = dict.fromkeys((f.name for f in fields(NotebookTiming)), 0.0)
    longest = ("", 0.0)
    for path, duration, timing in notebooks:
        for name, value in timing.to_json().items():  # as shown: a merge sums the same
            totals[name] += value
        if duration > longest[1]:
            longest = (path, duration)
    return {**run.to_json(), "notebooks": {k: round(v, 3) for k, v in totals.items()},
            "longest": {"notebook": longest[0], "duration": round(longest[1], 3)}}


def _seconds(data: Mapping[str, Any], key: str) -> float:
    value = data.get(key, 0.0)
    if isinstance(value, bool) or not isinstance(value, int | float) or not (
            0 <= value < float("inf")):
        raise ValueError(f"timing `{key}` is {str(value)[:40]}, not a number of seconds")
    return float(value)
