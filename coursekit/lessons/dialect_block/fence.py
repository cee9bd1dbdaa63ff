"""Code fences, read as CommonMark reads them.

A fence opens with three or more backticks or tildes (a backtick fence's info
string holds no backtick) and closes at the first line, inside its container,
of the same character, at least as long, with nothing but spaces after it and
indented less than four columns (or no more than the opening line, since MDX
lets an opening fence be indented by any amount). Anything else is content, so a
```` ```python ```` line inside a ```` ``` ```` fence stays code. An unclosed
fence runs to the end of its container.

What CommonMark reads as content but an author likely meant as structure is
reported at the line where the fence opened: a line inside the fence that looks
like the opening of another fence, when the fence is Python (whose code holds no
such line) or runs over a paragraph break before it (prose and code swallowed by
a stray fence line), and a line starting with the closing marker with other text
after it, which does not close the fence. A plain fence that shows a literal
```` ```python ```` line to its readers and closes after it is content and nothing
else: the page and the notebook read it as written.
"""

from __future__ import annotations

from dataclasses import dataclass

from markdown_it.rules_block import StateBlock

from coursekit.lessons import rules
from coursekit.lessons.context import context_of
from coursekit.lessons.dialect_block.lines import is_outdented
from coursekit.lessons.fences import read_info

FENCE_LANGUAGES = frozenset({
    "py", "py:", "python", "python:", "python3", "py3", "ipython", "pycon",
    "bash", "sh", "shell", "zsh", "console", "out", "output",
    "text", "txt", "plain", "plaintext", "diff", "json", "yaml", "yml", "toml", "ini",
    "js", "javascript", "ts", "typescript", "html", "css", "md", "markdown", "mdx",
    "sql", "c", "cpp", "rust", "go", "java", "latex", "tex", "csv", "xml",
})
"""Info words that mark a fence line with text after it as the opening of a new fence."""

def _opening(state: StateBlock, line: int) -> tuple[str, int, str] | None:
    """The marker character, marker length and info string of a fence opening line."""
    pos = state.bMarks[line] + state.tShift[line]
    end = state.eMarks[line]
    if pos + 3 > end or state.src[pos] not in "`~":
        return None
    marker = state.src[pos]
    after = state.skipCharsStr(pos, marker)
    if after - pos < 3:
        return None
    info = state.src[after:end].strip()
    if marker == "`" and "`" in info:
        return None
    return marker, after - pos, info


def _looks_like_info(tail: str) -> bool:
    words = tail.split()
    return bool(words) and len(words) <= 3 and words[0].lower() in FENCE_LANGUAGES


def _is_python_code(info: str) -> bool:
    read = read_info(info)
    return read.language == "python" and not read.is_output


def _indent_allows_closing(state: StateBlock, line: int, opener_indent: int) -> bool:
    indent = state.sCount[line] - state.blkIndent
    return indent < 4 or indent <= opener_indent


@dataclass(slots=True)
class _Body:
    """Where a fence's content ends, and the lines in it an author likely meant as
    structure."""

    line: int
    """The line the scan stopped at: the closing line, or the end of the container."""
    closed_at: int | None = None
    suspect: tuple[int, str] | None = None
    """The first line that starts with the closing marker but has text after it."""
    swallowed_prose: bool = False
    """A non-blank line after a blank one came before ``suspect``: a paragraph break."""
    blank_first: bool = False
    """The line after the opening one is blank: as after a closing line, not as code."""


def _scan_body(state: StateBlock, start: int, end: int, marker: str, length: int) -> _Body:
    """Read the lines after the opening line ``start`` up to the closing one."""
    opener_indent = state.sCount[start] - state.blkIndent
    body = _Body(start)
    after_blank = False
    line = start
    while True:
        line += 1
        if line >= end or is_outdented(state, line):
            break
        pos = state.bMarks[line] + state.tShift[line]
        eol = state.eMarks[line]
        if pos >= eol:
            after_blank = True
            body.blank_first |= line == start + 1
            continue
        if state.src[pos] == marker:
            after = state.skipCharsStr(pos, marker)
            if after - pos >= length and _indent_allows_closing(state, line, opener_indent):
                tail = state.src[after:eol].strip()
                if not tail:
                    body.closed_at = line
                    break
                if body.suspect is None:
                    body.suspect = (line, tail)
                continue
        if after_blank and body.suspect is None:
            body.swallowed_prose = True
    body.line = line
    return body


def _report(
    state: StateBlock, start: int, marker: str, length: int, info: str, body: _Body,
) -> None:
    """Report a fence never closed, or one that holds a line meant to close or open one."""
    context = context_of(state.env)
    suspect, closed_at = body.suspect, body.closed_at
    shown = f"{marker * length}{info}"
    reopened = suspect is not None and _looks_like_info(suspect[1])
    holds_fence_line = reopened and (
        closed_at is None or body.swallowed_prose or _is_python_code(info))
    if suspect is not None and not reopened:
        at, tail = suspect
        context.report(
            rules.FENCE_CLOSED_WITH_TEXT, at,
            f"the line {marker * length}{tail[:60]} has text after the marker, so it does "
            f"not close the fence opened on line {start + 1}",
            hint="put the text after the closing fence on a line of its own",
        )
    if holds_fence_line:
        assert suspect is not None
        context.report(
            rules.UNCLOSED_FENCE, start,
            f"code fence {shown} holds the line {marker * length}{suspect[1]} "
            f"(line {suspect[0] + 1}), which is its content, not a new fence: its "
            "closing line is probably missing",
            hint=_unclosed_hint(marker * length, info, body),
        )
    elif closed_at is None:
        context.report(
            rules.UNCLOSED_FENCE, start, f"code fence {shown} is never closed",
            hint=_unclosed_hint(marker * length, info, body),
        )


def _unclosed_hint(fence: str, info: str, body: _Body) -> str:
    """What mends a fence left open: its closing line; for a bare fence line, which may
    be a stray closing line that opens a fence instead, deleting it too, first where a
    blank line follows it (as one follows a closing line, and code seldom starts)."""
    close = f"add a closing {fence} line where the code ends"
    if info.strip():
        return close
    delete = f"delete this line if it opens no code (a stray {fence})"
    if body.blank_first:
        return f"{delete}, as the blank line after it suggests; or {close}"
    return f"{close}, or {delete}"


def fence(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    opening = _opening(state, start)
    if opening is None:
        return False
    if silent:
        return True
    marker, length, info = opening
    body = _scan_body(state, start, end, marker, length)
    closed_at, line = body.closed_at, body.line
    state.line = closed_at + 1 if closed_at is not None else line
    _report(state, start, marker, length, info, body)
    token = state.push("fence", "code", 0)
    token.info = info
    token.markup = marker * length
    body_end = closed_at if closed_at is not None else line
    token.content = state.getLines(start + 1, body_end, state.sCount[start], True)
    token.map = [start, state.line]
    return True
