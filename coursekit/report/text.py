"""Human-readable report, grouped by file, closing with a summary: the counts, the top
rules and languages, and what to do next (baseline first; silence only rules that
reported no error).

Lines are written as they are, coloured with plain ANSI codes on a terminal only: a
report of tens of thousands of findings must cost less than the check that found them,
which a rich console's per-line markup parsing does not.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from itertools import groupby
from pathlib import Path
from typing import IO

from coursekit.diagnostics import Diagnostic, Severity, sorted_diagnostics
from coursekit.report.encoding import shown, without_nul
from coursekit.report.statistics import (
    closing_summary,
    not_shown,
    statistics_lines,
    summary_line,
)

_STYLE = {Severity.ERROR: "1;31", Severity.WARNING: "33", Severity.NOTE: "36"}

__all__ = ["render_statistics", "render_text", "summary_line"]


def _painter(out: IO[str]) -> tuple[bool, str]:
    isatty = getattr(out, "isatty", None)
    colour = bool(isatty and isatty()) and not os.environ.get("NO_COLOR")
    return colour, "\x1b[0m" if colour else ""


def render_text(
    diagnostics: Sequence[Diagnostic], out: IO[str], title: str, checked: Sequence[str] = (),
    *, hidden: Sequence[Diagnostic] = (), diffs: bool = False, narrows: bool = True,
    baseline: Path | None = None, recorded: Sequence[Diagnostic] = (),
) -> None:
    """The findings by file, then the summary; ``hidden`` are the findings ``--quiet``
    left out, counted in the summary line only; with ``diffs``, each finding's diff under
    it (LES124); ``narrows``: the command takes ``--quiet`` and ``--statistics``, which
    the summary offers only then. A finding that a safe ``coursekit fix`` settles is
    marked ``[*]``, as ruff marks its fixable findings. A hint is shown the first time a
    rule gives it; a later finding of that rule with the same hint says ``(hint above)``.
    ``baseline``: the file the findings are new against, which the summary's advice names;
    ``recorded``: the findings it records, counted in the summary line only."""
    colour, reset = _painter(out)
    diagnostics = [shown(d) for d in diagnostics]  # what they quote, printable: no colour of theirs

    def paint(code: str, text: str) -> str:
        return f"\x1b[{code}m{text}{reset}" if colour else text

    lines: list[str] = []
    hinted: set[tuple[str, str]] = set()
    for path, group in groupby(sorted_diagnostics(diagnostics), key=lambda d: d.path):
        lines.append(paint("1", path))
        for diag in group:
            where = f"{diag.line}" if diag.line is not None else "-"
            cue = f" cue {diag.cue}" if diag.cue is not None else ""
            seen = diag.hint is not None and (diag.rule, diag.hint) in hinted
            first, newline, rest = diag.message.partition("\n")
            fixable = " [*]" if diag.fix == "safe" else ""
            lines.append(f"  {where}{cue}: {paint(_STYLE[diag.severity], diag.severity.value)} "
                         f"{paint('2', diag.rule)}{fixable} {first}"
                         f"{paint('2', ' (hint above)') if seen else ''}{newline}{rest}")
            if diag.hint and not seen:
                hinted.add((diag.rule, diag.hint))
                lines.append(paint("2", f"      hint: {diag.hint}"))
            if diffs and diag.diff:
                lines.append(diag.diff.rstrip("\n"))
    verdict = "clean" if not diagnostics else summary_line(diagnostics)
    lines.append(f"{title}: {verdict}{not_shown(hidden, '--quiet')}"
                 f"{not_shown(recorded, f'recorded in {baseline}')}")
    lines.extend(paint("2", f"  {line}")
                 for line in closing_summary(diagnostics, title, quiet=bool(hidden),
                                                 narrows=narrows, baseline=baseline))
    out.write(without_nul("\n".join(lines) + "\n"))


def render_statistics(diagnostics: Sequence[Diagnostic], out: IO[str], title: str, *,
                      hidden: Sequence[Diagnostic] = (), recorded: Sequence[Diagnostic] = (),
                      baseline: Path | None = None) -> None:
    """``--statistics``: the counts alone, by rule, severity and language; ``hidden``
    (what ``--quiet`` left out) and ``recorded`` (what the ``baseline`` records) counted
    in the summary line, as the report counts them."""
    lines = statistics_lines(diagnostics)
    verdict = "clean" if not diagnostics else summary_line(diagnostics)
    lines.append(f"{title}: {verdict}{not_shown(hidden, '--quiet')}"
                 f"{not_shown(recorded, f'recorded in {baseline}')}")
    out.write("\n".join(lines) + "\n")
