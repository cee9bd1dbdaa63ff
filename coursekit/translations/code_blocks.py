"""Code blocks of a translated lesson against the source's: presence, drift,
syntax, outputs, and names the translation reads but never binds."""

from __future__ import annotations

import difflib
import functools
import hashlib
from collections.abc import Iterator, Sequence

from coursekit.diagnostics import Diagnostic
from coursekit.lessons.model import Code, CodeRole
from coursekit.lessons.python import BUILTIN_NAMES, error_in_file
from coursekit.translations.align import Pair
from coursekit.translations.block_match import copy_beside, same_block, twins, unclosed
from coursekit.translations.code_changes import (
    Change,
    Formatted,
    classify,
    code_rows,
    shell_words,
    short_diff,
)
from coursekit.translations.digest import Digest
from coursekit.translations.prose_places import ProsePlaces
from coursekit.translations.rules import (
    CODE_DRIFT,
    CODE_EXTRA,
    CODE_MISSING,
    CODE_VARIATION,
    OUTPUT_MISMATCH,
    SYNTAX_ERROR,
    UNDEFINED_NAME,
)


def digest_of(text: str) -> str:
    """A short content hash: fingerprints that survive line shifts."""
    return hashlib.sha1(text.encode("utf-8"), usedforsecurity=False).hexdigest()[:12]


def describe(code: Code) -> str:
    first = next((line.strip() for line in code.source.splitlines() if line.strip()), "")
    if len(first) > 60:
        first = first[:57] + "..."
    return f"```{code.info} block `{first}`" if first else f"empty ```{code.info} block"


def position_lines(pairs: Sequence[Pair]) -> list[int | None]:
    """For each pair, the translation line it belongs at: its own block's line, or for a
    block missing from the translation, the line of the translated block before it."""
    lines: list[int | None] = []
    last: int | None = None
    for pair in pairs:
        if pair.translation is not None:
            last = pair.translation.line
        lines.append(last)
    return lines


def _change(src: Code, tgt: Code, formatted: Formatted | None) -> Change:
    """How ``tgt`` differs from ``src``, as its block's role makes the change count."""
    change = classify(src.facts, tgt.facts, src.role is CodeRole.PYTHON, formatted)
    if change is Change.CODE and src.role is CodeRole.OTHER:
        # Shown, never run (a prompt, a transcript, a JSON answer, a template): its text
        # is translated as a string literal is.
        return Change.STRINGS
    if change is Change.CODE and src.role is CodeRole.SHELL and \
            shell_words(src.source) == shell_words(tgt.source):
        return Change.COMMENTS
    return change


def _drift(
    source: Digest, translation: Digest, src: Code, tgt: Code, ignored: frozenset[Change],
    formatted: Formatted | None = None,
) -> Iterator[Diagnostic]:
    if src.role is CodeRole.PYTHON and src.facts.tree is None and tgt.facts.tree is None:
        # Neither parses: text in a Python fence (a chat transcript, pseudo-code), which
        # a translation translates; it runs in neither language.
        return
    change = _change(src, tgt, formatted)
    if change is Change.IDENTICAL or (change is not Change.CODE and change in ignored):
        return  # no change, or one the course does not report: no diff to make
    if unclosed(translation, tgt) and not unclosed(source, src):
        return  # the lesson's unclosed fence (LES103) took in what follows: reported there
    where = f"{source.path}:{src.line}"
    diff = short_diff(src.source, tgt.source, first=functools.partial(
        code_rows, src.source, tgt.source) if change is Change.CODE else None)
    fingerprint = f"{digest_of(src.source)}:{digest_of(tgt.source)}"
    if change is Change.CODE and src.role is CodeRole.PYTHON:
        broken = _broken_translation(translation, src, tgt, where, diff, fingerprint)
        if broken is not None:
            yield broken
            return
    if change is Change.CODE:
        yield CODE_DRIFT.at(
            translation.path, tgt.line,
            f"code differs from the source block {where}:\n{diff}",
            hint="translate comments and strings only; keep the code of the source lesson",
            fingerprint=fingerprint,
        )
    elif change is Change.FORMATTING and change not in ignored:
        yield CODE_VARIATION.at(
            translation.path, tgt.line,
            f"code is formatted differently from the source block {where}, and is the "
            "same once both are formatted",
            hint="`coursekit fix lessons` formats both the same way",
            fingerprint=fingerprint, diff=diff,
        )
    elif change not in ignored:
        yield CODE_VARIATION.at(
            translation.path, tgt.line,
            f"{change.value} differ from the source block {where}:\n{diff}",
            fingerprint=fingerprint,
        )


def _broken_translation(
    translation: Digest, src: Code, tgt: Code, where: str, diff: str, fingerprint: str,
) -> Diagnostic | None:
    """The syntax error of a translated block whose source block parses."""
    error = tgt.facts.error
    # A block that swallowed a fence opener is the lesson's unclosed fence (LES103),
    # reported there once; its syntax error is only the consequence.
    swallowed = any(line.lstrip().startswith("```") for line in tgt.source.splitlines())
    if src.facts.error is not None or error is None or swallowed:
        return None
    line = tgt.line + error.lineno if error.lineno else tgt.line
    text = (error.text or "").strip()
    quoted = f": `{text}`" if text else ""
    if error.lineno:  # the change at the line that does not parse first: the likely cause
        diff = short_diff(src.source, tgt.source, near=error.lineno)
    return SYNTAX_ERROR.at(
        translation.path, line,
        f"SyntaxError: {error_in_file(error, tgt.line)}{quoted}; the source block {where} "
        "parses",
        hint=f"changes against the source, the one at that line first:\n{diff}",
        fingerprint=fingerprint,
    )


def _outputs(source: Digest, translation: Digest, src: Code, tgt: Code) -> Iterator[Diagnostic]:
    if len(src.outputs) == len(tgt.outputs):
        return
    yield OUTPUT_MISMATCH.at(
        translation.path, tgt.outputs[0].line if tgt.outputs else tgt.line,
        f"{describe(tgt)} shows {len(tgt.outputs)} output block(s); the source block "
        f"{source.path}:{src.line} shows {len(src.outputs)}",
        fingerprint=f"{digest_of(src.source)}:{len(src.outputs)}:{len(tgt.outputs)}",
    )


def compare(
    source: Digest, translation: Digest, pairs: Sequence[Pair], ignored: frozenset[Change],
    formatted: Formatted | None = None,
) -> Iterator[Diagnostic]:
    gap: list[tuple[Pair, int | None]] = []
    unplaced: tuple[list[tuple[Code, int | None]], list[Code]] = ([], [])
    for pair, line in zip(pairs, position_lines(pairs), strict=True):
        src, tgt = pair.source, pair.translation
        if src is not None and tgt is not None:
            yield from _gap(source, translation, gap, ignored, formatted, unplaced)
            gap = []
            yield from _drift(source, translation, src, tgt, ignored, formatted)
            yield from _outputs(source, translation, src, tgt)
        else:
            gap.append((pair, line))
    yield from _gap(source, translation, gap, ignored, formatted, unplaced)
    paired = [(p.source, p.translation) for p in pairs
              if p.source is not None and p.translation is not None]
    yield from _missing_and_extra(source, translation, *unplaced, paired)


def _gap(
    source: Digest, translation: Digest, gap: list[tuple[Pair, int | None]],
    ignored: frozenset[Change], formatted: Formatted | None,
    unplaced: tuple[list[tuple[Code, int | None]], list[Code]],
) -> Iterator[Diagnostic]:
    """The blocks left unpaired between two paired ones. A source block and a
    translation block of the same kind, in the same place, are one block the
    translation changed: translated text in a plain fence is no finding, changed
    Python is drift; what remains joins ``unplaced`` (missing, extra)."""
    missing = [(p.source, line) for p, line in gap if p.source is not None]
    extra = [p.translation for p, _ in gap if p.translation is not None]
    found = twins([src for src, _ in missing], extra)
    for src, line in missing:
        paired = found.get(id(src))
        if paired is not None:
            extra.remove(paired)
            if src.role is CodeRole.PYTHON:
                yield from _drift(source, translation, src, paired, ignored, formatted)
            continue
        unplaced[0].append((src, line))
    unplaced[1].extend(extra)


def _missing_and_extra(
    source: Digest, translation: Digest, missing: list[tuple[Code, int | None]],
    extra: list[Code], paired: Sequence[tuple[Code, Code]],
) -> Iterator[Diagnostic]:
    """Blocks of the source the translation lacks, and blocks it has that the source
    lacks; a source block whose code the translation has elsewhere, or in another
    fence, is one finding that says where. A missing block with no translated block
    before it is placed by the prose around it; a block shown twice, as the source has
    it and translated (:func:`copy_beside`), is none extra."""
    places = ProsePlaces(source.lesson, translation.lesson) \
        if any(line is None for _, line in missing) else None
    for src, line in missing:
        if line is None and places is not None:
            line = places.line_of(src.line)
        where = f"the source's {describe(src)} ({source.path}:{src.line})"
        moved = next((t for t in extra if same_block(src, t)), None)
        if moved is not None:
            extra.remove(moved)
            if moved.info != src.info:
                runs = "" if (moved.role is CodeRole.PYTHON) is (src.role is CodeRole.PYTHON) \
                    else (": its code does not run" if src.role is CodeRole.PYTHON
                          else ": it runs here")
                what = f"is a ```{moved.info} block here (line {moved.line}){runs}"
            else:
                what = f"is at line {moved.line} here, in another order than in the source"
            yield CODE_MISSING.at(translation.path, moved.line, f"{where} {what}",
                                  fingerprint=digest_of(src.source))
            continue
        after = f" (after line {line})" if line is not None else ""
        yield CODE_MISSING.at(translation.path, line, f"{where} is missing{after}",
                              fingerprint=digest_of(src.source))
    for tgt in extra:
        if unclosed(translation, tgt) or copy_beside(tgt, translation, paired):
            continue
        yield CODE_EXTRA.at(
            translation.path, tgt.line,
            f"{describe(tgt)} has no counterpart in the source {source.path}",
            fingerprint=digest_of(tgt.source),
        )


def same_code(pairs: Sequence[Pair]) -> bool:
    """Every block paired, none with code changes: the lessons bind and read the same names."""
    return all(
        p.source is not None and p.translation is not None
        and classify(p.source.facts, p.translation.facts,
                     p.source.role is CodeRole.PYTHON) is not Change.CODE
        for p in pairs
    )


def _code_line(lesson: Digest, line: int) -> str | None:
    """The code at ``line`` of the lesson file, stripped and cut short, for a finding to
    quote; ``None`` where no code block holds the line."""
    for block in lesson.code:
        lines = block.source.splitlines()
        if block.line < line <= block.line + len(lines):
            text = lines[line - block.line - 1].strip()
            return text if len(text) <= 80 else text[:79] + "…"
    return None


def undefined_names(
    source: Digest, translation: Digest, pairs: Sequence[Pair]
) -> Iterator[Diagnostic]:
    """Names the translation reads and never binds, where the source lesson binds them or
    never reads them (a name the source reads unbound too is the source's defect)."""
    if same_code(pairs):
        return
    tgt = translation.names
    if tgt.star_import:
        return
    # A rename binds a name the source does not: one it binds too is no new name for this one.
    own = [name for name in tgt.defined if name not in source.names.defined]
    for name, line in tgt.first_use.items():
        if name in tgt.defined or name in tgt.unparsed or name in BUILTIN_NAMES:
            continue
        defined_at = source.names.defined.get(name)
        if defined_at is None and name in source.names.first_use:
            continue  # the source uses it undefined too: the source's defect, not this one's
        close = difflib.get_close_matches(name, own, n=1)
        hint = (f"this lesson defines `{close[0]}`: renamed?" if close else
                f"define `{name}` as the source does ({source.path}:{defined_at})"
                if defined_at is not None else "use what the source's code uses there")
        used = _code_line(translation, line)
        yield UNDEFINED_NAME.at(
            translation.path, line,
            f"`{name}` is used but never defined in this lesson (NameError when run)"
            f"{f': `{used}`' if used else ''}; " + (
                f"the source defines it at {source.path}:{defined_at}" if defined_at is not None
                else "the source neither defines nor uses it"),
            hint=hint,
            fingerprint=name,
        )
