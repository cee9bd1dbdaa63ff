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

from collections import Counter

from coursekit.lessons.model import Code, CodeRole, Component, Heading, Lesson

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
