"""Code fences, read leniently where lesson sources get them wrong.

Unlike CommonMark, a fence may be indented by any amount (MDX has no indented
code blocks), and a line that starts with the closing marker but carries text
after it ends the fence instead of being swallowed into it: either a new fence
opens there (the closing line was forgotten) or prose follows on that line.
Both are reported at the line where the fence opened.
"""

from __future__ import annotations

from markdown_it.rules_block import StateBlock

from coursekit.lessons import rules
from coursekit.lessons.context import context_of
from coursekit.lessons.rules_block.lines import is_outdented

FENCE_LANGUAGES = frozenset({
    "py", "py:", "python", "python:", "python3", "py3", "ipython", "pycon",
    "bash", "sh", "shell", "zsh", "console", "out", "output",
    "text", "txt", "plain", "plaintext", "diff", "json", "yaml", "yml", "toml", "ini",
    "js", "javascript", "ts", "typescript", "html", "css", "md", "markdown", "mdx",
    "sql", "c", "cpp", "rust", "go", "java", "latex", "tex", "csv", "xml",
})
"""Info words that mark a fence line with text after it as the opening of a new fence."""

_SCAN_LIMIT = 5000
"""Lines a fence may span; past it the fence counts as unclosed."""


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


def fence(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    opening = _opening(state, start)
    if opening is None:
        return False
    if silent:
        return True
    marker, length, info = opening
    context = context_of(state.env)
    closed_at: int | None = None
    tail = ""
    line = start
    limit = min(end, start + _SCAN_LIMIT)
    while True:
        line += 1
        if line >= limit or is_outdented(state, line):
            break
        pos = state.bMarks[line] + state.tShift[line]
        eol = state.eMarks[line]
        if pos >= eol or state.src[pos] != marker:
            continue
        after = state.skipCharsStr(pos, marker)
        if after - pos < length:
            continue
        closed_at = line
        tail = state.src[after:eol].strip()
        break

    reopen = bool(tail) and _looks_like_info(tail)
    if closed_at is None:
        state.line = line
        context.report(
            rules.UNCLOSED_FENCE, start,
            f"code fence `{marker * length}{info}` is never closed",
            hint=f"add a closing `{marker * length}` line where the code ends",
        )
    elif reopen:
        state.line = closed_at
        context.report(
            rules.UNCLOSED_FENCE, start,
            f"code fence `{marker * length}{info}` is not closed before the fence "
            f"`{marker * length}{tail}` on line {closed_at + 1}",
            hint=f"add a closing `{marker * length}` line where the code ends",
        )
    else:
        state.line = closed_at + 1
        if tail:
            context.report(
                rules.FENCE_CLOSED_WITH_TEXT, start,
                f"code fence is closed on line {closed_at + 1} by a line with text after "
                f"the marker: `{marker * length}{tail[:60]}`",
                hint="put the text after the closing fence on a line of its own",
            )

    token = state.push("fence", "code", 0)
    token.info = info
    token.markup = marker * length
    body_end = closed_at if closed_at is not None else line
    token.content = state.getLines(start + 1, body_end, state.sCount[start], True)
    token.map = [start, state.line]
    if tail and not reopen and closed_at is not None:
        prose = state.push("fence_tail", "", 0)
        prose.content = tail
        prose.map = [closed_at, closed_at + 1]
    return True
