"""``places_of`` gives each lesson file the place ``place_of`` gives it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.lessons.load import place_of, places_of
from coursekit.lessons.model import Framework

from .test_corpora import CORPORA

ROOT = Path(__file__).resolve().parents[2]


def _same_places(course: Course) -> int:
    count = 0
    for language in course.lesson_languages():
        files = course.lesson_files(language)
        assert places_of(course, files) == [place_of(course, file) for file in files]
        count += len(files)
    return count


def _write(root: Path, relative: str, text: str = "# T\n") -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_the_bundled_course() -> None:
    assert _same_places(Course.open(ROOT)) > 10


@pytest.mark.parametrize("name", ["audio-course", "agents-course"])
def test_the_corpora(name: str) -> None:
    if not (CORPORA / name).is_dir():
        pytest.skip(f"{CORPORA / name} is absent (the shared corpora belong beside the checkout)")
    assert _same_places(Course.open(CORPORA / name)) > 100


def test_framework_pairs_links_and_folders(tmp_path: Path) -> None:
    root = tmp_path / "chapter7"  # a chapter folder above the course counts too
    for relative in ("content/en/chapter1/1.mdx", "content/en/chapter1/1_tf.mdx",
                     "content/en/chapter2/a/b/2.md", "content/en/chapter2/2_tf.md",
                     "content/en/top.mdx", "content/fr/chapter1/1.mdx",
                     "content/en/chapter3/x_TF.mdx", "content/en/chapter3/x.mdx"):
        _write(root, relative)
    (root / "content/en/chapter1/3.mdx").write_text("# T\n")
    os.symlink(root / "missing.mdx", root / "content/en/chapter1/3_tf.mdx")
    (root / "content/en/chapter1/4_tf.mdx").mkdir()
    (root / "content/en/chapter1/4.mdx").write_text("# T\n")
    course = Course.open(root)
    assert _same_places(course) == 11
    places = {p.path: p for p in places_of(course, course.lesson_files("en"))}
    assert places["content/en/chapter1/1.mdx"].framework is Framework.PT
    assert places["content/en/chapter1/1_tf.mdx"].framework is Framework.TF
    assert places["content/en/chapter1/3.mdx"].framework is Framework.BOTH
    assert places["content/en/chapter1/4.mdx"].framework is Framework.BOTH
    assert places["content/en/top.mdx"].chapter == 7
    assert places["content/en/chapter2/a/b/2.md"].folder == "chapter2/a/b"
