"""A page listed for one framework (``local_fw``) shows only that framework's branch of
a framework block: the other branch, when it holds something, is ``LES127``."""

from __future__ import annotations

import pytest

from coursekit.lessons.model import Framework
from coursekit.lessons.parse import parse_lesson
from tests.notebooks.sample_course import FRAMEWORKS

SPLIT = FRAMEWORKS
"""A lesson of both frameworks: a framework block, then code both share."""

EMPTY_ELSE = """# Training

{#if fw === 'tf'}

TensorFlow text.

{:else}
{/if}
"""


def _found(text: str, framework: Framework) -> list[tuple[str, int | None]]:
    lesson = parse_lesson(text, path="chapters/en/chapter1/2.mdx", language="en",
                          framework=framework)
    return [(d.rule, d.line) for d in lesson.diagnostics]


@pytest.mark.parametrize(("framework", "line"), [(Framework.PT, 11), (Framework.TF, 5)])
def test_the_other_frameworks_branch_of_a_split_page_is_reported(
        framework: Framework, line: int) -> None:
    assert _found(SPLIT, framework) == [("LES127", line)]


def test_a_page_of_both_frameworks_shows_both_branches() -> None:
    assert _found(SPLIT, Framework.BOTH) == []


def test_an_empty_branch_for_the_other_framework_loses_nothing() -> None:
    assert _found(EMPTY_ELSE, Framework.TF) == []
