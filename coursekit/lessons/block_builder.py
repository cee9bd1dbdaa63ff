"""Turning the dialect's block tokens into the lesson model's blocks.

Blocks come out in source order. Containers (lists, quotes) that hold only
prose become one ``Prose`` block with their source; containers holding code,
markers, components or directives are walked so those keep their own blocks.
An ``Output`` is both a block and attached to a ``Code`` (see
:data:`ATTACHMENT_RULE`); a ``Directive`` is both a block and listed on the next
``Code``. Inside an admonition only the structural blocks are emitted: its prose
is in its text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from types import MappingProxyType

from markdown_it.token import Token

from coursekit.lessons import rules
from coursekit.lessons.context import ParseContext
from coursekit.lessons.directives import DirectiveProblem, is_directive, read_directive
from coursekit.lessons.exceptions import read_output
from coursekit.lessons.fences import read_info
from coursekit.lessons.frameworks import FrameworkTracker
from coursekit.lessons.model import (
    Admonition,
    Block,
    Code,
    Component,
    Directive,
    Framework,
    FrameworkMarker,
    Heading,
    Output,
    OutputKind,
    Prose,
)
from coursekit.lessons.python import CodeFactsTable

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
ATTACHMENT_RULE = """\
An output fence belongs to the nearest code fence before it, of a framework that
includes the output's, when only prose lies between them: paragraphs, lists,
quotes, tables, HTML tags, components, tips and comments ("we will get:",
"**Output:**"). Several output fences in a row all belong to that code fence.
A heading or another code fence ends the attachment, and so does a framework
marker (`{#if}`, `{:else}`, `{/if}`) after code inside a framework block; code
shared by both frameworks keeps it, so framework-specific outputs of shared code
may follow it in framework blocks. A shared output fence right after a framework
block (`{/if}`, then only prose) whose two branches each end in code belongs to
both: each framework's code shows it. An output fence with no code to belong to
is reported (LES106, a warning). A further output fence of code that already has one,
after prose that does not lead into it (a sentence that does not end in a colon, a
bold label), explains rather than shows: a table of tokens, another example's
result. It is kept as a block but attached to no code (LES125, a note).
"""
_LEAD_IN = re.compile(r"(?:[:：]\s*(?:\*\*|__)?|^\s*(?:\*\*|__)[^*_\n]{1,40}(?:\*\*|__))\s*$")
"""Prose that introduces the fence after it: it ends in a colon (also inside bold), or
it is a short bold label (``**Output**``)."""
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


class BlockBuilder:
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
        self._anchors: dict[str, int] = {}

    def build(self, tokens: Sequence[Token]) -> list[Block]:
        self._walk(tokens, 0, len(tokens))
        self._drop_pending()
        self._frameworks.finish()
        return self.blocks

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
        elif kind == "component" and not token.meta.get("closing"):
            self._add(Component(line, token.meta["name"], MappingProxyType(token.meta["attrs"]),
                                token.content,
                                self._frameworks.current))
        elif kind in ("admonition_open", "admonition_inline"):
            self._add(Admonition(line, token.meta["kind"], token.meta["text"],
                                 self._frameworks.current))
            self._admonition_depth += kind == "admonition_open"
        elif kind == "admonition_close":
            self._admonition_depth -= 1
        return index + 1

    def _container(self, tokens: Sequence[Token], index: int) -> int:
        close, structural = _extent(tokens, index)
        token = tokens[index]
        alert = self._github_alert(tokens, index) if token.type == "blockquote_open" else None
        if alert is not None:
            self._add(Admonition(token.map[0] + 1 if token.map else 0, alert,
                                 self._quote_text(token), self._frameworks.current))
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

    def _quote_text(self, token: Token) -> str:
        start, stop = token.map or (0, 0)
        lines = [_QUOTE_PREFIX.sub("", text, count=1) for text in self._lines[start:stop]]
        if lines:
            lines[0] = _GITHUB_ALERT.sub("", lines[0], count=1).strip()
        return "\n".join(lines).strip("\n")

    def _source(self, token: Token) -> str:
        start, stop = token.map or (0, 0)
        return "\n".join(self._lines[start:stop]).rstrip()

    def _heading(self, token: Token, line: int) -> None:
        text = token.meta.get("text", "")
        anchor = token.meta.get("anchor")
        if anchor is not None:
            if anchor in self._anchors:
                self._context.report(
                    rules.DUPLICATE_ANCHOR, line - 1,
                    f"anchor `[[{anchor}]]` is already used on line {self._anchors[anchor]}",
                    hint="give each heading its own anchor id",
                )
            else:
                self._anchors[anchor] = line
        if self._admonition_depth == 0:
            self._add(Heading(line, int(token.tag[1:]), text, anchor, self._frameworks.current))

    def _prose(self, token: Token, line: int) -> None:
        if self._admonition_depth:
            return
        self._add(Prose(line, self._source(token), self._frameworks.current))

    def _comment(self, token: Token, line: int) -> None:
        if not is_directive(token.content):
            return
        reading = read_directive(token.content)
        if isinstance(reading, DirectiveProblem):
            self._context.report(reading.rule, line - 1, reading.message, reading.hint)
            return
        directive = Directive(line, reading.kind, MappingProxyType(reading.args),
                              self._frameworks.current)
        self._add(directive)
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

    def _output(self, token: Token, line: int, text: str) -> None:
        reading = read_output(text, line + 1, trace_hint="trace" in token.info.lower())
        if reading.kind is OutputKind.TRACE and reading.exception is None:
            self._context.report(
                rules.TRACE_WITHOUT_EXCEPTION, line - 1,
                "the output shows a traceback but no final `Name: message` line",
                hint="keep the traceback's last line, which names the exception",
            )
        output = Output(line, reading.kind, text, reading.exception, token.info,
                        self._frameworks.current)
        code_at = self._code_at
        code = self.blocks[code_at] if code_at is not None else None
        explains = isinstance(code, Code) and self._explains(code)
        self._add(output)
        if isinstance(code, Code) and code.framework.includes(output.framework):
            assert code_at is not None
            if explains:
                self._context.report(
                    rules.EXPLANATION_OUTPUT, line - 1,
                    f"output fence `{token.info}` follows prose after the output of the "
                    f"code on line {code.line}: read as part of the explanation",
                    hint="end the sentence before it with a colon if the code prints it",
                )
                return
            self.blocks[code_at] = replace(code, outputs=(*code.outputs, output))
            self._code_at = code_at
            return
        if self._attach_shared(output):
            return
        self._context.report(
            rules.ORPHAN_OUTPUT, line - 1,
            f"output fence `{token.info}` belongs to no code fence: a heading, a code "
            "fence or a framework marker comes between it and the code before it",
            hint="put the output after the code block that produces it",
        )

    def _marker(self, marker: FrameworkMarker) -> None:
        """Add a marker, keeping the code each branch of a framework block ends in."""
        if marker.marker == "if":
            self._branch_code = []
        else:
            at = self._code_at
            code = self.blocks[at] if at is not None else None
            in_branch = isinstance(code, Code) and code.framework is not Framework.BOTH
            self._branch_code.append(at if in_branch and at is not None else -1)
        self._after_block = ()
        if marker.marker == "end":
            ends = [at for at in self._branch_code if at >= 0]
            if len(ends) == len(self._branch_code) == 2 and {
                self._framework_of(at) for at in ends
            } == {Framework.PT, Framework.TF}:
                self._after_block = tuple(ends)
            self._branch_code = []
        self._add(marker)

    def _framework_of(self, at: int) -> Framework:
        block = self.blocks[at]
        return block.framework if isinstance(block, Code) else Framework.BOTH

    def _attach_shared(self, output: Output) -> bool:
        """Attach a shared output after a framework block to the code of both branches."""
        if output.framework is not Framework.BOTH or not self._after_block:
            return False
        for at in self._after_block:
            code = self.blocks[at]
            assert isinstance(code, Code)
            self.blocks[at] = replace(code, outputs=(*code.outputs, output))
        return True

    def _explains(self, code: Code) -> bool:
        """Whether an output fence here, after code that already has output, explains."""
        prose = self._prose_since_output
        return bool(code.outputs) and prose is not None and not _LEAD_IN.search(prose.text)

    def _add(self, block: Block) -> None:
        if isinstance(block, (Output, Code, Heading)):
            self._prose_since_output = None
        elif isinstance(block, Prose) and self._code_at is not None:
            self._prose_since_output = block
        if self._pending and not isinstance(block, (Directive, FrameworkMarker, Code)):
            self._drop_pending()
        if isinstance(block, (Heading, Code)):
            self._after_block = ()
        if isinstance(block, (Heading, Code)) or (
            isinstance(block, FrameworkMarker) and not self._shared_code()
        ):
            self._code_at = None
        self.blocks.append(block)

    def _shared_code(self) -> bool:
        code = self.blocks[self._code_at] if self._code_at is not None else None
        return isinstance(code, Code) and code.framework is Framework.BOTH

    def _drop_pending(self) -> None:
        for directive in self._pending:
            self._context.report(
                rules.DANGLING_DIRECTIVE, directive.line - 1,
                f"`{directive.kind}` directive is not followed by a code block",
                hint="put the directive right before the code block it is about",
            )
        self._pending = []
