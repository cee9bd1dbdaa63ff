"""Documented outputs of a code block as nbformat outputs.

A result fence becomes what Jupyter would have shown: ``execute_result`` when the
code ends in an expression (the last fence holds its value, earlier fences what it
printed), ``display_data`` after ``display(...)``, else ``stream``. An error fence
becomes a real ``error`` output, so a notebook reader sees the failure the lesson
describes.
"""

from __future__ import annotations

from typing import Any

from coursekit.lessons.exceptions import without_stray_quotes
from coursekit.lessons.model import Code, Framework, Output, OutputKind
from coursekit.lessons.python import LastStatement

JsonDict = dict[str, Any]


def _stream(text: str, name: str = "stdout") -> JsonDict:
    return {"output_type": "stream", "name": name, "text": _with_newline(text)}


def _with_newline(text: str) -> str:
    return text if text.endswith("\n") else text + "\n"


def _error(output: Output) -> JsonDict:
    exception = output.exception
    if exception is None:
        # The fence is marked as an error but names no exception: keep its text.
        return _stream(output.text, "stderr")
    lines: list[str] = []
    if output.kind is OutputKind.TRACE:
        lines = without_stray_quotes(output.text.splitlines())[1]
    if not lines:
        lines = [f"{exception.name}: {exception.message}" if exception.message else exception.name]
    return {
        "output_type": "error",
        "ename": exception.short_name,
        "evalue": exception.message,
        "traceback": lines,
    }


def _value(text: str, output_type: str) -> JsonDict:
    out: JsonDict = {"output_type": output_type, "data": {"text/plain": text}, "metadata": {}}
    if output_type == "execute_result":
        out["execution_count"] = None
    return out


def cell_outputs(code: Code, framework: Framework) -> list[JsonDict]:
    """The nbformat outputs of ``code`` in the notebook for ``framework``."""
    shown = [o for o in code.outputs if o.framework.includes(framework)]
    results = [i for i, o in enumerate(shown) if o.kind is OutputKind.RESULT]
    value_at = results[-1] if results and results[-1] == len(shown) - 1 else None
    style = code.facts.last_statement if value_at is not None else LastStatement.STREAM
    outputs: list[JsonDict] = []
    for index, output in enumerate(shown):
        if output.kind is not OutputKind.RESULT:
            outputs.append(_error(output))
        elif index == value_at and style == LastStatement.RESULT:
            outputs.append(_value(output.text.rstrip("\n"), "execute_result"))
        elif index == value_at and style == LastStatement.DISPLAY:
            outputs.append(_value(output.text.rstrip("\n"), "display_data"))
        else:
            outputs.append(_stream(output.text))
    return outputs
