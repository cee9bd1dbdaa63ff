"""Framework groups new in the source: ``{#if fw === 'pt'} ... {:else} ... {/if}``
around code fences none of which the translation has. A block of such a group has no
neighbour of its own group in the translation, so it has no place alone; the group goes
in whole (its markers, its fences and their outputs) where a block for every framework
would go. Prose inside the group is the translator's to write: such a group is
reported, not written."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass

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
    Prose,
)
from coursekit.translations.digest import Digest
from coursekit.translations.placement import Place, Span, place_span

Copied = Code | Output | FrameworkMarker | Directive
"""What of a new group is copied into the translation."""


@dataclass(frozen=True, slots=True)
class NewGroup:
    """A framework group of the source whose every code block is new to the
    translation."""

    start: FrameworkMarker
    """Its ``{#if ...}``."""
    blocks: tuple[Copied, ...]
    """Its markers, code fences, output fences and directives, in order."""
    code: tuple[Code, ...]
    prose: Block | None = None
    """The first prose inside it (which cannot be written): None where it has none."""

    def span(self, source: Digest) -> Span:
        """Where it stands in the source, as one block for every framework."""
        return Span(self.start.line, self.blocks[-1].line, Framework.BOTH,
                    source.code.index(self.code[0]), source.code.index(self.code[-1]))


def _groups(markers: tuple[FrameworkMarker, ...]) -> Iterator[tuple[FrameworkMarker, int]]:
    """Each outermost ``{#if}`` with the line of its ``{/if}``."""
    depth, start = 0, None
    for marker in markers:
        if marker.marker == "if":
            depth += 1
            if depth == 1:
                start = marker
        elif marker.marker == "end" and depth:
            depth -= 1
            if depth == 0 and start is not None:
                yield start, marker.line


def new_groups(source: Digest, new: Collection[int]) -> list[NewGroup]:
    """The outermost framework groups of ``source`` whose code blocks are all ``new``
    (by ``id``: new to the translation, and moved from nowhere), none in a blockquote."""
    found: list[NewGroup] = []
    for start, end in _groups(source.markers):
        code = [c for c in source.code if start.line < c.line < end]
        if not code or any(id(c) not in new or c.in_blockquote for c in code):
            continue
        end = max([end, *(o.line for c in code for o in c.outputs)])  # a shared output
        inside = [b for b in source.lesson.blocks if start.line <= b.line <= end]
        prose = next((b for b in inside if isinstance(b, Prose | Admonition | Component
                                                      | Heading)), None)
        found.append(NewGroup(start, tuple(b for b in inside if isinstance(
            b, Code | Output | FrameworkMarker | Directive)), tuple(code), prose))
    return found


def placed_groups(groups: list[NewGroup], source: Digest, translation: Digest,
                  in_translation: Mapping[int, Code]) -> Iterator[tuple[NewGroup, Place | None]]:
    """Each group with no prose inside it, and where it goes (None: no place)."""
    for group in groups:
        if group.prose is None:
            yield group, place_span(group.span(source), source, translation, in_translation)
