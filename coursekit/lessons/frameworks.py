"""Following framework blocks through a lesson, marker by marker.

Markers are read in source order; the tracker knows the framework of the text
at each point and reports what does not balance, always at the line of the
block's opening marker when there is one. A block opened inside another is reported
once (``LES111``); the outer block resumes at the inner one's ``{/if}``, as the site
builder reads nested ``{#if}`` blocks, so its own ``{/if}`` is no stray marker.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from coursekit.diagnostics import Rule
from coursekit.lessons import rules
from coursekit.lessons.context import ParseContext
from coursekit.lessons.directives import is_directive
from coursekit.lessons.model import Block, Framework, FrameworkMarker

_FRAMEWORKS = {"pt": Framework.PT, "tf": Framework.TF}
_COMMENT = re.compile(r"<!--(.*?)-->|\{/\*(.*?)\*/\}")
_OTHER = {Framework.PT: Framework.TF, Framework.TF: Framework.PT, Framework.BOTH: Framework.BOTH}


def _only_comments(text: str) -> bool:
    """Whether ``text`` is comments only, none of them a directive (which is not read
    there): a page shows nothing of it, so the marker line loses nothing."""
    if _COMMENT.sub("", text).strip():
        return False
    return not any(is_directive(found[1] or found[2] or "") for found in _COMMENT.finditer(text))


class FrameworkTracker:
    def __init__(self, context: ParseContext) -> None:
        self._context = context
        self.current = Framework.BOTH
        self._opened_at: int | None = None
        """1-based line of the open ``{#if}``, when inside a block."""
        self._else_seen = False
        self._outer: list[tuple[int, bool, Framework]] = []
        """The blocks a nested block opened inside: opening line, ``{:else}`` seen,
        framework."""
        self._nested: set[int] = set()
        """Opening lines of the blocks reported as holding a nested block: one finding
        for a missing ``{/if}`` there, not also ``LES110``."""

    def marker(self, meta: Mapping[str, Any], line: int, text: str) -> FrameworkMarker:
        """Read one marker line (``line`` 1-based) and return its model block."""
        kind = str(meta["marker"])
        if meta.get("typo"):
            self._report(rules.FRAMEWORK_ELSE_TYPO, line, f"`{text}` read as `{{:else}}`",
                         "write `{:else}`")
        if meta.get("junk") and not _only_comments(str(meta["junk"])):
            self._report(rules.FRAMEWORK_MARKER_JUNK, line,
                         f"text after the marker: `{meta['junk']}` (the marker was still read)",
                         "put the text on a line of its own")
        if kind == "if":
            self._open(str(meta.get("framework", "")), str(meta.get("test", "")), line)
        elif kind == "else":
            self._else(str(meta.get("framework", "")), line, text)
        else:
            self._end(line)
        return FrameworkMarker(line=line, marker=kind, framework=self.current)

    def finish(self) -> None:
        """Report a block still open at the end of the lesson."""
        if self._opened_at is not None and self._opened_at not in self._nested:
            self._report(rules.UNCLOSED_FRAMEWORK_BLOCK, self._opened_at,
                         "framework block is never closed by `{/if}`",
                         "add `{/if}` where the framework-specific text ends")

    def _open(self, framework: str, test: str, line: int) -> None:
        if self._opened_at is not None:
            self._report(rules.NESTED_FRAMEWORK_BLOCK, self._opened_at,
                         f"framework block opened here is still open at line {line}, "
                         "where another one opens", "close it with `{/if}` first")
            self._outer.append((self._opened_at, self._else_seen, self.current))
            self._nested.add(self._opened_at)
        chosen = _FRAMEWORKS.get(framework)
        if chosen is None:
            self._report(rules.MALFORMED_FRAMEWORK_MARKER, line,
                         f"`{{#if {test}}}` does not test `fw === 'pt'` or `fw === 'tf'`; "
                         "its text is read as shared by both frameworks")
        self._opened_at = line
        self._else_seen = False
        self.current = chosen or Framework.BOTH

    def _else(self, framework: str, line: int, text: str) -> None:
        if self._opened_at is None:
            self._report(rules.UNBALANCED_FRAMEWORK_BLOCK, line,
                         f"`{text}` outside a framework block", "remove it or add `{#if ...}`")
            return
        if self._else_seen:
            self._report(rules.UNBALANCED_FRAMEWORK_BLOCK, line,
                         f"second `{{:else}}` in the framework block opened on line "
                         f"{self._opened_at}")
        self._else_seen = True
        explicit = _FRAMEWORKS.get(framework)
        self.current = explicit or _OTHER[self.current]

    def _end(self, line: int) -> None:
        if self._opened_at is None:
            self._report(rules.UNBALANCED_FRAMEWORK_BLOCK, line,
                         "`{/if}` outside a framework block", "remove it or add `{#if ...}`")
        if self._outer:
            self._opened_at, self._else_seen, self.current = self._outer.pop()
            return
        self._opened_at = None
        self._else_seen = False
        self.current = Framework.BOTH

    def _report(self, rule: Rule, line: int, message: str, hint: str | None = None) -> None:
        self._context.report(rule, line - 1, message, hint)


def report_dead_branches(blocks: list[Block], framework: Framework,
                         context: ParseContext) -> None:
    """In a page for ``framework`` alone, each branch for the other framework that holds
    something, reported at its marker: the site shows that page only to learners of
    ``framework``, and its notebooks take only their framework's blocks."""
    if framework is Framework.BOTH:
        return
    dead: FrameworkMarker | None = None
    for block in blocks:
        if isinstance(block, FrameworkMarker):
            dead = None if block.framework.includes(framework) else block
        elif dead is not None:
            name = {Framework.PT: "PyTorch", Framework.TF: "TensorFlow"}[framework]
            context.report(rules.DEAD_FRAMEWORK_BRANCH, dead.line - 1,
                           f"this page is listed for {name} only (`local_fw`): the "
                           f"`{dead.framework}` branch opened here is in no notebook and "
                           "on no page",
                           hint=f"move its content to the {dead.framework} page, or remove it")
            dead = None
