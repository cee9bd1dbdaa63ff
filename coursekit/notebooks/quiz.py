"""Quiz pages: lessons whose code only serves the questions of a quiz.

A quiz shows snippets as answer choices (``A.``, ``B.``...), some wrong on purpose; a
notebook of them runs nothing a learner needs. A page is a quiz when every Python
code block sits in a section (the text between two headings) that asks a
``<Question>``, and one of those sections offers two code blocks or more, as choices
do. A quiz asks its questions under headings of their own, each after its choices, so
code in the lesson's opening section (before its first sub-heading) or after a
question of its section is the lesson's. A lesson with runnable code that ends in an
inline quiz is no quiz page: its code sections ask nothing, one snippet is followed by
a check question, its code opens the lesson, or it goes on after the question.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from coursekit.lessons.model import Block, Code, CodeRole, Component, Heading, Lesson, Prose

QUESTION = "Question"


def is_quiz_page(lesson: Lesson) -> bool:
    """Whether every Python code block of ``lesson`` is in a section with a question
    that follows it, none of them in the opening section."""
    code_sections: Counter[int] = Counter()
    question_sections: set[int] = set()
    section = 0
    opening = True  # before the first sub-heading: under the title, or no heading yet
    for block in lesson.blocks:
        if isinstance(block, Heading):
            section += 1
            opening = opening and block.level <= 1
        elif isinstance(block, Component) and block.name == QUESTION:
            question_sections.add(section)
        elif isinstance(block, Code) and block.role is CodeRole.PYTHON:
            if opening or section in question_sections:
                return False
            code_sections[section] += 1
    return (set(code_sections) <= question_sections
            and any(count >= 2 for count in code_sections.values()))


_LABEL = re.compile(r"\(?\w\)?[.):：]?")
"""A choice's label alone in its paragraph: ``A.``, ``b)``, ``(c)``."""


def _labelled(lesson: Lesson, index: int) -> bool:
    before = lesson.blocks[index - 1] if index else None
    return isinstance(before, Prose) and bool(_LABEL.fullmatch(before.text.strip()))


def _choices(lesson: Lesson) -> set[int]:
    """Indexes of the Python code blocks that a section's ``<Question>`` offers as
    choices: two or more, each after its label (``A.``), before the question of a
    section after the opening one that has no code after its question (code there
    makes all of it the lesson's, as for :func:`is_quiz_page`)."""
    sections: list[list[int]] = [[]]
    asks: list[bool | None] = [False]  # None: not a quiz's section
    opening = True
    for index, block in enumerate(lesson.blocks):
        if isinstance(block, Heading):
            opening = opening and block.level <= 1
            sections.append([])
            asks.append(False)
        elif isinstance(block, Component) and block.name == QUESTION:
            if not opening and len(sections[-1]) >= 2 and asks[-1] is False:
                asks[-1] = True
        elif isinstance(block, Code) and block.role is CodeRole.PYTHON and not opening:
            if asks[-1] or not _labelled(lesson, index):
                asks[-1] = None
            sections[-1].append(index)
    return {index for blocks, asked in zip(sections, asks, strict=True) if asked
            for index in blocks}


def without_choices(lesson: Lesson) -> Lesson:
    """``lesson`` with the code its inline quizzes offer as choices shown, not run: a
    wrong choice would fail the notebook, and the right one repeats the lesson."""
    choices = _choices(lesson)
    if not choices:
        return lesson
    blocks: list[Block] = [
        replace(block, language="text") if index in choices and isinstance(block, Code)
        else block
        for index, block in enumerate(lesson.blocks)
    ]
    return replace(lesson, blocks=tuple(blocks))
