"""Pairing the HTML elements a lesson's prose opens and closes (``<div>`` ... ``</div>``).

The site builder compiles a page's Markdown with its HTML as one component, so an
element left open (``LES116``) or a closing tag with no element to close (``LES126``)
stops the page from building. Elements whose closing tag HTML lets a page leave out
(``<p>``, ``<li>``, table rows and cells...) and void elements (``<img>``, ``<br>``)
are not paired, nor are the lower-case components (``<hfoption>``). What a code span
quotes (`` `<div>` ``) is no tag, and neither is an autolink (``<https://...>``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, TypeVar

from coursekit.lessons import rules
from coursekit.lessons.context import ParseContext
from coursekit.lessons.dialect_block.component import LOWER_CASE_COMPONENTS

_TAG = re.compile(
    r"<(?P<closing>/?)(?P<name>[a-z][a-z0-9]*)(?=[\s/>])"
    r"(?:[^>\"'{]|\"[^\"]*\"|'[^']*'|\{[^}]*\})*?(?P<self>/?)>"
)
_CODE_SPAN = re.compile(r"(`+)(?:.|\n)*?(?<!`)\1(?!`)")
UNPAIRED = frozenset({
    # void elements: never closed
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr",
    # elements whose closing tag may be left out
    "p", "li", "dt", "dd", "tr", "td", "th", "thead", "tbody", "tfoot", "option",
    "optgroup", "colgroup", "caption", "rb", "rt", "rp", "rtc",
})


Open = TypeVar("Open", bound=tuple[Any, ...])
"""What a tracker keeps of an open tag: its name first."""


def close_innermost(opened: list[Open], name: str) -> bool:
    """Close the innermost of ``opened`` named ``name``; ``False`` where none is open."""
    for at in range(len(opened) - 1, -1, -1):
        if opened[at][0] == name:
            del opened[at]
            return True
    return False


def _blank(match: re.Match[str]) -> str:
    """A code span's text as spaces, its line breaks kept: offsets still give lines."""
    return re.sub(r"[^\n]", " ", match.group())


@dataclass(slots=True)
class ElementTracker:
    """The HTML elements still open, innermost last."""

    context: ParseContext
    _open: list[tuple[str, int]] = field(default_factory=list)
    """Name and 1-based line of each element still open."""

    def text(self, text: str, line: int) -> None:
        """Prose whose first line is ``line`` (1-based)."""
        if "<" not in text:
            return
        if "`" in text:
            text = _CODE_SPAN.sub(_blank, text)
        for match in _TAG.finditer(text):
            name = match["name"]
            if name in UNPAIRED or name in LOWER_CASE_COMPONENTS or match["self"]:
                continue
            at = line + text.count("\n", 0, match.start())
            if not match["closing"]:
                self._open.append((name, at))
            elif not close_innermost(self._open, name):
                self.context.report(rules.STRAY_CLOSING_TAG, at - 1,
                                    f"`</{name}>` closes no open `<{name}>`",
                                    hint="remove it, or open the element before it")

    def finish(self) -> None:
        """Report each element never closed, at its opening tag."""
        for name, line in self._open:
            self.context.report(rules.UNCLOSED_COMPONENT, line - 1,
                                f"HTML element `<{name}>` is never closed by `</{name}>`",
                                hint=f"add `</{name}>` where the element ends, or end its "
                                     "tag with `/>`")
        self._open.clear()
