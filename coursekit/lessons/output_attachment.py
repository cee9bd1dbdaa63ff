"""Attaching output fences to code, as :data:`ATTACHMENT_RULE` says, while the blocks of
a lesson are built (:class:`~coursekit.lessons.block_builder.BlockBuilder`)."""

from __future__ import annotations

import re
from dataclasses import replace

from markdown_it.token import Token

from coursekit.lessons import rules
from coursekit.lessons.context import ParseContext
from coursekit.lessons.exceptions import read_output
from coursekit.lessons.frameworks import FrameworkTracker
from coursekit.lessons.model import (
    Block,
    Code,
    Directive,
    Framework,
    FrameworkMarker,
    Heading,
    Output,
    OutputKind,
    Prose,
)

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


class OutputAttachment:
    """The blocks of a lesson as they are added, with what attaching outputs reads: the
    code an output would belong to, the code each framework branch ends in, the prose
    since the last output, and the directives waiting for their code."""

    blocks: list[Block]
    _context: ParseContext
    _frameworks: FrameworkTracker
    _code_at: int | None
    _branch_code: list[int]
    _after_block: tuple[int, ...]
    _prose_since_output: Prose | None
    _pending: list[Directive]

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
        why = ("a heading, a code fence or a framework marker comes between it and the "
               "code before it" if any(isinstance(b, Code) for b in self.blocks)
               else "no code fence comes before it")
        self._context.report(
            rules.ORPHAN_OUTPUT, line - 1,
            f"output fence `{token.info}` belongs to no code fence: {why}",
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
