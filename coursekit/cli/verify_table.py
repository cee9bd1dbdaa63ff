"""What ``coursekit verify`` prints as it goes and at the end: a line per notebook done,
and the table of lessons, laid out for where they are read (:mod:`coursekit.cli.consoles`):
in a terminal the table gives way (a long path folds, the counts wrap), in a log file
or a pipe nothing is cut or wrapped."""

from __future__ import annotations

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from coursekit.cli.consoles import print_whole, room
from coursekit.execution.output.summary import LessonSummary, lesson_summaries, summarise
from coursekit.execution.results import NotebookResult, VerifyReport

WIDE = 100
"""From this width on, the table shows full lesson paths and times."""
_PATH_KEPT = 24
"""Lesson paths up to this long are never folded in the table."""


def _style(row: LessonSummary) -> str:
    return "green" if row.passed else "red"


def _state(row: LessonSummary) -> str:
    return "cached" if row.cached else f"{row.duration:.1f} s"


def lesson_table(report: VerifyReport, width: int | None) -> Table:
    """The table of lessons for ``width`` columns (None: no limit, everything shown)."""
    wide = width is None or width >= WIDE
    # Two spaces between columns, none at the edges. What gives way where the width is
    # short: the counts wrap between words, and long paths fold; the language, the
    # framework, the time and the result stay whole.
    table = Table(title="coursekit verify", box=box.SIMPLE_HEAD, show_edge=False,
                  padding=(0, 1, 0, 0), pad_edge=False, title_justify="left")
    rows = lesson_summaries(report)
    names = [row.named_lesson if wide else row.short_lesson for row in rows]
    # Paths as short as most courses' stay whole; longer ones fold with the counts.
    table.add_column("lesson", overflow="fold",
                     no_wrap=max(map(len, names), default=0) <= _PATH_KEPT)
    table.add_column("lang", no_wrap=True)
    table.add_column("fw", no_wrap=True)
    table.add_column("cells")
    if wide:
        table.add_column("time", justify="right", no_wrap=True)
    table.add_column("result", no_wrap=True)
    for row, name in zip(rows, names, strict=True):
        cells = [name, row.language, row.framework, row.counts]
        if wide:
            cells.append(_state(row))
        result = f"[{_style(row)}]{row.result}[/{_style(row)}]"
        if not wide and row.cached:
            result += ", cached"
        table.add_row(*cells, result)
    return table


def print_table(report: VerifyReport, console: Console) -> None:
    """The table of lessons, as wide as ``console`` is, or as its rows are in a file."""
    print_whole(console, lesson_table(report, room(console)))


def progress_line(result: NotebookResult, width: int | None) -> Text:
    """``en/chapter3/4_pt.ipynb  ok  42.1 s  13 ok · 0 failed``: the counts go last, so a
    narrow terminal cuts them rather than the result (None: a file, nothing cut)."""
    row = summarise([result])
    line = Text("  ")
    line.append(result.notebook)
    line.append("  ")
    line.append(row.result, style=_style(row))
    line.append(f"  {_state(row)}  {row.counts}")
    if width is not None:
        line.truncate(width, overflow="ellipsis")
    return line
