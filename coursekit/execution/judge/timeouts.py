"""What a timed-out cell tells: how far it got, and the limit that would let it finish.

Training loops show a progress bar (``tqdm``: `` 44/50 [01:58<00:21, 3.64s/it]``)
on stderr; its last state gives the time the whole loop needs. Without one, the
suggestion is a round multiple of the limit. The line the interrupt found the cell at
(and the library it waited in) says what a cell without a bar was doing.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from coursekit.execution.judge.frames import library_frame
from coursekit.execution.judge.matching import stream_text

DIRECTIVE = "<!-- coursekit: timeout={seconds} -->"
"""The lesson line that raises a cell's limit, placed on the line before its code fence."""

_BAR = re.compile(r"(\d+)/(\d+) \[(?:(\d+):)?(\d+):(\d+)<")
_LABEL = re.compile(r"([^\r\n|]*?):?\s*\d+%\|[^\r\n|]*\|\s*$")
"""tqdm's description before the percentage: ``Map:  45%|####5     | ``."""
_ROUND_TO = 60
_MARGIN = 2.0
_CODE_SHOWN = 80
_RUNNING_AT = "; it was running "
"""The longest line of code quoted where a cell was interrupted."""
"""CI machines are slower and busier than the one a run was measured on."""


@dataclass(frozen=True, slots=True)
class BarState:
    """The last state of a progress bar: ``done`` of ``total`` steps after ``elapsed`` s."""

    done: int
    total: int
    elapsed: float
    label: str = ""
    """What the bar counts, as its description says (``Map``, ``Generating train split``)."""

    @property
    def needed(self) -> float:
        """Seconds the whole loop takes at the pace so far."""
        return self.elapsed * self.total / self.done


def _states(outputs: Iterable[dict[str, Any]]) -> list[BarState]:
    text = stream_text(outputs)
    states = []
    for match in _BAR.finditer(text):
        done, total = int(match[1]), int(match[2])
        elapsed = int(match[3] or 0) * 3600 + int(match[4]) * 60 + int(match[5])
        line = text[:match.start()].rsplit("\r", 1)[-1].rsplit("\n", 1)[-1]
        label = _LABEL.search(line)
        states.append(BarState(done, total, float(elapsed),
                               label[1].strip() if label is not None else ""))
    return states


def last_bar(outputs: Iterable[dict[str, Any]]) -> BarState | None:
    """The last progress bar state the cell printed, if it printed one that had moved."""
    return next((s for s in reversed(_states(outputs))
                 if 0 < s.done < s.total and s.elapsed > 0), None)


def current_bar(outputs: Iterable[dict[str, Any]]) -> BarState | None:
    """The state the cell's progress bar shows now (a finished one too), if it shows one
    that has moved."""
    states = [s for s in _states(outputs) if s.done > 0 and s.elapsed > 0]
    return states[-1] if states else None


def suggested_limit(limit: float, bar: BarState | None) -> int:
    """A limit, in whole minutes, that lets the cell finish with room to spare.

    Twice what the progress bar says the cell needs; five times the old limit when
    nothing tells how long it needs.
    """
    wanted = max(limit * 2, bar.needed * _MARGIN) if bar is not None else limit * 5
    return max(_ROUND_TO, math.ceil(wanted / _ROUND_TO) * _ROUND_TO)


_CELL_LINE = re.compile(r"^(?:Cell In ?\[\d*\]|Input In ?\[\d*\]), line (\d+)")
_RUNNING = re.compile(r"^-+> ?\d+ (.*\S)", re.MULTILINE)


def interrupted_at(traceback: Sequence[str], fence_line: int | None) -> str:
    """Where the interrupt found a cell, from the frames of its ``KeyboardInterrupt``:
    ``line 9 (`trainer.train()`), inside `torch/utils/data/dataloader.py:1285```; the
    line counted in the lesson file when the line of the cell's code fence is known."""
    line, code = None, ""
    for chunk in traceback:
        text = chunk.lstrip()
        if (found := _CELL_LINE.match(text)) is not None:
            line = int(found[1])
            running = _RUNNING.search(text)
            code = running[1].strip() if running is not None else ""
    if line is None:
        return ""
    where = f"line {fence_line + line}" if fence_line is not None else f"line {line} of the cell"
    where += f" (`{code}`)" if code and len(code) <= _CODE_SHOWN else ""
    inside = library_frame(traceback)
    return where + (f", inside `{inside}`" if inside is not None else "")


def timeout_detail(duration: float, limit: float, from_directive: bool, bar: BarState | None,
                   extended: float = 0.0, where: str = "") -> str:
    """The sentence for a cell interrupted after ``duration`` seconds, ``extended`` of
    them granted past its limit while its progress bar advanced, at ``where`` (see
    :func:`interrupted_at`)."""
    origin = "its timeout directive" if from_directive else "the course default"
    sentence = (f"interrupted after running {duration:.0f} s "
                f"(limit {limit:.0f} s, from {origin}")
    sentence += (f", and {extended:.0f} s more while its progress bar advanced)" if extended
                 else ")")
    if bar is not None:
        doing = f"`{bar.label}` " if bar.label else ""
        sentence += (f"; its progress bar {doing}was at {bar.done}/{bar.total} "
                     f"({100 * bar.done / bar.total:.0f}%) after {bar.elapsed:.0f} s, so the "
                     f"whole cell needs about {bar.needed:.0f} s")
    if where:
        sentence += f"{_RUNNING_AT}{where}"
    return sentence


def without_place(detail: str) -> str:
    """A timeout's sentence without where the interrupt found the cell, which may differ
    from run to run (a loop is stopped on any of its lines): what a baseline keeps."""
    return detail.split(_RUNNING_AT, 1)[0]


def timeout_hint(limit: float, bar: BarState | None, from_directive: bool) -> str:
    directive = DIRECTIVE.format(seconds=suggested_limit(limit, bar))
    action = ("raise its directive, on the line above the code fence, to" if from_directive
              else "put this line above the code fence:")
    return (f"if the cell is meant to run this long, {action} `{directive}`; "
            "otherwise make it faster (fewer steps, a smaller model or dataset)")
