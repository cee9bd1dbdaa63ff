"""Where lessons are found: the three layouts, language folders and toctree entries."""

from __future__ import annotations

from pathlib import Path

from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.lessons.check import check_lesson_syntax
from coursekit.lessons.load import load_lessons
from coursekit.lessons.toctree import is_quiz, read_toctree
from coursekit.notebooks.build import build_course

LESSON = "# {title}\n\n```py\nprint(1)\n```\n"
UNITS_TOCTREE = """\
- title: Unit 1
  sections:
  - local: unit1/intro
    title: Intro
  - local: unit2/tools/search
    title: Search
"""


def _write(root: Path, relative: str, text: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _units_course(root: Path) -> Course:
    for lang in ("en", "pt-BR", "ru-RU"):
        _write(root, f"units/{lang}/_toctree.yml", UNITS_TOCTREE)
        _write(root, f"units/{lang}/unit1/intro.mdx", LESSON.format(title="Intro"))
        _write(root, f"units/{lang}/unit2/tools/search.mdx", LESSON.format(title="Search"))
        _write(root, f"units/{lang}/unit1/README.md", "")
    _write(root, "units/unpublished/draft.mdx", LESSON.format(title="Draft"))
    return Course.open(root)


def test_units_layout_with_region_tags_and_nested_folders(tmp_path: Path) -> None:
    course = _units_course(tmp_path)
    assert course.lesson_languages() == ["en", "pt-BR", "ru-RU"]
    lessons = load_lessons(course, ["pt-BR"])
    assert [(lesson.language, lesson.local) for lesson in lessons] == [
        ("pt-BR", "unit1/intro"), ("pt-BR", "unit2/tools/search"),
    ]
    assert check_lesson_syntax(Corpus(course)) == []
    result = build_course(course, out=tmp_path / "out")
    assert "ru-RU/unit2/tools/search.ipynb" in result.notebooks
    assert len(result.notebooks) == 6


def test_other_layouts_name_their_lesson_folder(tmp_path: Path) -> None:
    _write(tmp_path, "docs/source/en/_toctree.yml",
           "- title: A\n  sections:\n  - local: intro\n    title: Intro\n")
    _write(tmp_path, "docs/source/en/intro.mdx", LESSON.format(title="Intro"))
    _write(tmp_path, "coursekit.toml", 'content-dir = "docs/source"\n')
    course = Course.open(tmp_path)
    assert course.lesson_languages() == ["en"]
    assert check_lesson_syntax(Corpus(course)) == []


TOCTREE = """\
- title: Chapter
  sections:
  - local: chapter1/2
    local_fw:
      pt: chapter1/2
      tf: chapter1/2_tf
    title: Training
  - local_fw: {pt: chapter1/3, tf: chapter1/3_tf}
    title: Split only
  - local: chapter1/4
    title: Check your knowledge
    quiz: 4
"""


def test_local_fw_with_and_without_local() -> None:
    toctree = read_toctree(TOCTREE, path="_toctree.yml", language="en")
    assert toctree.diagnostics == ()
    sections = toctree.sections()
    assert [s.locals for s in sections] == [
        ("chapter1/2", "chapter1/2_tf"), ("chapter1/3", "chapter1/3_tf"), ("chapter1/4",),
    ]
    assert [is_quiz(s) for s in sections] == [False, False, True]


def test_bad_local_fw_is_a_finding() -> None:
    bad = "- title: C\n  sections:\n  - local_fw: {jax: chapter1/2}\n    title: T\n"
    toctree = read_toctree(bad, path="_toctree.yml", language="en")
    assert [d.rule for d in toctree.diagnostics] == ["LES153"]
