"""Human-readable report, grouped by file, closing with a summary: the counts, the top
rules and languages, and the command that would silence or baseline them."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import IO

from rich.console import Console
from rich.markup import escape

from coursekit.diagnostics import Diagnostic, Severity, sorted_diagnostics
from coursekit.report.statistics import closing_summary, statistics_lines, summary_line

_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}

__all__ = ["render_statistics", "render_text", "summary_line"]


def render_text(
    diagnostics: Sequence[Diagnostic], out: IO[str], title: str, checked: Sequence[str] = (),
    *, diffs: bool = False,
) -> None:
    """The findings by file; with ``diffs``, each finding's diff under it (LES124)."""
    console = Console(file=out, highlight=False, soft_wrap=True)
    ordered = sorted_diagnostics(diagnostics)
    for path, group in groupby(ordered, key=lambda d: d.path):
        console.print(f"[bold]{escape(path)}[/bold]")
        for diag in group:
            where = f"{diag.line}" if diag.line is not None else "-"
            cue = f" cue {diag.cue}" if diag.cue is not None else ""
            style = _STYLE[diag.severity]
            console.print(
                f"  {where}{cue}: [{style}]{diag.severity.value}[/{style}] "
                f"[dim]{diag.rule}[/dim] {escape(diag.message)}"
            )
            if diag.hint:
                console.print(f"      [dim]hint: {escape(diag.hint)}[/dim]")
            if diffs and diag.diff:
                console.print(escape(diag.diff), end="")
    verdict = "clean" if not diagnostics else summary_line(diagnostics)
    console.print(f"{title}: {verdict}")
    for line in closing_summary(diagnostics, title):
        console.print(f"  [dim]{escape(line)}[/dim]")


def render_statistics(diagnostics: Sequence[Diagnostic], out: IO[str], title: str) -> None:
    """``--statistics``: the counts alone, by rule, severity and language."""
    console = Console(file=out, highlight=False, soft_wrap=True)
    for line in statistics_lines(diagnostics):
        console.print(escape(line))
    verdict = "clean" if not diagnostics else summary_line(diagnostics)
    console.print(f"{title}: {verdict}")
