"""The table of every rule, gathered from the rules module of each area."""

from __future__ import annotations

import importlib
from types import ModuleType

from coursekit.diagnostics import Rule

AREAS: dict[str, str] = {
    "CFG": "coursekit.config.rules",
    "LES": "coursekit.lessons.rules",
    "NBK": "coursekit.notebooks.rules",
    "SUB": "coursekit.subtitles.rules",
    "TRN": "coursekit.translations.rules",
    "EXE": "coursekit.execution.rules",
    "STD": "coursekit.standins.rules",
}


def _rules_of(module: ModuleType) -> list[Rule]:
    return [value for value in vars(module).values() if isinstance(value, Rule)]


def all_rules() -> list[Rule]:
    """Every declared rule, sorted by code."""
    found: dict[str, Rule] = {}
    for module_name in AREAS.values():
        for rule in _rules_of(importlib.import_module(module_name)):
            if rule.code in found and found[rule.code] is not rule:
                raise RuntimeError(f"rule code {rule.code} is declared twice")
            found[rule.code] = rule
    return sorted(found.values(), key=lambda r: r.code)
