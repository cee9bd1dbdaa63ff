"""The ``files`` pattern of each hook in ``.pre-commit-hooks.yaml``, read as pre-commit
reads it (``re.search`` on the path from the repository root): the same three course
layouts reach every hook that reads lessons."""

from __future__ import annotations

import re
from typing import Any

import pytest
import yaml

from .conftest import REPO

LAYOUTS = {
    "content": ("content/fr/chapter3/4.mdx", "content/fr/_toctree.yml"),
    "chapters": ("chapters/pt-BR/chapter1/introduction.mdx", "chapters/en/_toctree.yml"),
    "units": ("units/en/unit1/intro.mdx", "units/en/_toctree.yml"),
}
# What each lesson hook is given: `check lessons` reads toctrees; the fixes refuse them.
LESSON_HOOKS = {"coursekit-lessons": True, "coursekit-format": False, "coursekit-drift": False}
UNRELATED = ("src/app.py", "README.md", "docs/units.md", "notes/content.mdx.bak")


def _hooks() -> dict[str, dict[str, Any]]:
    hooks: list[dict[str, Any]] = yaml.safe_load(
        (REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    return {hook["id"]: hook for hook in hooks}


def _matches(hook_id: str, path: str) -> bool:
    return re.search(_hooks()[hook_id]["files"], path) is not None


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("hook_id", sorted(LESSON_HOOKS))
def test_each_lesson_hook_takes_the_lessons_of_each_layout(hook_id: str, layout: str) -> None:
    lesson, toctree = LAYOUTS[layout]
    assert _matches(hook_id, lesson)
    assert _matches(hook_id, f"course/{lesson}")  # a course in a subfolder
    assert _matches(hook_id, toctree) is LESSON_HOOKS[hook_id]


@pytest.mark.parametrize("path", UNRELATED)
def test_no_hook_takes_a_file_outside_the_course(path: str) -> None:
    assert [hook_id for hook_id in _hooks() if _matches(hook_id, path)] == []


def test_the_subtitle_hook_takes_subtitles_and_no_lesson() -> None:
    assert _matches("coursekit-subtitles", "subtitles/fr/01_intro.srt")
    assert all(not _matches("coursekit-subtitles", path)
               for paths in LAYOUTS.values() for path in paths)


def test_every_hook_is_known_here() -> None:
    assert set(_hooks()) == {*LESSON_HOOKS, "coursekit-subtitles"}
