"""Block rules tried by the first character of a line, as markdown-it's rules test it.

markdown-it's block loop tries every rule of a chain at the start of every block,
and a paragraph tries every rule that may end it at each of its lines: eleven calls
where the line's first character (after its indentation) already rules out all but
one or two. :class:`FirstCharacterRuler` keeps markdown-it's rules, their order and
its chains, and hands the loop one rule per chain that calls, of that chain, only
the rules that can start with the line's first character; a rule this module does
not know is tried at every line, as before. The tokens are the same
(``tests/lessons/test_lesson_markdown.py`` compares them on the bundled course, the
fixtures and the corpora; ``test_rule_dispatch.py`` checks each rule's characters).

A speed path beside markdown-it's loop, kept: on the agents-shaped course of
``bench/realshape.py`` the whole cold ``build`` is 1.10x faster with it (median of 8
paired rounds, 0.86-1.26, 2 cores shared at a load of about 6) and the whole ``check``
1.14x (4 rounds, 1.11-1.22, load about 2) (``bench/rule_dispatch.py --what build
--repeat 8``, ``--what check --repeat 4``; both sides in one process).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from markdown_it import rules_block
from markdown_it.parser_block import RuleFuncBlockType
from markdown_it.ruler import Ruler
from markdown_it.rules_block import StateBlock

from coursekit.lessons.dialect_block.comment import comment
from coursekit.lessons.dialect_block.component import component
from coursekit.lessons.dialect_block.fence import fence
from coursekit.lessons.dialect_block.framework import framework_marker
from coursekit.lessons.dialect_block.heading import atx_heading
from coursekit.lessons.dialect_block.tip import tip

_DIGITS = "0123456789"
FIRST_CHARACTERS: Mapping[Callable[..., bool], str] = {
    rules_block.fence: "`~",
    fence: "`~",
    rules_block.blockquote: ">",
    rules_block.hr: "*-_",
    rules_block.list_block: "*-+" + _DIGITS,
    rules_block.reference: "[",
    rules_block.heading: "#",
    atx_heading: "#",
    rules_block.html_block: "<",
    framework_marker: "{",
    comment: "<{",
    tip: "<",
    component: "<",
}
"""The only characters each rule can start a block with, after the indentation: every
other first character makes it return ``False`` (each rule's first test)."""


def _dispatcher(rules: list[RuleFuncBlockType]) -> RuleFuncBlockType:
    """One rule that tries, in their order, those of ``rules`` that can start with the
    line's first character; on a blank line (no first character), all of them."""
    everywhere = tuple(rule for rule in rules if rule not in FIRST_CHARACTERS)
    characters = {c for rule in rules for c in FIRST_CHARACTERS.get(rule, "")}
    table = {
        c: tuple(rule for rule in rules if c in FIRST_CHARACTERS.get(rule, c))
        for c in characters
    }
    table[""] = tuple(rules)

    def dispatch(state: StateBlock, start: int, end: int, silent: bool) -> bool:
        pos = state.bMarks[start] + state.tShift[start]
        first = state.src[pos] if pos < state.eMarks[start] else ""
        for rule in table.get(first, everywhere):  # noqa: SIM110 (a loop: no generator a call)
            if rule(state, start, end, silent):
                return True
        return False

    return dispatch


class FirstCharacterRuler(Ruler[RuleFuncBlockType]):
    """markdown-it's block ruler whose chains are each one :func:`_dispatcher`, made when
    markdown-it compiles its chains: rules are added, replaced, enabled and disabled as
    on any ruler."""

    def __init__(self, rules: Ruler[RuleFuncBlockType]) -> None:
        super().__init__()
        self.__rules__ = rules.__rules__

    def __compile__(self) -> None:
        super().__compile__()
        assert self.__cache__ is not None
        self.__cache__ = {chain: [_dispatcher(rules)] if rules else rules
                          for chain, rules in self.__cache__.items()}
