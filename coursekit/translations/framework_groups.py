"""The framework blocks (``{#if fw === ...}`` ... ``{/if}``) of a translated lesson
against its source's (``TRN105``).

The finding names where the translation first departs from its source's blocks. The
blocks' frameworks alone cannot say it: a translation that lost the markers of its
first ``pt/tf`` block and keeps two more reads ``pt/tf, pt/tf, tf`` against
``pt/tf, pt/tf, pt/tf, tf``, which differ only from the third block on. What each
block holds does say it: a code block or video of the translation that stands in
another framework than its counterpart in the source shows the block whose markers it
lacks (or has in excess).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from coursekit.diagnostics import Diagnostic, Severity
from coursekit.lessons.model import Code, Component, FrameworkMarker, Lesson
from coursekit.translations.align import align
from coursekit.translations.block_match import twins
from coursekit.translations.digest import Digest
from coursekit.translations.rules import FRAMEWORK_STRUCTURE


def _framework_blocks(markers: Sequence[FrameworkMarker]) -> list[str]:
    """``['pt/tf', 'tf']``: the frameworks of each ``{#if}`` ... ``{/if}`` block, in order."""
    blocks: list[list[str]] = []
    for marker in markers:
        if marker.marker == "if" or not blocks:
            blocks.append([])
        if marker.marker in ("if", "else"):
            blocks[-1].append(marker.framework.value)
    return ["/".join(b) for b in blocks]


def _videos(lesson: Lesson) -> dict[str, list[Component]]:
    """The lesson's ``<Youtube>`` components by id, in order."""
    found: dict[str, list[Component]] = {}
    for block in lesson.blocks:
        if isinstance(block, Component) and block.name == "Youtube":
            found.setdefault(block.attrs.get("id", "").strip("\"'{}"), []).append(block)
    return found


def _twins(missing: list[Code], extra: list[Code]) -> list[tuple[Code, Code]]:
    """The blocks left unaligned between two aligned pairs that are one block, as the
    code checks take them (:func:`~coursekit.translations.block_match.twins`)."""
    found = twins(missing, extra)
    return [(ours, found[id(ours)]) for ours in missing if id(ours) in found]


def _counterparts(source: Digest, translation: Digest
                  ) -> Iterator[tuple[Code | Component, Code | Component]]:
    """The blocks both lessons hold, each with the translation's: code blocks as the
    code checks pair them (a block in another framework aligns with none, and is the
    twin of one in its place), videos by id (the first with the first)."""
    gap: tuple[list[Code], list[Code]] = ([], [])
    for pair in align(source.code, translation.code):
        if pair.source is not None and pair.translation is not None:
            yield from _twins(*gap)
            gap = ([], [])
            yield pair.source, pair.translation
        elif pair.source is not None:
            gap[0].append(pair.source)
        elif pair.translation is not None:
            gap[1].append(pair.translation)
    yield from _twins(*gap)
    theirs = _videos(translation.lesson)
    for video, ours in _videos(source.lesson).items():
        yield from zip(ours, theirs.get(video, ()), strict=False)


def _block_at(markers: Sequence[FrameworkMarker], line: int) -> int:
    """The index of the framework block that holds ``line``, else of the first after it."""
    count = depth = 0
    for marker in markers:
        if marker.line >= line:
            break
        if marker.marker == "if":
            count, depth = count + 1, depth + 1
        elif marker.marker == "end":
            depth = max(depth - 1, 0)
    return count - 1 if depth else count


def _departure(source: Digest, translation: Digest) -> tuple[int, int | None]:
    """Where the translation first departs from the source's framework blocks: the index
    of the source's block, and the translation's line (None where it has no line to
    name: a block it lacks at its end, with nothing of it left)."""
    src, tgt = _framework_blocks(source.markers), _framework_blocks(translation.markers)
    pairs = enumerate(zip(src, tgt, strict=False))
    differ = next((i for i, (a, b) in pairs if a != b), min(len(src), len(tgt)))
    if_markers = [m for m in translation.markers if m.marker == "if"]
    line = if_markers[differ].line if differ < len(if_markers) else None
    moved = min(((theirs.line, ours.line) for ours, theirs in _counterparts(source, translation)
                 if ours.framework is not theirs.framework), default=None)
    if moved is not None and (line is None or moved[0] < line):
        return _block_at(source.markers, moved[1]), moved[0]
    return differ, line


def framework_blocks(source: Digest, translation: Digest) -> Iterator[Diagnostic]:
    """One finding where the translation's framework blocks differ from the source's."""
    src, tgt = _framework_blocks(source.markers), _framework_blocks(translation.markers)
    if src == tgt:
        return
    block, line = _departure(source, translation)
    opening = [m.line for m in source.markers if m.marker == "if"]
    there = f" (line {opening[block]} there)" if block < len(opening) else ""
    shown_src = ", ".join(src) or "none"
    shown_tgt = ", ".join(tgt) or "none"
    kept = _holds_in_order(tgt, src)
    yield FRAMEWORK_STRUCTURE.at(
        translation.path, line,
        f"framework blocks [{shown_tgt}] differ from those of {source.path} [{shown_src}] "
        f"from block {block + 1} on{there}" + (
            "; the translation keeps every block of the source, with more of its own (an "
            "older version's?)" if kept else ""),
        hint="keep the source's {#if fw === ...} / {:else} / {/if} blocks",
        fingerprint=f"{shown_src}|{shown_tgt}",
        # Blocks the source dropped split the translation's text between its notebooks as
        # they once did: each notebook builds, nothing is lost. A block or branch the
        # translation lacks sends one framework's code to the other's notebook, or drops it.
        severity=Severity.WARNING if kept else None,
    )


def _holds_in_order(longer: Sequence[str], shorter: Sequence[str]) -> bool:
    """Whether ``shorter`` is ``longer`` with some items left out."""
    items = iter(longer)
    return all(any(item == wanted for item in items) for wanted in shorter)
