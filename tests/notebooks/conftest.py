"""A small course on disk, written by the tests that build it."""

from __future__ import annotations

from pathlib import Path

import pytest

from .sample_course import FRAMEWORKS, PIPELINE, QUIZ, SPLIT_PT, SPLIT_TF, TRANSLATION, write


@pytest.fixture
def course_root(tmp_path: Path) -> Path:
    root = tmp_path / "course"
    write(root, "content/en/chapter1/1.mdx", PIPELINE)
    write(root, "content/en/chapter1/2.mdx", FRAMEWORKS)
    write(root, "content/en/chapter1/3.mdx", QUIZ)
    write(root, "content/en/chapter8/4.mdx", SPLIT_PT)
    write(root, "content/en/chapter8/4_tf.mdx", SPLIT_TF)
    write(root, "content/fr/chapter1/1.mdx", TRANSLATION)
    return root
