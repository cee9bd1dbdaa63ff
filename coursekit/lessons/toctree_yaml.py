"""A ``_toctree.yml`` composed into YAML nodes, with what makes it unreadable said in
words and at its line: text that is not UTF-8, invalid YAML, nesting deeper than
:data:`MAX_YAML_DEPTH`."""

from __future__ import annotations

import yaml

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_YAML_DEPTH = 200
"""Levels of YAML nesting read at most (``MAX_DEPTH`` sections take about two each).
Deeper files are refused the same way whichever reader PyYAML uses: libyaml before
PyYAML 6.0.4 reads any depth, from 6.0.4 on it stops near 1,000 levels, and the pure
Python reader runs out of recursion at a few hundred."""


class UnreadableYaml(ValueError):
    """Why the file cannot be composed: a message, its line (0-based; None for the whole
    file) and what to do, if there is more to say than the message."""

    def __init__(self, message: str, line: int | None = None, hint: str | None = None) -> None:
        super().__init__(message)
        self.message, self.line, self.hint = message, line, hint


def compose(text: str | bytes) -> yaml.Node | None:
    """The YAML nodes of ``text`` (None for an empty document); :class:`UnreadableYaml`."""
    if isinstance(text, bytes):
        data = text
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise UnreadableYaml(
                f"not UTF-8: byte {data[exc.start]:#04x} at byte offset {exc.start}",
                data.count(b"\n", 0, exc.start), hint="re-save the file as UTF-8") from exc
    try:
        root = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        raise UnreadableYaml(f"invalid YAML: {_error_text(exc)}", _error_line(exc, text)) \
            from exc
    except RecursionError as exc:
        raise UnreadableYaml(_TOO_DEEP) from exc
    if root is not None and _deeper_than(root, MAX_YAML_DEPTH):
        raise UnreadableYaml(_TOO_DEEP)
    return root


def _error_line(exc: yaml.YAMLError, text: str) -> int | None:
    """0-based line of a YAML error; an error at the end of the file points where the
    unfinished construct began."""
    mark = getattr(exc, "problem_mark", None)
    if mark is None:
        return None
    lines = len(text.splitlines())
    context = getattr(exc, "context_mark", None)
    line = int(mark.line)
    if context is not None and line >= lines:
        line = int(context.line)
    return max(0, min(line, lines - 1))


_TOO_DEEP = f"the YAML is nested too deeply to be read (more than {MAX_YAML_DEPTH} levels)"


def _error_text(exc: yaml.YAMLError) -> str:
    problem = getattr(exc, "problem", None)
    context = getattr(exc, "context", None)
    if problem:
        return f"{problem} ({context})" if context else str(problem)
    return str(exc).splitlines()[0]


def _deeper_than(root: yaml.Node, limit: int) -> bool:
    """Whether a path from ``root`` passes ``limit`` levels (read without recursion; a
    node an alias shares is walked once)."""
    stack: list[tuple[yaml.Node, int]] = [(root, 1)]
    walked: set[int] = set()
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            return True
        if id(node) in walked:
            continue
        walked.add(id(node))
        if isinstance(node, yaml.SequenceNode):
            stack.extend((child, depth + 1) for child in node.value)
        elif isinstance(node, yaml.MappingNode):
            stack.extend((child, depth + 1) for pair in node.value for child in pair)
    return False


