"""Notebook JSON exactly as ``nbformat.write`` lays it out, without validating on each write.

Built notebooks are valid by construction (the tests pass every one of them through
``nbformat.validate``); skipping the schema check on every write is most of the
cost of writing a notebook.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

_MIMEBUNDLE_OUTPUTS = ("execute_result", "display_data")


def _split(text: Any) -> Any:
    return text.splitlines(True) if isinstance(text, str) else text


_SPLIT_NON_TEXT = frozenset({"application/javascript", "image/svg+xml"})


def _mimebundle(data: Mapping[str, Any]) -> dict[str, Any]:
    # The same choice as nbformat: text types are split into lines, others kept whole.
    return {
        key: _split(value) if key.startswith("text/") or key in _SPLIT_NON_TEXT else value
        for key, value in data.items()
    }


def _output(output: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(output)
    kind = out.get("output_type")
    if kind in _MIMEBUNDLE_OUTPUTS and "data" in out:
        out["data"] = _mimebundle(out["data"])
    elif kind == "stream":
        out["text"] = _split(out.get("text"))
    return out


def _cell(cell: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(cell)
    out["source"] = _split(out.get("source"))
    if out.get("cell_type") == "code":
        out["outputs"] = [_output(o) for o in out.get("outputs", [])]
    return out


def dumps(notebook: Mapping[str, Any]) -> str:
    """The file text ``nbformat.write`` would produce for ``notebook``."""
    document = dict(notebook)
    document["cells"] = [_cell(c) for c in notebook["cells"]]
    text = json.dumps(
        document, indent=1, sort_keys=True, separators=(",", ": "), ensure_ascii=False
    )
    return text + "\n"
