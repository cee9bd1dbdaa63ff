"""``parse_lesson``: one lesson source, as text or bytes, into a :class:`Lesson`."""

from __future__ import annotations

from collections.abc import Sequence

from markdown_it.token import Token

from coursekit.diagnostics import sorted_diagnostics
from coursekit.lessons import rules
from coursekit.lessons.block_builder import BlockBuilder
from coursekit.lessons.context import ParseContext
from coursekit.lessons.frameworks import report_dead_branches
from coursekit.lessons.markdown import MAX_NESTING, lesson_markdown
from coursekit.lessons.model import Block, Framework, Heading, Lesson
from coursekit.lessons.python import CodeFactsTable
from coursekit.lessons.tabs import OptionTab
from coursekit.wide_text import wide_encoding

_BOM = b"\xef\xbb\xbf"


def decode(data: bytes, context: ParseContext) -> str:
    """UTF-8 text of ``data``; invalid bytes become U+FFFD and are reported once, as is a
    NUL byte (NUL is valid UTF-8, but no text file holds it, and markdown-it reads it as
    U+FFFD), saying UTF-16 where the NULs are those of UTF-16 without its mark."""
    try:  # what decoding as "utf-8-sig" does, without its codec's Python-level wrapper
        text = (data[3:] if data.startswith(_BOM) else data).decode("utf-8")
    except UnicodeDecodeError as exc:
        wide = wide_encoding(data)
        line = 0 if wide is not None else data.count(b"\n", 0, exc.start)
        bad = data[exc.start : exc.end].hex(" ")
        context.report(
            rules.INVALID_UTF8, line,
            (f"{wide}, not UTF-8" if wide is not None else
             f"invalid UTF-8 at byte offset {exc.start} (bytes {bad})")
            + "; read with replacement characters",
            hint="re-save the file as UTF-8",
        )
        return data.decode("utf-8", errors="replace").removeprefix("\ufeff")
    if "\0" in text:
        at = data.index(b"\0")
        wide = wide_encoding(data)
        said = (f"{wide}, not UTF-8" if wide is not None else
                f"NUL byte at byte offset {at}, which no UTF-8 text holds")
        context.report(rules.INVALID_UTF8, data.count(b"\n", 0, at),
                       f"{said}; read with replacement characters",
                       hint="re-save the file as UTF-8")
    return text


def normalise(text: str) -> str:
    """Line endings and NULs as markdown-it normalises them, so token lines match ours."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.replace("\0", "\ufffd").removeprefix("\ufeff")


def _report_depth(tokens: Sequence[Token], context: ParseContext) -> None:
    """markdown-it drops what is nested past its limit: say so, once."""
    if len(tokens) < MAX_NESTING:
        return  # a token that deep comes after the opening tokens of all its containers
    for token in tokens:
        if token.nesting == 1 and token.level >= MAX_NESTING - 1:
            line = token.map[0] if token.map else None
            context.report(rules.TOO_DEEP, line,
                           f"quotes, lists or components nested more than {MAX_NESTING} "
                           "levels deep: the text inside is not read",
                           hint="flatten the nesting")
            return


def parse_lesson(
    text: str | bytes,
    *,
    path: str,
    language: str,
    chapter: int | None = None,
    section: str = "",
    framework: Framework = Framework.BOTH,
    folder: str = "",
    facts: CodeFactsTable | None = None,
) -> Lesson:
    """Parse one lesson source; what cannot be read is reported in ``Lesson.diagnostics``.

    ``facts``: the run's table that gives code blocks the facts of their text, shared
    with the other lessons read in the same run."""
    context = ParseContext(path=path)
    source = normalise(decode(text, context) if isinstance(text, bytes) else text)
    blocks: list[Block] = []
    tabs: tuple[OptionTab, ...] = ()
    empty = not source or source.isspace()
    if empty:
        context.report(rules.EMPTY_LESSON, None, "the lesson is empty")
    else:
        context.lines = source.split("\n")
        tokens = lesson_markdown().parse(source, context.env())
        _report_depth(tokens, context)
        builder = BlockBuilder(context.lines, context, facts)
        blocks = builder.build(tokens)
        tabs = builder.tabs
        report_dead_branches(blocks, framework, context)
    title = next((b.text for b in blocks if isinstance(b, Heading) and b.level == 1), None)
    if title is None and not empty:
        context.report(rules.MISSING_TITLE, None, "no level-1 heading (`# Title`) in the lesson",
                       hint="start the lesson with `# Title`")
    return Lesson(
        path=path,
        language=language,
        chapter=chapter,
        section=section,
        title=title,
        blocks=tuple(blocks),
        framework=framework,
        diagnostics=tuple(sorted_diagnostics(context.diagnostics)),
        folder=folder,
        tabs=tabs,
    )
