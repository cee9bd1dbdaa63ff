"""Repeated findings of one rule in one file, shown as one.

An outdated translation differs from its source in block after block, a subtitle file
writes every timestamp the same wrong way: the rules that fire per block or per cue
(``Rule.repeats``) are shown once per file, with the count and the first locations.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from coursekit.diagnostics import Diagnostic, sorted_diagnostics
from coursekit.rules import all_rules

SHOWN = 5
"""Locations quoted in an aggregated finding's message."""


def _where(diag: Diagnostic) -> str:
    if diag.cue is not None:
        return f"cue {diag.cue}"
    return f"line {diag.line}" if diag.line is not None else "the file"


def aggregate(diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    """``diagnostics`` with each repeating rule's findings in one file merged into one."""
    repeating = {rule.code for rule in all_rules() if rule.repeats}
    groups: dict[tuple[str, str, str], list[Diagnostic]] = {}
    out: list[Diagnostic] = []
    for diag in sorted_diagnostics(diagnostics):
        if diag.rule in repeating:
            key = (diag.rule, diag.path, diag.severity.value)
            if key not in groups:
                groups[key] = []
                out.append(diag)
            groups[key].append(diag)
        else:
            out.append(diag)
    merged = []
    for diag in out:
        group = groups.get((diag.rule, diag.path, diag.severity.value), [diag])
        merged.append(diag if len(group) == 1 or group[0] is not diag else _merge(group))
    return merged


def _merge(group: list[Diagnostic]) -> Diagnostic:
    first = group[0]
    count = sum(d.count for d in group)
    places = ", ".join(_where(d) for d in group[1:SHOWN + 1])
    more = ", ..." if len(group) > SHOWN + 1 else ""
    return replace(
        first, count=count,
        message=f"{first.message} [and {count - 1} more in this file: {places}{more}; "
                "--show-all lists each]",
    )
