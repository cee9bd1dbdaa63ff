"""Loading a course's lessons and toctrees from files, and the lesson syntax check."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.lessons import rules
from coursekit.lessons.check import check_lesson_syntax
from coursekit.lessons.load import load_lesson, load_lessons
from coursekit.lessons.model import Framework
from coursekit.lessons.toctree import (
    check_toctree,
    is_quiz,
    load_toctree,
    read_toctree,
)
from coursekit.lessons.toctree_yaml import MAX_YAML_DEPTH

COURSE = Path(__file__).parent.parent / "fixtures" / "lessons" / "course"


@pytest.fixture
def course(tmp_path: Path) -> Course:
    shutil.copytree(COURSE, tmp_path / "course")
    return Course.open(tmp_path / "course")


def test_lessons_know_their_place(course: Course) -> None:
    lessons = load_lessons(course, ["en"])
    places = [(x.path, x.language, x.chapter, x.section, x.framework) for x in lessons]
    assert places == [
        ("content/en/chapter1/1.mdx", "en", 1, "1", Framework.BOTH),
        ("content/en/chapter1/2.mdx", "en", 1, "2", Framework.PT),
        ("content/en/chapter1/2_tf.mdx", "en", 1, "2_tf", Framework.TF),
        ("content/en/chapter1/3.mdx", "en", 1, "3", Framework.BOTH),
        ("content/en/chapter1/extra.mdx", "en", 1, "extra", Framework.BOTH),
    ]
    assert lessons[1].title == "Training (PyTorch)"
    assert [lesson.language for lesson in load_lessons(course)] == ["en"] * 5 + ["fr", "it"]


def test_toctree_sections_keep_their_lines(course: Course) -> None:
    toctree = load_toctree(course, "en")
    assert toctree.diagnostics == ()
    assert [(s.title, s.line, s.locals) for s in toctree.sections()] == [
        ("Introduction", 3, ("chapter1/1",)),
        ("Training", 5, ("chapter1/2", "chapter1/2_tf")),
        ("End-of-chapter quiz", 9, ("chapter1/3",)),
        ("Not written yet", 12, ("chapter1/4",)),
        ("Introduction again", 14, ("chapter1/1",)),
    ]
    assert dict(toctree.sections()[1].local_fw) == {"pt": "chapter1/2", "tf": "chapter1/2_tf"}


def test_quiz_sections(course: Course) -> None:
    sections = load_toctree(course, "en").sections()
    lessons = {lesson.local: lesson for lesson in load_lessons(course, ["en"])}
    assert [is_quiz(s) for s in sections] == [False, False, True, False, False]
    renamed = type(sections[2])("Domande", 9, local="chapter1/3")
    assert is_quiz(renamed, lessons["chapter1/3"])
    assert is_quiz(renamed, lessons["chapter1/1"])  # no runnable code
    assert not is_quiz(renamed, lessons["chapter1/2"])


def test_check_reports_every_toctree_and_parser_finding(course: Course) -> None:
    found = [(d.path, d.line, d.rule) for d in check_lesson_syntax(Corpus(course))]
    assert found == [
        ("content/en/_toctree.yml", 12, rules.TOCTREE_ENTRY_WITHOUT_FILE.code),
        ("content/en/_toctree.yml", 14, rules.TOCTREE_DUPLICATE_ENTRY.code),
        ("content/en/chapter1/extra.mdx", None, rules.LESSON_WITHOUT_TOCTREE_ENTRY.code),
        ("content/en/chapter1/extra.mdx", 3, rules.UNCLOSED_FENCE.code),
        ("content/fr/_toctree.yml", None, rules.TOCTREE_MISSING.code),
        ("content/it/_toctree.yml", 4, rules.TOCTREE_INVALID_YAML.code),
    ]


def test_check_of_one_language(course: Course) -> None:
    found = check_lesson_syntax(Corpus(course), ["fr"])
    assert [d.rule for d in found] == [rules.TOCTREE_MISSING.code]


def test_clean_course_has_no_findings(course: Course) -> None:
    (course.lesson_dir("en") / "chapter1" / "extra.mdx").unlink()
    toctree = course.toctree_path("en")
    toctree.write_text(toctree.read_text().replace(
        "  - local: chapter1/4\n    title: Not written yet\n"
        "  - local: chapter1/1\n    title: Introduction again\n", ""))
    assert check_lesson_syntax(Corpus(course), ["en"]) == []


def test_unreadable_lesson_is_a_finding(course: Course) -> None:
    folder = course.lesson_dir("en") / "chapter1" / "folder.mdx"
    folder.mkdir()
    lesson = load_lesson(course, folder)
    assert lesson.blocks == ()
    assert [(d.rule, d.path) for d in lesson.diagnostics] == [
        (rules.UNREADABLE_LESSON.code, "content/en/chapter1/folder.mdx")
    ]


def test_a_parser_failure_on_one_lesson_is_a_finding_and_the_others_are_read(
    course: Course, monkeypatch: pytest.MonkeyPatch
) -> None:
    from coursekit.lessons import load

    real = load.parse_lesson  # type: ignore[attr-defined]

    def failing_on_extra(data: bytes | str, **place: object) -> object:
        if str(place["path"]).endswith("extra.mdx"):
            raise RecursionError("planted parser failure")
        return real(data, **place)  # type: ignore[arg-type]

    monkeypatch.setattr(load, "parse_lesson", failing_on_extra)
    lessons = load_lessons(course, ["en"])
    failed = [lesson for lesson in lessons if lesson.path.endswith("extra.mdx")]
    assert [(d.rule, d.line) for d in failed[0].diagnostics] == [
        (rules.LESSON_FAILURE.code, None)]
    assert "RecursionError: planted parser failure" in failed[0].diagnostics[0].message
    others = [lesson for lesson in lessons if lesson not in failed]
    assert others and all(lesson.blocks for lesson in others)
    found = {(d.path, d.rule) for d in check_lesson_syntax(Corpus(course), ["en"])}
    assert ("content/en/chapter1/extra.mdx", rules.LESSON_FAILURE.code) in found
    assert ("content/en/_toctree.yml", rules.TOCTREE_DUPLICATE_ENTRY.code) in found


def _toctree_rules(text: str) -> list[tuple[int | None, str]]:
    toctree = read_toctree(text, path="_toctree.yml", language="en")
    return [(d.line, d.rule) for d in toctree.diagnostics]


BAD = rules.TOCTREE_BAD_SHAPE.code


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("- title: A\n  sections:\n  - local: c/1\n    title: One\n", [], id="clean"),
        pytest.param("", [(None, BAD)], id="empty"),
        pytest.param("title: A\n", [(1, BAD)], id="mapping-at-top"),
        pytest.param("- title: A\n- title: B\n  sections: []\n", [(1, BAD)], id="no-sections"),
        pytest.param("- title: A\n  sections:\n  - local: c/1\n", [(3, BAD)], id="no-title"),
        pytest.param("- title: A\n  sections:\n  - title: One\n", [(3, BAD)], id="no-local"),
        pytest.param(
            "- title: A\n  sections:\n  - title: One\n    local_fw: {pt: c/1, jax: c/2}\n",
            [(3, BAD)], id="unknown-framework-key",
        ),
        pytest.param("- title: A\n  sections: [\n", [(2, rules.TOCTREE_INVALID_YAML.code)],
                     id="invalid-yaml"),
        pytest.param(b"- title: \xff\n", [(1, rules.TOCTREE_INVALID_YAML.code)],
                     id="invalid-utf8"),
    ],
)
def test_toctree_shapes(text: str | bytes, expected: list[tuple[int | None, str]]) -> None:
    assert _toctree_rules(text) == expected  # type: ignore[arg-type]


SELF_CONTAINED = ("- title: A\n  sections:\n  - &s\n    title: One\n    local: c/1\n"
                  "    sections: [*s]\n")


def _bomb(levels: int) -> str:
    """Nine aliases of the level below on each level: 9**levels sections if expanded."""
    lines = ["- title: A", "  sections:", "  - &l0 {title: leaf, local: c/1}"]
    for level in range(1, levels + 1):
        aliases = ", ".join([f"*l{level - 1}"] * 9)
        lines.append(f"  - &l{level} {{title: l{level}, sections: [{aliases}]}}")
    return "\n".join(lines) + "\n"


def test_a_section_that_contains_itself_is_read_once() -> None:
    assert _toctree_rules(SELF_CONTAINED) == [(3, BAD)]
    toctree = read_toctree(SELF_CONTAINED, path="_toctree.yml", language="en")
    assert [s.local for s in toctree.sections()] == ["c/1"]


def test_an_alias_bomb_is_read_in_linear_time() -> None:
    toctree = read_toctree(_bomb(9), path="_toctree.yml", language="en")
    assert [s.local for s in toctree.sections()] == ["c/1"]
    assert [(d.line, d.rule) for d in toctree.diagnostics] == [(n, BAD) for n in range(3, 12)]


def test_sections_nested_too_deep_are_reported() -> None:
    deep = "- title: A\n  sections:\n" + "".join(
        "  " * (i + 1) + "- title: t\n" + "  " * (i + 1) + "  sections:\n" for i in range(60))
    deep += "  " * 61 + "- {title: leaf, local: c/1}\n"
    assert [rule for _, rule in _toctree_rules(deep)] == [BAD]
    shallow = "- title: A\n  sections:\n  - title: g\n    sections: [{title: x, local: c/1}]\n"
    assert _toctree_rules(shallow) == []


def test_yaml_nested_too_deep_is_a_finding() -> None:
    found = _toctree_rules("- title: A\n  sections: " + "[" * 20_000 + "]" * 20_000 + "\n")
    assert [rule for _, rule in found] == [rules.TOCTREE_INVALID_YAML.code]


@pytest.mark.parametrize(("levels", "rule"), [
    (MAX_YAML_DEPTH + 100, rules.TOCTREE_INVALID_YAML.code),  # every PyYAML reads it
    (MAX_YAML_DEPTH - 50, BAD),  # readable: only its shape is wrong
])
def test_yaml_depth_is_judged_alike_by_every_yaml_reader(levels: int, rule: str) -> None:
    """libyaml before PyYAML 6.0.4 reads any depth; coursekit's own limit decides."""
    found = _toctree_rules("- title: A\n  sections: " + "[" * levels + "]" * levels + "\n")
    assert [code for _, code in found] == [rule]


def test_nested_sections_are_flattened() -> None:
    toctree = read_toctree(
        "- title: A\n  sections:\n  - title: Group\n    sections:\n"
        "    - local: c/1\n      title: One\n",
        path="_toctree.yml", language="en",
    )
    assert [(s.title, s.line, s.local) for s in toctree.sections()] == [("One", 5, "c/1")]


def test_toctree_check_is_quiet_when_the_toctree_is_unreadable(course: Course) -> None:
    toctree = load_toctree(course, "fr")
    assert check_toctree(course, "fr", toctree, load_lessons(course, ["fr"])) == []
