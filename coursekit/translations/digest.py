"""What the translation checks need from one lesson, derived once.

A source lesson is compared with every translation of it, so its digest is
computed once per run and shared.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from coursekit.lessons.model import (
    Admonition,
    Code,
    CodeRole,
    Component,
    FrameworkMarker,
    Heading,
    Lesson,
    Prose,
)
from coursekit.translations import links

QUIZ_COMPONENT = "Question"
_IDENTIFIER = re.compile(r"[^\W\d]\w*")
_IMAGE = re.compile(r"""!\[[^\]\n]*\]\(\s*<?([^)\s>]+)|<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)""")
"""An image's address in Markdown (``![alt](url)``) or HTML (``<img src="url">``)."""


@dataclass(frozen=True, slots=True)
class Located:
    """A value found in a lesson, with its line."""

    line: int
    value: str


@dataclass(frozen=True, slots=True)
class PageLink:
    """A link to a course page, with its line."""

    line: int
    """The line the link starts on."""
    value: str
    """The page, ``chapter3/4#anchor`` (:func:`coursekit.translations.links.course_target`)."""
    address: str | None
    """The course its address names (``audio-course``, ``course``), which may be another
    course; ``None`` for a link relative to the lesson."""


@dataclass(frozen=True, slots=True)
class LessonNames:
    """Names bound and read by all the Python code of a lesson, read as one script."""

    defined: dict[str, int] = field(default_factory=dict)
    """Name bound -> file line where it is first bound."""
    first_use: dict[str, int] = field(default_factory=dict)
    """Name read -> file line of its first read."""
    star_import: bool = False
    unparsed: frozenset[str] = frozenset()
    """Every identifier of the blocks that do not parse: any of them may be defined there."""


@dataclass(frozen=True)
class Digest:
    lesson: Lesson
    code: tuple[Code, ...]
    headings: tuple[Heading, ...]
    videos: tuple[Located, ...]
    markers: tuple[FrameworkMarker, ...]

    @cached_property
    def links(self) -> tuple[PageLink, ...]:
        """The course pages the prose links to; read on first use: an old version of a
        lesson that history reads for its substance never needs them."""
        lesson = self.lesson
        return tuple(
            PageLink(text_line(block) + line, target, address)
            for block in lesson.blocks if isinstance(block, Prose | Admonition)
            for target, address, line in links.course_pages(block.text, lesson.local)
        )

    @cached_property
    def names(self) -> LessonNames:
        """Computed on first use: most translations need no name analysis at all."""
        return _names(self.code)

    @cached_property
    def python_sources(self) -> tuple[str, ...]:
        return tuple(c.source for c in self.code if c.role is CodeRole.PYTHON)

    @cached_property
    def images(self) -> frozenset[str]:
        """The addresses of the images the lesson shows: a translation keeps them, and so
        does an older version of the same lesson."""
        found: set[str] = set()
        for block in self.lesson.blocks:
            if isinstance(block, Prose | Admonition) and ("img" in block.text or
                                                          "![" in block.text):
                found.update(a or b for a, b in _IMAGE.findall(block.text))
        return frozenset(found)

    @cached_property
    def prose(self) -> tuple[str, ...]:
        """The text a translator translates, in order: headings, paragraphs, admonitions
        and components, each with its runs of spaces and line breaks made one space and
        its link targets left out (a link moved to another page leaves the words as
        they were)."""
        return tuple(" ".join(links.without_targets(
            block.text if isinstance(block, Heading | Prose | Admonition) else block.raw
        ).split()) for block in self.lesson.blocks
            if isinstance(block, Heading | Prose | Admonition | Component))

    @property
    def path(self) -> str:
        return self.lesson.path

    @cached_property
    def kind(self) -> str:
        """``quiz`` for a chapter quiz, else ``lesson``: as for the lesson model, a quiz
        asks ``<Question>``s and has no runnable code; a lesson that ends with an
        inline section quiz is a lesson."""
        if any(c.role is CodeRole.PYTHON for c in self.code):  # the lesson's runnable code
            return "lesson"
        quiz = any(c.name == QUIZ_COMPONENT for c in self.lesson.components())
        return "quiz" if quiz else "lesson"

    def first_line(self) -> int | None:
        return self.lesson.blocks[0].line if self.lesson.blocks else None


def text_line(block: Prose | Admonition) -> int:
    """The line the block's text starts on: an admonition's is past its tag."""
    return block.text_line or block.line if isinstance(block, Admonition) else block.line


def _names(code: Sequence[Code]) -> LessonNames:
    defined: dict[str, int] = {}
    first_use: dict[str, int] = {}
    unparsed: set[str] = set()
    star = False
    for block in code:
        if block.role is not CodeRole.PYTHON:
            continue
        if block.facts.tree is None:
            unparsed.update(_IDENTIFIER.findall(block.source))
            continue
        found = block.facts.names
        star = star or found.star_import
        for name, line in found.defined:
            defined.setdefault(name, block.line + line)
        for name, line in found.used:
            first_use.setdefault(name, block.line + line)
    return LessonNames(defined, first_use, star, frozenset(unparsed))


def digest(lesson: Lesson) -> Digest:
    code: list[Code] = []
    headings: list[Heading] = []
    videos: list[Located] = []
    markers: list[FrameworkMarker] = []
    for block in lesson.blocks:
        if isinstance(block, Code):
            code.append(block)
        elif isinstance(block, Heading):
            headings.append(block)
        elif isinstance(block, FrameworkMarker):
            markers.append(block)
        elif isinstance(block, Component) and block.name == "Youtube":
            videos.append(Located(block.line, block.attrs.get("id", "").strip("\"'{}")))
    return Digest(
        lesson=lesson,
        code=tuple(code),
        headings=tuple(headings),
        videos=tuple(videos),
        markers=tuple(markers),
    )
