"""Human-readable report, grouped by file, with a summary line."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import groupby
from typing import IO

from rich.console import Console
from rich.markup import escape

from coursekit.diagnostics import Diagnostic, Severity, sorted_diagnostics

_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def summary_line(diagnostics: Sequence[Diagnostic]) -> str:
    counts = Counter(d.severity for d in diagnostics)
    files = len({d.path for d in diagnostics})
    parts = [
        f"{counts[Severity.ERROR]} error{'s' * (counts[Severity.ERROR] != 1)}",
        f"{counts[Severity.WARNING]} warning{'s' * (counts[Severity.WARNING] != 1)}",
    ]
    if counts[Severity.INFO]:
        parts.append(f"{counts[Severity.INFO]} note{'s' * (counts[Severity.INFO] != 1)}")
    return ", ".join(parts) + f" in {files} file{'s' * (files != 1)}"


def render_text(
    diagnostics: Sequence[Diagnostic], out: IO[str], title: str, checked: Sequence[str] = ()
) -> None:
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
    verdict = "clean" if not diagnostics else summary_line(diagnostics)
    console.print(f"{title}: {verdict}")
