"""markdown-it's block tokenizer, trying at each line only the rules that can start there.

markdown-it tries every block rule, in order, at the start of each block, and every
terminator rule at each line of a paragraph; each rule then looks at the line's first
character and most give up. Nearly every rule can only start with a few characters
(``#`` a heading, ``>`` a quote, ``<`` a tag...), so the rules that could match a line
are known from that character alone. This tokenizer looks them up once per line and
calls those, in the same order: the tokens are the ones markdown-it's own loop makes
(a rule skipped here returns ``False`` at its first-character test, with no other
effect). A rule whose characters are not given is tried on every line.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from itertools import accumulate
from typing import TYPE_CHECKING, Literal

from markdown_it.parser_block import ParserBlock, RuleFuncBlockType
from markdown_it.ruler import Ruler
from markdown_it.rules_block import StateBlock, blockquote, heading, hr, list_block, reference
from markdown_it.token import Token
from markdown_it.utils import EnvType

from coursekit.lessons.context import lines_of

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

_DIGITS = "0123456789"

Starts = Mapping[Callable[..., bool], str]
"""The characters (after the indentation) that a rule's lines can start with."""

COMMONMARK_STARTS: Starts = {
    blockquote: ">",
    hr: "*-_",
    list_block: "*-+" + _DIGITS,
    reference: "[",
    heading: "#",
}
"""markdown-it's own block rules that need a given first character."""

Dispatch = tuple[dict[str, list[RuleFuncBlockType]], list[RuleFuncBlockType]]
"""Rules by first character, and the rules for any other character."""


def _dispatch(rules: Sequence[RuleFuncBlockType], starts: Starts) -> Dispatch:
    characters = {c for rule in rules for c in starts.get(rule, "")}
    by_character = {
        c: [r for r in rules if r not in starts or c in starts[r]] for c in characters
    }
    return by_character, [r for r in rules if r not in starts]


class DispatchingRuler(Ruler[RuleFuncBlockType]):
    """A block ruler that also keeps each chain's rules by first character."""

    def __init__(self, starts: Starts) -> None:
        super().__init__()
        self.starts = starts
        self._dispatch: dict[str, tuple[list[RuleFuncBlockType], Dispatch]] = {}

    def dispatch(self, chain: str) -> Dispatch:
        """The rules of ``chain`` (``""`` for all) by first character, as of now."""
        rules = self.getRules(chain)
        cached = self._dispatch.get(chain)
        if cached is None or cached[0] is not rules:  # the ruler changed since
            cached = (rules, _dispatch(rules, self.starts))
            self._dispatch[chain] = cached
        return cached[1]


def rules_at(state: StateBlock, line: int, dispatch: Dispatch) -> list[RuleFuncBlockType]:
    """The rules of ``dispatch`` that can match ``line`` (a line with text)."""
    by_character, others = dispatch
    return by_character.get(state.src[state.bMarks[line] + state.tShift[line]], others)


def terminates(state: StateBlock, line: int, end: int, dispatch: Dispatch) -> bool:
    """Whether a rule of ``dispatch`` (a terminator chain) can start at ``line``."""
    pos = state.bMarks[line] + state.tShift[line]
    if pos >= state.eMarks[line]:
        rules = dispatch[1]
    else:
        rules = dispatch[0].get(state.src[pos], dispatch[1])
    return any(rule(state, line, end, True) for rule in rules)


_TOKEN_FIELDS = ("type", "tag", "nesting", "attrs", "map", "level", "children", "content",
                 "markup", "info", "meta", "block", "hidden")
_KNOWN_TOKEN = tuple(f.name for f in dataclasses.fields(Token)) == _TOKEN_FIELDS
"""Whether markdown-it's ``Token`` has the fields :meth:`LessonStateBlock.push` sets."""
_new_token = Token.__new__


class LessonStateBlock(StateBlock):
    """markdown-it's block state, with its line tables made a whole list at a time
    (the same tables as :class:`StateBlock` makes line by line), and tokens made
    without the dataclass machinery (the same tokens)."""

    def push(self, ttype: str, tag: str, nesting: Literal[-1, 0, 1]) -> Token:
        if not _KNOWN_TOKEN:  # another markdown-it version: its own way
            return super().push(ttype, tag, nesting)
        if nesting < 0:
            self.level -= 1  # closing tag
        token = _new_token(Token)
        token.type = ttype
        token.tag = tag
        token.nesting = nesting
        token.attrs = {}
        token.map = None
        token.level = self.level
        token.children = None
        token.content = ""
        token.markup = ""
        token.info = ""
        token.meta = {}
        token.block = True
        token.hidden = False
        if nesting > 0:
            self.level += 1  # opening tag
        self.tokens.append(token)
        return token

    def __init__(self, src: str, md: MarkdownIt, env: EnvType, tokens: list[Token]) -> None:
        super().__init__("", md, env, tokens)
        self.src = src
        split = lines_of(env)
        lines = src.split("\n") if split is None else split
        if src.endswith("\n") or not lines[-1].strip(" \t"):
            # No line after the last line break, and no entry for a last line of spaces
            # alone without a line break.
            lines = lines[:-1]
        lengths = [len(line) for line in lines]
        begins = list(accumulate([n + 1 for n in lengths], initial=0))
        shifts = [n - len(line.lstrip(" \t")) for n, line in zip(lengths, lines, strict=True)]
        counts = [
            _columns(line, shift) if shift and "\t" in line[:shift] else shift
            for line, shift in zip(lines, shifts, strict=True)
        ] if "\t" in src else shifts.copy()
        length = len(src)
        begins[-1] = length  # the extra entry that markdown-it keeps at the end
        self.bMarks = begins
        self.eMarks = [b + n for b, n in zip(begins, lengths, strict=False)] + [length]
        self.tShift = [*shifts, 0]
        self.sCount = [*counts, 0]
        self.bsCount = [0] * len(begins)
        self.lineMax = len(lines)


def _columns(line: str, shift: int) -> int:
    """The width of the indentation, tabs expanded to the next multiple of four."""
    offset = 0
    for character in line[:shift]:
        offset += 4 - offset % 4 if character == "\t" else 1
    return offset


class DispatchingParserBlock(ParserBlock):
    """:class:`ParserBlock` whose loop asks :func:`rules_at` which rules to try."""

    def __init__(self, starts: Starts, *, fast_state: bool = True) -> None:
        """``starts``: the first characters of the rules that need one (a rule left out
        is tried on every line); ``fast_state``: use :class:`LessonStateBlock` (else
        markdown-it's own state)."""
        super().__init__()
        self.state_class = LessonStateBlock if fast_state else StateBlock
        dispatching = DispatchingRuler(starts)
        dispatching.__rules__ = self.ruler.__rules__  # markdown-it's rules, as ParserBlock has them
        self.ruler = dispatching

    def parse(
        self, src: str, md: MarkdownIt, env: EnvType, outTokens: list[Token]
    ) -> list[Token] | None:
        if not src:
            return None
        state = self.state_class(src, md, env, outTokens)
        self.tokenize(state, state.line, state.lineMax)
        return state.tokens

    def tokenize(self, state: StateBlock, startLine: int, endLine: int) -> None:
        assert isinstance(self.ruler, DispatchingRuler)
        dispatch = self.ruler.dispatch("")
        line = startLine
        max_nesting = state.md.options.maxNesting
        has_empty_lines = False

        while line < endLine:
            state.line = line = state.skipEmptyLines(line)
            if line >= endLine:
                break
            if state.sCount[line] < state.blkIndent:
                break  # the end of a nested call (blockquotes and lists)
            if state.level >= max_nesting:
                state.line = endLine  # past the depth limit the rest is dropped
                break

            for rule in rules_at(state, line, dispatch):
                if rule(state, line, endLine, False):
                    if state.line <= line:
                        raise RuntimeError("block rule didn't increment state.line")
                    break
            else:
                raise RuntimeError("none of the block rules matched")

            # set state.tight if we had an empty line before current tag
            # i.e. latest empty line should not count
            state.tight = not has_empty_lines
            line = state.line
            # paragraph might "eat" one newline after it in nested lists
            if (line - 1) < endLine and state.isEmpty(line - 1):
                has_empty_lines = True
            if line < endLine and state.isEmpty(line):
                has_empty_lines = True
                line += 1
                state.line = line
