"""One notebook per option of a lesson's tabs of alternatives (``<hfoption>``).

A page shows one tab of an ``<hfoptions>`` group at a time, and a reader follows one
option through the page: the later tabs of an option use names its earlier tabs
bound. A notebook holding every tab would run the options' code one after another,
each over the names of the one before; so a lesson whose tabs hold code yields one
notebook per option, holding the code outside any tab and that option's tabs only.

A group *splits* the lesson when every one of its tabs is closed and has an ``id``
(``smolagents``, ``llama-index``; one that cannot name a file as written, ``llama index``
or ``pt``, is escaped in the notebook's name: :mod:`coursekit.notebooks.naming`), and
one of them holds code that makes a cell (Python to run, or a ``pip install`` fence).
The lesson's options are the ids of the tabs of the groups that split, in the order
they first appear. A group of prose only, a group with a tab never closed (``LES116``)
and a group inside a tab stay as a lesson without options has them: all their tabs,
named by their ids, in every notebook of the lesson (a group inside a tab goes wherever
that tab goes), so that no code is lost. Tags pair as written, so the tabs after one
never closed lie inside it: no group after it splits the lesson either.

With framework blocks too, the lesson yields a notebook per framework and option
(``<stem>_pt_smolagents.ipynb``: frameworks first, each with every option).
"""

from __future__ import annotations

from dataclasses import replace

from coursekit.lessons.model import Block, Code, Component, Lesson
from coursekit.lessons.tabs import OptionTab
from coursekit.notebooks.lesson_cells import runs
from coursekit.notebooks.naming import option_fits
from coursekit.notebooks.shell import fence_installs


def _makes_cell(block: Block) -> bool:
    return isinstance(block, Code) and (runs(block) or bool(fence_installs(block)))


def splitting_tabs(lesson: Lesson) -> tuple[OptionTab, ...]:
    """The tabs of the groups that split ``lesson`` into a notebook per option."""
    if not lesson.tabs:
        return ()  # most lessons: no block is looked at
    groups: dict[int, list[OptionTab]] = {}
    for tab in lesson.tabs:
        if not tab.nested:
            groups.setdefault(tab.group, []).append(tab)
    cells = [block.line for block in lesson.blocks if _makes_cell(block)]
    found: list[OptionTab] = []
    for tabs in groups.values():
        if all(tab.end is not None and option_fits(tab.option) for tab in tabs) \
                and any(tab.holds(line) for tab in tabs for line in cells):
            found.extend(tabs)
    return tuple(sorted(found, key=lambda tab: tab.line))


def option_views(lesson: Lesson) -> dict[str | None, Lesson]:
    """``lesson`` as the notebook of each of its options reads it (:func:`for_option`),
    its tabs looked at once; empty when no group splits it."""
    tabs = splitting_tabs(lesson)
    return {option: for_option(lesson, option, tabs)
            for option in dict.fromkeys(tab.option for tab in tabs)}


def for_option(lesson: Lesson, option: str, tabs: tuple[OptionTab, ...] | None = None
               ) -> Lesson:
    """``lesson`` as the notebook of ``option`` reads it: without the blocks of the other
    options' tabs, nor the tab names (the notebook's title names the option). ``tabs``:
    its :func:`splitting_tabs`, when known."""
    if tabs is None:
        tabs = splitting_tabs(lesson)
    kept: list[Block] = []
    at = 0  # the tabs of a split are closed, apart and in order, as the blocks are
    for block in lesson.blocks:
        while at < len(tabs) and (tabs[at].end or 0) < block.line:
            at += 1
        tab = tabs[at] if at < len(tabs) and tabs[at].holds(block.line) else None
        label = tab is not None and isinstance(block, Component) and block.line == tab.line
        if tab is None or (tab.option == option and not label):
            kept.append(block)
    return replace(lesson, blocks=tuple(kept))
