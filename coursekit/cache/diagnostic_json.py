"""A :class:`~coursekit.diagnostics.Diagnostic` as the check cache and the build manifest
store it: a JSON object of its fields, those that are ``None`` left out.

Reading is strict, since what is read back is trusted as a finding: every field must
have its declared type (a severity one of its words, a count a positive whole number,
``folded`` a boolean), and a missing field or one coursekit does not know makes the
document :class:`InvalidEntry`. The caller then judges again, as for an entry that
does not parse.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping
from dataclasses import MISSING, fields
from typing import Any, TypeGuard

from coursekit.diagnostics import Diagnostic, Severity


class InvalidEntry(ValueError):
    """A stored document that does not have the shape coursekit writes."""


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: object) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value))


_CHECKS: dict[str, Callable[[object], bool]] = {
    "str": lambda v: isinstance(v, str),
    "str | None": lambda v: v is None or isinstance(v, str),
    "int | None": lambda v: v is None or _whole(v),
    "int": lambda v: _whole(v) and v >= 1,
    "float": _number,
    "bool": lambda v: isinstance(v, bool),
    "Severity": lambda v: isinstance(v, str) and v in {"error", "warning", "note", "info"},
}
"""What a stored value of each declared field type may be (``int`` is only ``count``)."""
_FIELDS = {f.name: _CHECKS[str(f.type)] for f in fields(Diagnostic)}
_REQUIRED = frozenset(f.name for f in fields(Diagnostic) if f.default is MISSING) - {"line"}
"""``line`` is left out when it is ``None`` (a finding on the whole file)."""


def diagnostic_json(diagnostic: Diagnostic) -> dict[str, Any]:
    # Its fields are plain values (the severity a string enum): no deep copy needed.
    found = ((name, getattr(diagnostic, name)) for name in _FIELDS)
    return {name: value for name, value in found if value is not None}


def checked_fields(data: object, known: Mapping[str, Callable[[object], bool]],
                   required: Collection[str], what: str) -> dict[str, Any]:
    """``data`` as a stored ``what``: a JSON object with every ``required`` field and no
    field ``known`` does not check, each value passing its check; else
    :class:`InvalidEntry`, saying which."""
    if not isinstance(data, dict):
        raise InvalidEntry(f"a {what} is a JSON object, not {type(data).__name__}")
    missing = set(required) - data.keys()
    if missing:
        raise InvalidEntry(f"a {what} without {', '.join(sorted(missing))}")
    for name, value in data.items():
        check = known.get(name)
        if check is None:
            raise InvalidEntry(f"a {what} has no field {name!r}")
        if not check(value):
            raise InvalidEntry(f"a {what}'s {name} cannot be {value!r:.80}")
    return data


def diagnostic_from_json(data: object) -> Diagnostic:
    """The finding ``data`` stores; :class:`InvalidEntry` when it is not one
    :func:`diagnostic_json` writes."""
    data = checked_fields(data, _FIELDS, _REQUIRED, "finding")
    values = {"line": None, **data, "severity": Severity(data["severity"])}
    if "excess" in data:
        values["excess"] = float(data["excess"])
    return Diagnostic(**values)


def diagnostics_from_json(data: object) -> list[Diagnostic]:
    """The findings of a stored list (see :func:`diagnostic_from_json`)."""
    if not isinstance(data, list):
        raise InvalidEntry(f"findings are a JSON list, not {type(data).__name__}")
    return [diagnostic_from_json(d) for d in data]
