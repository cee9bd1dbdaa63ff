"""Documented errors: every exception the source lesson shows, the translation shows
at the same code block, with the same name and message (messages are not translated)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from coursekit.diagnostics import Diagnostic
from coursekit.lessons.model import Code, DocumentedException
from coursekit.translations.align import Pair
from coursekit.translations.code_blocks import describe, digest_of, position_lines
from coursekit.translations.digest import Digest
from coursekit.translations.rules import ERROR_CHANGED, ERROR_EXTRA, ERROR_MISSING

_ADDRESS = re.compile(r"0x[0-9a-fA-F]+")


def _shown(exc: DocumentedException) -> str:
    return f"`{exc.name}: {exc.message}`" if exc.message else f"`{exc.name}`"


def _same_message(a: str, b: str) -> bool:
    """Equal up to whitespace and memory addresses, which change from run to run."""
    def norm(text: str) -> str:
        return " ".join(_ADDRESS.sub("0x?", text).split())

    return norm(a) == norm(b)


def expected_error(code: Code | None) -> DocumentedException | None:
    """The error a block documents: in its output, or else in an ``expect-error`` directive."""
    if code is None:
        return None
    if code.documented_exception is not None:
        return code.documented_exception
    for directive in code.directives:
        if directive.kind == "expect-error" and directive.args.get("name"):
            return DocumentedException(
                directive.args["name"], directive.args.get("message", ""), directive.line
            )
    return None


def compare(source: Digest, translation: Digest, pairs: Sequence[Pair]) -> Iterator[Diagnostic]:
    missing: list[tuple[Pair, int | None, DocumentedException]] = []
    extra: list[tuple[Pair, DocumentedException]] = []
    for pair, line in zip(pairs, position_lines(pairs), strict=True):
        src = expected_error(pair.source)
        tgt = expected_error(pair.translation)
        if src is not None and tgt is None:
            missing.append((pair, line, src))
        elif tgt is not None and src is None:
            extra.append((pair, tgt))
        elif src is not None and tgt is not None:
            yield from _changed(source, translation, src, tgt)
    yield from _unpaired(source, translation, missing, extra)


def _changed(
    source: Digest, translation: Digest, src: DocumentedException, tgt: DocumentedException,
) -> Iterator[Diagnostic]:
    if src.short_name == tgt.short_name and _same_message(src.message, tgt.message):
        return
    yield ERROR_CHANGED.at(
        translation.path, tgt.line,
        f"documents {_shown(tgt)}; the source {source.path}:{src.line} documents "
        f"{_shown(src)}",
        hint="exception names and messages stay as the code prints them",
        fingerprint=f"{src.short_name}:{tgt.short_name}:{digest_of(tgt.message)}",
    )


def _unpaired(
    source: Digest, translation: Digest,
    missing: list[tuple[Pair, int | None, DocumentedException]],
    extra: list[tuple[Pair, DocumentedException]],
) -> Iterator[Diagnostic]:
    """Errors documented on one side only. The block that shows an error is often the
    one the translation changed, so it pairs with nothing: the same error unpaired on
    both sides is one documented error (its block is TRN107/TRN108's), compared as a
    pair, never reported missing and extra at once."""
    left = list(extra)
    for pair, line, src in missing:
        twin = next((e for e in left if e[1].short_name == src.short_name), None)
        if twin is not None:
            left.remove(twin)
            yield from _changed(source, translation, src, twin[1])
            continue
        assert pair.source is not None
        block = pair.translation
        what = f"its block {describe(block)}" if block else "the translation"
        yield ERROR_MISSING.at(
            translation.path, block.line if block else line,
            f"the source documents {_shown(src)} ({source.path}:{src.line}); "
            f"{what} shows no error",
            hint="copy the source's output block, message untranslated",
            fingerprint=f"{src.short_name}:{digest_of(pair.source.source)}",
        )
    for pair, tgt in left:
        assert pair.translation is not None
        where = (
            f"the source block {source.path}:{pair.source.line} shows none"
            if pair.source else f"the source {source.path} has no such block"
        )
        yield ERROR_EXTRA.at(
            translation.path, tgt.line,
            f"documents {_shown(tgt)}; {where}",
            fingerprint=f"{tgt.short_name}:{digest_of(pair.translation.source)}",
        )
