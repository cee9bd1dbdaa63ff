"""Rules of the stand-in area (``STD``)."""

from __future__ import annotations

from coursekit.diagnostics import Rule, Severity

STANDIN_MISSING = Rule(
    "STD101", "standin-missing", Severity.ERROR,
    "a lesson loads a model, dataset or metric from the hub that has no offline stand-in",
    area="standins",
)
STANDIN_CATALOG_INVALID = Rule(
    "STD102", "standin-catalog-invalid", Severity.ERROR,
    "an entry of [tool.coursekit.standins] cannot be read",
    area="standins",
)
