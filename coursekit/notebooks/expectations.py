"""The ``coursekit`` metadata of a code cell: what ``verify`` expects of it."""

from __future__ import annotations

from coursekit.lessons.exceptions import documented_in_code
from coursekit.lessons.model import Code, CodeRole, Directive, Framework, OutputKind
from coursekit.notebooks.metadata import CellMeta, DocumentedOutput, ExpectedError


def _from_directive(directive: Directive) -> ExpectedError:
    device = directive.args.get("device") or None
    return {
        "name": directive.args.get("name", ""),
        "message": directive.args.get("message", ""),
        "device": device,
        "origin": "directive",
        "line": directive.line,
    }


def expected_errors(code: Code, framework: Framework) -> list[ExpectedError]:
    """Errors the cell should raise: from its error outputs, then its directives; when
    it has neither, the one its code documents in a comment or a string block
    (``# ImportError: cannot import name ...``).

    A directive naming the same exception as an error output replaces it: the
    directive is the author's explicit word, e.g. that the error is CUDA-only.
    """
    from_directives = [
        _from_directive(d) for d in code.directives
        if d.kind == "expect-error" and d.framework.includes(framework)
    ]
    named = {e["name"].rsplit(".", 1)[-1] for e in from_directives}
    from_outputs: list[ExpectedError] = [
        {
            "name": o.exception.name,
            "message": o.exception.message,
            "device": None,
            "origin": "output",
            "line": o.exception.line,
        }
        for o in code.outputs
        if o.exception is not None
        and o.framework.includes(framework)
        and o.exception.short_name not in named
    ]
    if from_outputs or from_directives or code.role is not CodeRole.PYTHON:
        return from_outputs + from_directives
    in_code = documented_in_code(code.facts, code.line + 1)
    if in_code is None:
        return []
    return [{"name": in_code.name, "message": in_code.message, "device": None,
             "origin": "code", "line": in_code.line}]


def _directive_value(code: Code, kind: str, key: str) -> str | None:
    for directive in code.directives:
        if directive.kind == kind:
            return directive.args.get(key, "")
    return None


def _skip_reason(code: Code) -> str | None:
    reason = _directive_value(code, "skip", "reason")
    if reason is None:
        return None
    return reason or "skipped by a directive"


def _timeout(code: Code) -> float | None:
    value = _directive_value(code, "timeout", "seconds")
    if value is None:
        return None
    try:
        seconds = float(value)
    except ValueError:
        return None  # the lesson checks report a malformed timeout directive
    return seconds if seconds > 0 else None


def cell_metadata(code: Code, lesson_path: str, framework: Framework) -> CellMeta:
    documented: list[DocumentedOutput] = [
        {"kind": "result", "text": o.text, "line": o.line}
        for o in code.outputs
        if o.kind is OutputKind.RESULT and o.framework.includes(framework)
    ]
    return {
        "source": f"{lesson_path}:{code.line}",
        "expect_errors": expected_errors(code, framework),
        "skip": _skip_reason(code),
        "timeout": _timeout(code),
        "outputs": documented,
    }
