"""A readable one-line-per-block summary of a parsed lesson, for fixture files."""

from __future__ import annotations

import json

from coursekit.lessons.model import (
    Admonition,
    Block,
    Code,
    Component,
    Directive,
    FrameworkMarker,
    Heading,
    Lesson,
    Output,
    Prose,
)


def _q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _pairs(mapping: object) -> str:
    assert hasattr(mapping, "items")
    return " ".join(f"{key}={_q(value)}" for key, value in mapping.items())


def _block(block: Block, code_lines: dict[int, list[int]]) -> str:
    fw = block.framework.value if not isinstance(block, FrameworkMarker) else ""
    match block:
        case Heading():
            anchor = f" [[{block.anchor}]]" if block.anchor is not None else ""
            return f"{block.line} h{block.level} {fw} {_q(block.text)}{anchor}"
        case Prose():
            return f"{block.line} prose {fw} {_q(block.text)}"
        case Admonition():
            return f"{block.line} admonition {block.kind} {fw} {_q(block.text)}"
        case Component():
            return f"{block.line} component {block.name} {fw} {_pairs(block.attrs)}".rstrip()
        case Directive():
            return f"{block.line} directive {block.kind} {fw} {_pairs(block.args)}"
        case Code():
            quote = " quoted" if block.in_blockquote else ""
            directives = "".join(f" +{d.kind}@{d.line}" for d in block.directives)
            return (f"{block.line} code {block.language or '-'} {_q(block.info)} {fw}{quote}"
                    f"{directives} {_q(block.source)}")
        case Output():
            owners = code_lines.get(block.line)
            attached = f" ->{','.join(map(str, owners))}" if owners else " orphan"
            text = f"{block.line} output {block.kind.value} {_q(block.info)} {fw}{attached}"
            if block.exception is not None:
                exc = block.exception
                text += f" {exc.name} {_q(exc.message)} @{exc.line}"
            return text
        case FrameworkMarker():
            return f"{block.line} marker {block.marker} {block.framework.value}"
    raise AssertionError(block)


def summarise(lesson: Lesson) -> str:
    """The lesson as text: title, one line per block, then ``!`` lines for diagnostics."""
    code_lines: dict[int, list[int]] = {}
    for block in lesson.blocks:
        if isinstance(block, Code):
            for output in block.outputs:
                code_lines.setdefault(output.line, []).append(block.line)
    lines = [f"title {_q(lesson.title) if lesson.title is not None else '-'}"]
    lines += [_block(block, code_lines) for block in lesson.blocks]
    lines += [f"! {d.line or '-'} {d.rule} {d.severity.value}" for d in lesson.diagnostics]
    return "\n".join(lines) + "\n"
