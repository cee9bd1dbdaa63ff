"""Tabs of alternatives: the ``<hfoption id="...">`` tabs of an ``<hfoptions>`` group.

A page shows one tab of a group at a time (the agents course shows one agents framework:
``smolagents``, ``llama-index`` or ``langgraph``), and a reader who picks one follows it
through the page. The lesson model records where each tab begins and ends
(:attr:`coursekit.lessons.model.Lesson.tabs`), so that what lies in a tab is known by
its line; the notebook builder makes one notebook per option from it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class OptionTab:
    """One ``<hfoption id="...">`` tab: the lines from its opening tag to its closing one."""

    option: str
    """The ``id`` of the tab (``smolagents``); empty when the tag has none."""
    group: int
    """Line of the ``<hfoptions>`` tag of its group; 0 for a tab in no group."""
    line: int
    """Line of its opening tag."""
    end: int | None
    """Line of its closing tag; ``None`` for a tab never closed (``LES116``)."""
    nested: bool = False
    """Whether it lies inside another tab."""

    def holds(self, line: int) -> bool:
        """Whether the text of ``line`` lies in the tab (its tags' lines included)."""
        return self.end is not None and self.line <= line <= self.end
