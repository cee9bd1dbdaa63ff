"""Pairing components' opening and closing tags through a lesson.

A component opened by a tag of its own line that does not end in ``/>``
(``<hfoptions id="x">``, or ``<Youtube id="x">`` missing its slash) needs its closing
tag, or the site builder cannot build the page. The closing tag may stand on a line of
its own, end the opening tag's line (``<hfoption id="a">Text.</hfoption>``) or end a
line of text (``Text.</hfoption>``); what a code fence or a comment holds closes nothing.
A closing tag on a line of its own that closes no open component stops the site builder
as well (``LES126``); one at the end of a line of text is not judged, since prose may
quote a tag.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from coursekit.lessons import rules
from coursekit.lessons.context import ParseContext
from coursekit.lessons.html_elements import ElementTracker, close_innermost

_CLOSING = re.compile(r"</(?P<name>[A-Za-z][\w.:-]*)\s*>")


@dataclass(slots=True)
class ComponentTracker:
    """The components still open, innermost last."""

    context: ParseContext
    _open: list[tuple[str, int, str]] = field(default_factory=list)
    """Name, 1-based line and opening tag of each component still open."""
    _elements: ElementTracker = field(init=False)
    """The HTML elements of the same text, paired apart."""

    def __post_init__(self) -> None:
        self._elements = ElementTracker(self.context)

    def tag(self, name: str, line: int, raw: str, *, closing: bool, self_closing: bool,
            tail: str) -> None:
        """A component tag on a line of its own, and the text after it on its last line."""
        if closing:
            if not close_innermost(self._open, name):
                self.context.report(
                    rules.STRAY_CLOSING_TAG, line - 1,
                    f"`</{name}>` closes no open `<{name}>`",
                    hint=f"remove it, or open the component before it with `<{name}>`",
                )
        elif not self_closing:
            self._open.append((name, line, raw))
        self.text(tail, line + raw.count("\n"))

    def text(self, text: str, line: int) -> None:
        """Text that may close components (a paragraph, a tag's tail) and holds HTML
        elements; ``line``: its first line (1-based)."""
        self._elements.text(text, line)
        if "</" in text:
            for match in _CLOSING.finditer(text):
                close_innermost(self._open, match["name"])

    def finish(self) -> None:
        """Report each component and HTML element never closed, at its opening tag."""
        self._elements.finish()
        for name, line, raw in self._open:
            shown = raw if len(raw) <= 60 and "\n" not in raw else f"<{name} ...>"
            self.context.report(
                rules.UNCLOSED_COMPONENT, line - 1,
                f"component `{shown}` is never closed by `</{name}>`",
                hint=f"add `</{name}>` where the component ends, or end its tag with `/>`",
            )
        self._open.clear()
