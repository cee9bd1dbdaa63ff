"""Links to another course (a refresher course, an earlier edition) are no course pages of
this one: a translation may link to that course in its own language, or to another of
its pages, and only a link it dropped is found. A link to one of this course's pages,
written with its address or relative, is compared as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.checks import Area, check_course
from coursekit.config import Course

SOURCE = """# Welcome

You should know transformers: read the [NLP course](https://huggingface.co/course/chapter1/1).

The units: [unit 1](https://huggingface.co/learn/audio-course/chapter1), then
[the pipeline](../chapter2/pipeline).
"""

OTHER_COURSE = """# Bienvenue

Lisez le [cours de NLP](https://huggingface.co/learn/llm-course/fr/chapter0/1).

Les unités : [unité 1](https://huggingface.co/learn/audio-course/fr/chapter1), puis
[le pipeline](../chapter2/pipeline).
"""


def _course(root: Path, translation: str) -> Path:
    for lang, text in (("en", SOURCE), ("fr", translation)):
        folder = root / "chapters" / lang
        for page, body in (("chapter0/introduction", "# I\n"), ("chapter1/introduction", text),
                           ("chapter2/pipeline", "# P\n")):
            (folder / page).parent.mkdir(parents=True, exist_ok=True)
            (folder / f"{page}.mdx").write_text(body, encoding="utf-8")
    return root


@pytest.mark.parametrize("cache", [False, True])
def test_a_link_to_another_page_of_another_course_is_no_finding(
        tmp_path: Path, cache: bool) -> None:
    root = _course(tmp_path, OTHER_COURSE)
    found = check_course(Course.open(root), [Area.LESSONS], cache=cache).diagnostics
    assert [d for d in found if d.rule == "TRN106"] == []


@pytest.mark.parametrize("cache", [False, True])
def test_a_link_to_a_page_of_this_course_dropped_is_still_found(
        tmp_path: Path, cache: bool) -> None:
    dropped = OTHER_COURSE.replace(
        "[unité 1](https://huggingface.co/learn/audio-course/fr/chapter1)", "l'unité 1")
    root = _course(tmp_path, dropped.replace("](../chapter2/pipeline)", "](../chapter2/old)"))
    found = check_course(Course.open(root), [Area.LESSONS], cache=cache).diagnostics
    assert sorted(d.message.split(" (")[0] for d in found if d.rule == "TRN106") == [
        "link to `chapter2/old` that the source chapters/en/chapter1/introduction.mdx does "
        "not have",
        "no link to `chapter1`",
        "no link to `chapter2/pipeline`",
    ]


@pytest.mark.parametrize("cache", [False, True])
def test_a_link_to_another_course_dropped_is_found(tmp_path: Path, cache: bool) -> None:
    # `[text] (url)`, a space before the address, is no link but words.
    broken = OTHER_COURSE.replace(
        "[cours de NLP](https://huggingface.co/learn/llm-course/fr/chapter0/1)",
        "[cours de NLP] (https://huggingface.co/learn/llm-course/fr/chapter0/1)")
    root = _course(tmp_path, broken)
    found = check_course(Course.open(root), [Area.LESSONS], cache=cache).diagnostics
    assert [d.message for d in found if d.rule == "TRN106"] == [
        "no link to `chapter1/1` of another course (the source "
        "chapters/en/chapter1/introduction.mdx:3 links to it)"]


def test_a_link_to_a_chapter_the_checkout_lacks_is_still_this_course_s(tmp_path: Path) -> None:
    # A course checked out in part (its chapter 7 elsewhere) links to its own chapter 7.
    source = SOURCE.replace("https://huggingface.co/course/chapter1/1", "/course/chapter7")
    moved = OTHER_COURSE.replace("https://huggingface.co/learn/llm-course/fr/chapter0/1",
                                 "/course/fr/chapter6")
    root = _course(tmp_path, moved)
    (root / "chapters" / "en" / "chapter1" / "introduction.mdx").write_text(source)
    found = check_course(Course.open(root), [Area.LESSONS], cache=False).diagnostics
    assert [d.message for d in found if d.rule == "TRN106"] == [
        "link to `chapter6` where the source chapters/en/chapter1/introduction.mdx:3 links to "
        "`chapter7`"]
