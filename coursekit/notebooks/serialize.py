"""Notebook JSON exactly as ``nbformat.write`` lays it out, at a fraction of the cost.

``nbformat.write`` validates the notebook against the schema and then calls
``json.dumps(indent=1)``, which falls back to the pure-Python encoder. Built
notebooks are valid by construction (the tests pass every one of them through
``nbformat.validate``), and their shape is known, so this module writes the same
bytes with a small encoder of its own that leaves strings to the C escaper.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from json.encoder import encode_basestring as _escape
from typing import Any

_MIMEBUNDLE_OUTPUTS = ("execute_result", "display_data")
_SPLIT_NON_TEXT = frozenset({"application/javascript", "image/svg+xml"})


def _split(text: Any) -> Any:
    return text.splitlines(True) if isinstance(text, str) else text


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


def _scalar(value: Any) -> str:
    """Numbers, booleans and null as ``json.dumps`` spells them."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    return json.dumps(value)


def _encode(value: Any, indent: str, parts: list[str]) -> None:
    """Append the ``json.dumps(indent=1, sort_keys=True)`` text of ``value`` to ``parts``.

    Notebook JSON holds dicts (``NotebookNode`` is one), lists and scalars only."""
    if isinstance(value, str):
        parts.append(_escape(value))
    elif isinstance(value, dict):
        if not value:
            parts.append("{}")
            return
        inner = indent + " "
        separator = ",\n" + inner
        parts.append("{\n" + inner)
        for position, key in enumerate(sorted(value)):
            if position:
                parts.append(separator)
            parts.append(_escape(key) + ": ")
            _encode(value[key], inner, parts)
        parts.append("\n" + indent + "}")
    elif isinstance(value, list | tuple):
        if not value:
            parts.append("[]")
            return
        inner = indent + " "
        if all(type(item) is str for item in value):
            # Source lines and traceback lines: most of a notebook, in one join.
            parts.append("[\n" + inner + (",\n" + inner).join(map(_escape, value)))
        else:
            separator = ",\n" + inner
            parts.append("[\n" + inner)
            for position, item in enumerate(value):
                if position:
                    parts.append(separator)
                _encode(item, inner, parts)
        parts.append("\n" + indent + "]")
    else:
        parts.append(_scalar(value))


def dumps(notebook: Mapping[str, Any]) -> str:
    """The file text ``nbformat.write`` would produce for ``notebook``."""
    document = dict(notebook)
    document["cells"] = [_cell(c) for c in notebook["cells"]]
    parts: list[str] = []
    _encode(document, "", parts)
    parts.append("\n")
    return "".join(parts)
