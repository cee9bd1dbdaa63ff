"""Pairing components' opening and closing tags through a lesson.

A component opened by a tag of its own line that does not end in ``/>``
(``<hfoptions id="x">``, or ``<Youtube id="x">`` missing its slash) needs its closing
tag, or the site builder cannot build the page. The closing tag may stand on a line of
its own, end the opening tag's line (``<hfoption id="a">Text.</hfoption>``) or end a
line of text (``Text.</hfoption>``); what a code fence or a comment holds closes nothing.
A closing tag on a line of its own that closes no open component stops the site builder
as well (``LES126``); one at the end of a line of text is not judged, since prose may
quote a tag.

The tracker also records where each ``<hfoption>`` tab begins and ends
(:class:`~coursekit.lessons.tabs.OptionTab`), its closing tag paired as any other.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from coursekit.lessons import rules
from coursekit.lessons.context import ParseContext
from coursekit.lessons.html_elements import ElementTracker
from coursekit.lessons.tabs import OptionTab

TAB = "hfoption"
TAB_GROUP = "hfoptions"

_CLOSING = re.compile(r"</(?P<name>[A-Za-z][\w.:-]*)\s*>")


@dataclass(slots=True)
class ComponentTracker:
    """The components still open, innermost last."""

    context: ParseContext
    _open: list[tuple[str, int, str]] = field(default_factory=list)
    """Name, 1-based line and opening tag of each component still open."""
    _elements: ElementTracker = field(init=False)
    """The HTML elements of the same text, paired apart."""
    _tabs: dict[int, OptionTab] = field(default_factory=dict)
    """The ``<hfoption>`` tabs met so far, by the line of their opening tag."""

    def __post_init__(self) -> None:
        self._elements = ElementTracker(self.context)

    @property
    def tabs(self) -> tuple[OptionTab, ...]:
        """The ``<hfoption>`` tabs, in the order they open."""
        return tuple(self._tabs.values())

    def tag(self, name: str, line: int, raw: str, *, closing: bool, self_closing: bool,
            tail: str, ident: str = "") -> None:
        """A component tag on a line of its own, and the text after it on its last line
        (``ident``: its ``id`` attribute)."""
        if closing:
            if not self._close(name, line):
                self.context.report(
                    rules.STRAY_CLOSING_TAG, line - 1,
                    f"`</{name}>` closes no open `<{name}>`",
                    hint=f"remove it, or open the component before it with `<{name}>`",
                )
        elif not self_closing:
            if name == TAB:
                self._opened_tab(ident, line)
            self._open.append((name, line, raw))
        self.text(tail, line + raw.count("\n"))

    def _opened_tab(self, ident: str, line: int) -> None:
        groups = [at for name, at, _raw in self._open if name == TAB_GROUP]
        nested = any(name == TAB for name, _at, _raw in self._open)
        self._tabs[line] = OptionTab(ident, groups[-1] if groups else 0, line, None, nested)

    def _close(self, name: str, line: int) -> bool:
        """Close the innermost open component named ``name`` (a tab's end is ``line``);
        ``False`` where none is open."""
        for at in range(len(self._open) - 1, -1, -1):
            if self._open[at][0] == name:
                opened = self._open.pop(at)[1]
                if name == TAB and opened in self._tabs:
                    self._tabs[opened] = replace(self._tabs[opened], end=line)
                return True
        return False

    def text(self, text: str, line: int) -> None:
        """Text that may close components (a paragraph, a tag's tail) and holds HTML
        elements; ``line``: its first line (1-based)."""
        self._elements.text(text, line)
        if "</" in text:
            for match in _CLOSING.finditer(text):
                self._close(match["name"], line + text.count("\n", 0, match.start()))

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
