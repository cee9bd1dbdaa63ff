"""Compare a cell's output with the output the lesson documents.

Text is compared after masking addresses and whitespace; numbers are compared
with a relative tolerance, so a loss of 0.6931 documented as 0.6930 is no drift.
A documented output ending in ``...`` only has to start the real one.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import Any

from coursekit.execution.matching import strip_ansi
from coursekit.notebooks.metadata import DocumentedOutput

_TOKEN = re.compile(r"[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|0x[0-9a-fA-F]+|\S")
_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def output_text(outputs: Iterable[dict[str, Any]]) -> str:
    """What a reader sees: standard output, results and displayed text (not stderr)."""
    parts: list[str] = []
    for out in outputs:
        kind = out.get("output_type")
        if kind == "stream" and out.get("name") == "stdout":
            parts.append(_joined(out.get("text", "")))
        elif kind in ("execute_result", "display_data"):
            parts.append(_joined(out.get("data", {}).get("text/plain", "")))
    return strip_ansi("\n".join(parts))


def _joined(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def _tokens(text: str) -> list[str]:
    return ["0x#" if t.startswith("0x") else t for t in _TOKEN.findall(text)]


def _same(want: str, got: str, tolerance: float) -> bool:
    if want == got:
        return True
    if _NUMBER.fullmatch(want) and _NUMBER.fullmatch(got):
        a, b = float(want), float(got)
        return math.isclose(a, b, rel_tol=tolerance, abs_tol=tolerance * 1e-3)
    return False


def compare_output(documented: str, actual: str, tolerance: float) -> str | None:
    """``None`` when ``actual`` matches ``documented``, else what differs first."""
    documented = documented.strip()
    truncated = documented.endswith(("...", "…"))
    if truncated:
        documented = documented.rstrip(".…").rstrip()
    want, got = _tokens(documented), _tokens(actual)
    for position, token in enumerate(want):
        if position >= len(got):
            return f"output ends early: documented `{_around(want, position)}` is missing"
        if not _same(token, got[position], tolerance):
            return (
                f"output differs: documented `{_around(want, position)}`, "
                f"got `{_around(got, position)}`"
            )
    if not truncated and len(got) > len(want):
        return f"output goes on: `{_around(got, len(want))}` is not documented"
    return None


def _around(tokens: list[str], position: int) -> str:
    return " ".join(tokens[max(0, position - 2):position + 4])


def output_drift(
    documented: list[DocumentedOutput], outputs: list[dict[str, Any]], tolerance: float,
) -> str | None:
    """The first difference between a cell's documented outputs and its real ones."""
    texts = [d["text"] for d in documented if d.get("kind", "result") == "result"]
    if not texts:
        return None
    return compare_output("\n".join(texts), output_text(outputs), tolerance)
