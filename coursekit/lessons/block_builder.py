"""Turning the dialect's block tokens into the lesson model's blocks.

Blocks come out in source order. Containers (lists, quotes) that hold only
prose become one ``Prose`` block with their source; containers holding code,
markers, components or directives are walked so those keep their own blocks.
An ``Output`` is both a block and attached to a ``Code`` (see
:data:`~coursekit.lessons.output_attachment.ATTACHMENT_RULE`); a ``Directive`` is
both a block and listed on the next ``Code``. Inside an admonition only the structural
blocks are emitted: its prose is in its text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from types import MappingProxyType

from markdown_it.token import Token

from coursekit.lessons import rules
from coursekit.lessons.components import ComponentTracker
from coursekit.lessons.context import ParseContext
from coursekit.lessons.directives import (
    FILE_KINDS,
    DirectiveProblem,
    is_directive,
    read_directive,
)
from coursekit.lessons.fences import read_info
from coursekit.lessons.frameworks import FrameworkTracker
from coursekit.lessons.model import (
    Admonition,
    Block,
    Code,
    Component,
    Directive,
    Framework,
    Heading,
    Prose,
)
from coursekit.lessons.output_attachment import OutputAttachment
from coursekit.lessons.python import CodeFactsTable
from coursekit.lessons.tabs import OptionTab

_STRUCTURAL = frozenset({
    "fence", "framework_marker", "comment", "component",
    "admonition_open", "admonition_inline",
})
_CONTAINERS = {
    "blockquote_open": "blockquote_close",
    "bullet_list_open": "bullet_list_close",
    "ordered_list_open": "ordered_list_close",
}
_READ = frozenset({
    *_CONTAINERS, "heading", "paragraph", "hr", "html_tag", "fence",
    "framework_marker", "comment", "component", "admonition_open", "admonition_inline",
    "admonition_close",
})
"""The tokens :meth:`BlockBuilder._token` reads; it passes over the others (a container's
closing token, a list item's...)."""
_GITHUB_ALERT = re.compile(r"\[!(?P<kind>[A-Za-z]+)\]")
_QUOTE_PREFIX = re.compile(r"^\s*> ?")


def _extent(tokens: Sequence[Token], index: int) -> tuple[int, bool]:
    """Index of the token closing the container opened at ``index``, and whether a
    structural token lies inside it, read in one pass."""
    opener = tokens[index].type
    closer = _CONTAINERS[opener]
    depth = 0
    structural = False
    for at in range(index, len(tokens)):
        kind = tokens[at].type
        if kind == opener:
            depth += 1
        elif kind == closer:
            depth -= 1
            if depth == 0:
                return at, structural
        elif kind in _STRUCTURAL:
            structural = True
    last = len(tokens) - 1  # never closed: up to the last token, which stays outside
    return last, any(t.type in _STRUCTURAL for t in tokens[index + 1 : last])


class BlockBuilder(OutputAttachment):
    """Walks the tokens of one lesson once, building its blocks."""

    def __init__(
        self, lines: Sequence[str], context: ParseContext,
        facts: CodeFactsTable | None = None,
    ) -> None:
        """``facts``: where code blocks get the facts of their text (shared between the
        lessons read with the same table); ``None``: each block reads its own."""
        self._lines = lines
        self._context = context
        self._facts = facts
        self._frameworks = FrameworkTracker(context)
        self._components = ComponentTracker(context)
        self.blocks: list[Block] = []
        self._code_at: int | None = None
        self._branch_code: list[int] = []
        """Inside a framework block: the code each finished branch ends in."""
        self._after_block: tuple[int, ...] = ()
        self._prose_since_output: Prose | None = None
        """The last prose after the last output fence, when an output came after code."""
        """After ``{/if}`` until a heading or code: the code both branches end in."""
        self._pending: list[Directive] = []
        self._quote_depth = 0
        self._admonition_depth = 0
        self._anchors: dict[str, list[tuple[int, Framework]]] = {}
        """Each anchor's headings: line and framework (a page shows one branch of a
        framework block, so its two branches may share an anchor)."""

    def build(self, tokens: Sequence[Token]) -> list[Block]:
        self._walk(tokens, 0, len(tokens))
        self._drop_pending()
        self._frameworks.finish()
        self._components.finish()
        return self.blocks

    @property
    def tabs(self) -> tuple[OptionTab, ...]:
        """The ``<hfoption>`` tabs of the blocks built, in the order they open."""
        return self._components.tabs

    def _walk(self, tokens: Sequence[Token], start: int, stop: int) -> None:
        index = start
        while index < stop:
            if tokens[index].type in _READ:
                index = self._token(tokens, index)
            else:  # the inside or the end of something read at its start
                index += 1

    def _token(self, tokens: Sequence[Token], index: int) -> int:
        token = tokens[index]
        kind = token.type
        line = token.map[0] + 1 if token.map else 0
        if kind in _CONTAINERS:
            return self._container(tokens, index)
        if kind == "heading":
            self._heading(token, line)
        elif kind in ("paragraph", "hr", "html_tag"):
            self._prose(token, line)
        elif kind == "fence":
            self._fence(token, line)
        elif kind == "framework_marker":
            self._marker(self._frameworks.marker(token.meta, line, token.content))
        elif kind == "comment":
            self._comment(token, line)
        elif kind == "component":
            self._component(token, line)
        elif kind in ("admonition_open", "admonition_inline"):
            if kind == "admonition_inline":
                self._components.text(token.meta["text"], line)
            self._add(Admonition(line, token.meta["kind"], token.meta["text"],
                                 self._frameworks.current, token.meta.get("text_line", 0)))
            self._admonition_depth += kind == "admonition_open"
        elif kind == "admonition_close":
            self._admonition_depth -= 1
        return index + 1

    def _component(self, token: Token, line: int) -> None:
        meta = token.meta
        raw = token.content.removesuffix(meta.get("tail", ""))
        self._components.tag(meta["name"], line, raw, closing=bool(meta.get("closing")),
                             self_closing=bool(meta.get("self_closing")),
                             tail=str(meta.get("tail", "")),
                             ident=str(meta["attrs"].get("id", "")))
        if not meta.get("closing"):
            self._add(Component(line, meta["name"], MappingProxyType(meta["attrs"]),
                                token.content, self._frameworks.current))

    def _container(self, tokens: Sequence[Token], index: int) -> int:
        close, structural = _extent(tokens, index)
        token = tokens[index]
        alert = self._github_alert(tokens, index) if token.type == "blockquote_open" else None
        if alert is not None:
            text, text_line = self._quote_text(token)
            self._add(Admonition(token.map[0] + 1 if token.map else 0, alert, text,
                                 self._frameworks.current, text_line))
            self._admonition_depth += 1
        elif not structural:
            self._prose(token, token.map[0] + 1 if token.map else 0)
            return close + 1
        quoted = token.type == "blockquote_open"
        self._quote_depth += quoted
        self._walk(tokens, index + 1, close)
        self._quote_depth -= quoted
        self._admonition_depth -= alert is not None
        return close + 1

    def _github_alert(self, tokens: Sequence[Token], index: int) -> str | None:
        if index + 1 >= len(tokens) or tokens[index + 1].type != "paragraph":
            return None
        match = _GITHUB_ALERT.match(tokens[index + 1].content)
        return match["kind"].upper() if match else None

    def _quote_text(self, token: Token) -> tuple[str, int]:
        """The alert's text, less its quote marks and marker, and the line it starts on."""
        start, stop = token.map or (0, 0)
        lines = [_QUOTE_PREFIX.sub("", text, count=1) for text in self._lines[start:stop]]
        if lines:
            lines[0] = _GITHUB_ALERT.sub("", lines[0], count=1).strip()
        joined = "\n".join(lines)
        text = joined.lstrip("\n")
        return text.rstrip("\n"), start + 1 + len(joined) - len(text)

    def _source(self, token: Token) -> str:
        start, stop = token.map or (0, 0)
        return "\n".join(self._lines[start:stop]).rstrip()

    def _heading(self, token: Token, line: int) -> None:
        text = token.meta.get("text", "")
        anchor = token.meta.get("anchor")
        if anchor is not None:
            framework = self._frameworks.current
            seen = self._anchors.setdefault(anchor, [])
            clash = next((at for at, other in seen if other.includes(framework)), None)
            if clash is not None:
                self._context.report(
                    rules.DUPLICATE_ANCHOR, line - 1,
                    f"anchor `[[{anchor}]]` is already used on line {clash}",
                    hint="give each heading its own anchor id",
                )
            else:
                seen.append((line, framework))
        if self._admonition_depth == 0:
            self._add(Heading(line, int(token.tag[1:]), text, anchor, self._frameworks.current))

    def _prose(self, token: Token, line: int) -> None:
        source = self._source(token)
        self._components.text(source, line)
        if self._admonition_depth:
            return
        self._add(Prose(line, source, self._frameworks.current))

    def _comment(self, token: Token, line: int) -> None:
        if is_directive(token.content):
            self._directive(token, line)
        tail = str(token.meta.get("tail", ""))
        if tail and not tail.startswith(("<!--", "{/*")):  # the page shows the text
            last = token.map[1] if token.map else line
            self._components.text(tail, last)
            if not self._admonition_depth:
                self._add(Prose(last, tail, self._frameworks.current))

    def _directive(self, token: Token, line: int) -> None:
        reading = read_directive(token.content)
        if isinstance(reading, DirectiveProblem):
            self._context.report(reading.rule, line - 1, reading.message, reading.hint)
            return
        directive = Directive(line, reading.kind, MappingProxyType(reading.args),
                              self._frameworks.current)
        self._add(directive)
        if reading.kind not in FILE_KINDS:
            self._pending.append(directive)

    def _fence(self, token: Token, line: int) -> None:
        info = read_info(token.info)
        text = token.content.removesuffix("\n")
        if info.is_output:
            self._output(token, line, text)
            return
        if info.typo:
            self._context.report(
                rules.FENCE_INFO_TYPO, line - 1,
                f"fence info `{token.info}` read as Python", hint="write ```py",
            )
        directives, self._pending = tuple(self._pending), []
        self._add(Code(
            line=line, language=info.language, info=token.info, source=text,
            framework=self._code_framework(line, directives), directives=directives,
            in_blockquote=self._quote_depth > 0,
            known_facts=None if self._facts is None else self._facts(text),
        ))
        self._code_at = len(self.blocks) - 1

    def _code_framework(self, line: int, directives: Sequence[Directive]) -> Framework:
        framework = self._frameworks.current
        for directive in directives:
            if directive.kind != "framework":
                continue
            wanted = Framework(directive.args["framework"])
            if framework is Framework.BOTH:
                framework = wanted
            elif framework is not wanted:
                self._context.report(
                    rules.DIRECTIVE_FRAMEWORK_CONFLICT, directive.line - 1,
                    f"`framework={wanted.value}` on code inside a `{framework.value}` "
                    f"framework block (code on line {line})",
                )
        return framework

