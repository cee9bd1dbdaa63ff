"""The first characters the block rules are tried on: each rule the table gates takes
no line that starts with another character (what lets the dispatcher skip it), and
takes the lines it is meant for, so a character missing from its entry would lose
blocks. The tokens of whole lessons, with and without the dispatcher, are compared
in ``test_lesson_markdown.py``."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it.rules_block import StateBlock

from coursekit.lessons.context import ParseContext
from coursekit.lessons.markdown import build_lesson_markdown
from coursekit.lessons.rule_dispatch import FIRST_CHARACTERS, FirstCharacterRuler

MD = build_lesson_markdown(dispatched=False)
GATED = sorted(FIRST_CHARACTERS.items(), key=lambda item: f"{item[0].__module__}.{item[0]}")
BLOCKS = [
    "```py\nx = 1\n```", "~~~\nx\n~~~", "> quoted", "***", "---", "___", "* item",
    "- item", "+ item", *(f"{digit}. item" for digit in "0123456789"), "[a]: /url",
    "# Title", "<Tip>\nA tip.\n</Tip>", '<Youtube id="x"/>', "<div>", "<!-- note -->",
    "{/* note */}", "{#if fw === 'pt'}",
]
"""Blocks of every kind the gated rules read."""


def _state(text: str) -> StateBlock:
    return StateBlock(text, MD, ParseContext(path="x.mdx").env(), [])


def _takes(rule: Callable[..., bool], text: str, silent: bool) -> bool:
    state = _state(text)
    return bool(rule(state, 0, state.lineMax, silent))


@settings(max_examples=300, deadline=None)
@given(first=st.characters(codec="utf-8", exclude_characters="\n\r"),
       rest=st.text(alphabet=" \t>-*+#=`~[]<{}1.)(ab/'\"!:", max_size=20),
       indent=st.sampled_from(["", " ", "   ", "\t"]), silent=st.booleans())
def test_a_gated_rule_takes_no_line_starting_with_another_character(
    first: str, rest: str, indent: str, silent: bool,
) -> None:
    text = f"{indent}{first}{rest}\nnext line\n"
    if first.isspace():
        return  # then the first character is one of ``rest``'s
    for rule, characters in GATED:
        if first not in characters:
            assert not _takes(rule, text, silent), (rule, text)


@pytest.mark.parametrize(("rule", "characters"), GATED)
def test_each_character_of_a_rule_starts_a_block_it_takes(
    rule: Callable[..., bool], characters: str,
) -> None:
    for character in characters:
        starting = [block for block in BLOCKS if block.startswith(character)]
        assert any(_takes(rule, block, silent=True) for block in starting), character


def test_the_block_loop_gets_one_dispatcher_per_chain_and_a_new_one_when_rules_change() -> None:
    md = build_lesson_markdown()
    ruler = md.block.ruler
    assert isinstance(ruler, FirstCharacterRuler)
    first = ruler.getRules("")
    assert len(first) == 1 and ruler.getRules("") is first
    assert len(ruler.getRules("paragraph")) == 1
    ruler.disable("hr")
    assert ruler.getRules("") is not first
    assert [t.type for t in md.parse("***\n", {})] == ["paragraph"]  # no rule reads hr now
