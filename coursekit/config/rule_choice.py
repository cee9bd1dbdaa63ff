"""The rule selection a course's configuration makes: ``select``, ``extend-select``,
``ignore``, ``per-file-ignores`` and ``severity`` (see :mod:`coursekit.selection`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from coursekit.config.model import BY_REQUEST, KEPT
from coursekit.config.reading import Problems
from coursekit.diagnostics import Severity
from coursekit.rules import all_rules
from coursekit.selection import (
    SEVERITY_NAMES,
    GlobError,
    Layer,
    Selection,
    glob,
    meant,
    unknown_selectors,
)
from coursekit.shown import shown

KEYS = frozenset({"select", "ignore", "extend_select", "per_file_ignores", "severity"})
"""The keys read here, with underscores for dashes."""


def _selectors(raw_key: str, value: Any, problems: Problems,
               keys: tuple[str, ...] = ()) -> tuple[str, ...] | None:
    """The selectors of ``value``; each bad one a problem at ``keys`` (``raw_key``'s)."""
    keys = keys or (raw_key,)
    if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
        problems.add(keys, f"`{raw_key}` must be a list of rule codes or prefixes, "
                           f"got {shown(value)}")
        return None
    codes = [r.code for r in all_rules()]
    unknown = unknown_selectors(value, codes)
    for selector in unknown:
        problems.add(keys, f"`{raw_key}` names no rule: {shown(selector)}"
                           f"{meant(selector, codes)}")
    return tuple(v for v in value if v not in unknown)


def _per_file_ignores(raw_key: str, value: Any,
                      problems: Problems) -> dict[str, tuple[str, ...]]:
    """Each pattern's selectors; a bad entry is a problem at its own line."""
    if not isinstance(value, dict):
        problems.add((raw_key,),
                     f"`{raw_key}` must map path patterns to rule codes, got {shown(value)}")
        return {}
    out = {}
    for pattern, selectors in value.items():
        try:
            glob(pattern.removeprefix("!"))
        except GlobError as exc:
            problems.add((raw_key, pattern), f"`{raw_key}` pattern {shown(pattern)} is no "
                                             f"glob ({exc.args[0].rpartition(': ')[2]})")
            continue
        chosen = _selectors(raw_key, selectors, problems, (raw_key, pattern))
        if chosen is not None:
            out[pattern] = chosen
    return out


def _severities(value: Any, problems: Problems) -> dict[str, Severity]:
    if not isinstance(value, dict):
        problems.add(("severity",),
                     f"`severity` must map rule codes to severities, got {shown(value)}")
        return {}
    codes = [r.code for r in all_rules()]
    out = {}
    for selector, level in value.items():
        if unknown_selectors([selector], codes):
            problems.add(("severity", selector), f"`severity` names no rule: {shown(selector)}"
                                                 f"{meant(selector, codes)}")
        elif not isinstance(level, str) or level not in SEVERITY_NAMES:
            problems.add(("severity", selector), f"`severity` of {selector} must be error, "
                         f"warning or note, got {shown(level)}")
        else:
            out[selector] = SEVERITY_NAMES[level]
    return out


def read_selection(table: Mapping[str, Any], problems: Problems) -> Selection:
    """The first layer of the rule selection, from the coursekit table."""
    layer: dict[str, tuple[str, ...] | None] = {}
    for raw_key in ("select", "extend-select", "ignore"):
        for spelling in dict.fromkeys((raw_key, raw_key.replace("-", "_"))):
            if spelling in table:
                layer[raw_key.replace("-", "_")] = _selectors(spelling, table[spelling], problems)
    if not layer.get("select") and table.get("select"):
        layer["select"] = None  # every entry was bad: keep every rule, do not drop them all
    pfi_key = "per_file_ignores" if "per_file_ignores" in table else "per-file-ignores"
    return Selection(
        layers=(Layer(select=layer.get("select"),
                      extend_select=layer.get("extend_select") or (),
                      ignore=layer.get("ignore") or ()),),
        per_file_ignores=_per_file_ignores(pfi_key, table.get(pfi_key, {}), problems),
        severities=_severities(table.get("severity", {}), problems),
        opt_in=frozenset(code for code, section in BY_REQUEST.items() if section not in table),
        kept=KEPT,
    )
